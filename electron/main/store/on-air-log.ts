// What went on air on each stream and when — a match taken, a break or technical difficulties, the match again after
// it, and the highlights (a replay, a game won) — and the stream's starts as the producer marked them: the record a
// stream's VOD chapters are made from. Kept through restarts.
import type { TableRecovery } from '../db/table-recovery'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'
import type { OnAirEntry } from '../../../shared/broadcast/vod-chapters'

/** The record cannot be read again from anywhere: kept through a recovery. */
export const ON_AIR_LOG_TABLES = { on_air_log: 'kept' } as const satisfies TableRecovery

/** What one row says went on air. */
export type OnAirKind = 'start' | 'match' | PauseKind | HighlightKind
/** A moment of the show: a replay, or a game event the live layer knows (a game won, the match's end). */
export type HighlightKind = 'replay' | 'game'
/** What is not a highlight: the rows chapters and pauses are read from. */
const NOT_HIGHLIGHT = "kind NOT IN ('replay', 'game')"
/** What goes on air between matches: the break, technical difficulties. */
export type PauseKind = 'break' | 'difficulties'

/** What-went-on-air rows kept per stream (a long day has a few hundred); older ones go first, marked starts stay. */
export const ON_AIR_LOG_MAX = 5000

interface Row {
  id: number
  at: number
  kind: OnAirKind
  match_id: string | null
  title: string
}

export class OnAirLog {
  constructor(private readonly db: Db) {}

  /** A match went on air: recorded unless it is the match last recorded (a feed published again is no Take). */
  match(streamId: string, at: number, matchId: string, title: string): boolean {
    const last = prepared(
      this.db,
      "SELECT match_id FROM on_air_log WHERE stream_id = ? AND kind = 'match' ORDER BY id DESC LIMIT 1",
    ).get(streamId) as { match_id: string } | undefined
    if (last?.match_id === matchId) return false
    this.add(streamId, at, 'match', matchId, title)
    return true
  }

  /** The break or technical difficulties went on air: recorded unless the stream is on that already. */
  pause(streamId: string, at: number, kind: PauseKind, title: string): boolean {
    if (this.last(streamId)?.kind === kind) return false
    this.add(streamId, at, kind, null, title)
    return true
  }

  /** The match is back on air after a pause (`after` that one only): the match on air is a chapter again. */
  resumed(streamId: string, at: number, matchId: string, title: string, after?: PauseKind): boolean {
    const last = this.last(streamId)?.kind
    if (last === undefined || last === 'match' || (after && last !== after)) return false
    this.add(streamId, at, 'match', matchId, title)
    return true
  }

  /** A moment of the show (a replay, a game won): a highlight of the VOD. */
  highlight(streamId: string, at: number, kind: HighlightKind, title: string): void {
    this.add(streamId, at, kind, null, title)
  }

  /** The producer marked the stream's start (the VOD's 0:00). */
  markStart(streamId: string, at: number): void {
    this.add(streamId, at, 'start', null, '')
  }

  /** The start marked last, and what went on air from it on. */
  since(streamId: string): { startAt: number | null; entries: OnAirEntry[]; highlights: OnAirEntry[] } {
    const start = prepared(
      this.db,
      "SELECT id, at FROM on_air_log WHERE stream_id = ? AND kind = 'start' ORDER BY id DESC LIMIT 1",
    ).get(streamId) as { id: number; at: number } | undefined
    if (!start) return { startAt: null, entries: [], highlights: [] }
    const rows = prepared(
      this.db,
      "SELECT at, title, kind FROM on_air_log WHERE stream_id = ? AND id > ? AND kind != 'start' ORDER BY id",
    ).all(streamId, start.id) as (OnAirEntry & { kind: OnAirKind })[]
    const highlight = (kind: OnAirKind) => kind === 'replay' || kind === 'game'
    return {
      startAt: start.at,
      entries: rows.filter((row) => !highlight(row.kind)).map(({ at, title }) => ({ at, title })),
      highlights: rows
        .filter((row) => highlight(row.kind))
        .map(({ at, title, kind }) => ({ at, title, moment: kind === 'replay' })),
    }
  }

  /** The last row recorded for the stream. */
  last(streamId: string): Row | undefined {
    return prepared(
      this.db,
      `SELECT id, at, kind, match_id, title FROM on_air_log WHERE stream_id = ? AND kind != 'start' AND ${NOT_HIGHLIGHT}
       ORDER BY id DESC LIMIT 1`,
    ).get(streamId) as Row | undefined
  }

  private add(streamId: string, at: number, kind: OnAirKind, matchId: string | null, title: string): void {
    prepared(this.db, 'INSERT INTO on_air_log (stream_id, at, kind, match_id, title) VALUES (?, ?, ?, ?, ?)').run(
      streamId,
      at,
      kind,
      matchId,
      title,
    )
    prepared(
      this.db,
      `DELETE FROM on_air_log WHERE stream_id = ? AND kind != 'start' AND id <= (
         SELECT id FROM on_air_log WHERE stream_id = ? AND kind != 'start' ORDER BY id DESC LIMIT 1 OFFSET ${ON_AIR_LOG_MAX})`,
    ).run(streamId, streamId)
  }
}
