// The live game layer as the profile's database keeps it: per stream and match, the seed taken from the service when
// the match went on air, and the journal of presses since (who, when, what). The layer is always the seed with the
// journal's presses replayed, undone ones left out: it survives restarts and works offline.
import type { TableRecovery } from '../db/table-recovery'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'
import { LiveLayer, pressed, type LivePress } from '../../../shared/broadcast/live-layer'
import type { PressedBy } from '../../../shared/broadcast/feed'

/** The producer's presses: kept through a recovery. */
export const LIVE_LAYER_TABLES = { live_layers: 'kept', live_journal: 'kept' } as const satisfies TableRecovery

export type { PressedBy }

export interface JournalEntry {
  seq: number
  at: number
  by: PressedBy
  press: LivePress
  undone: boolean
}

interface RawEntry {
  seq: number
  at: number
  by: PressedBy
  press: string
  undone: number
}

export class LiveLayers {
  constructor(private readonly db: Db) {}

  /** Keeps a match's seed the first time it goes on air on a stream (a match taken again keeps its layer). */
  seed(streamId: string, layer: LiveLayer): void {
    prepared(this.db, 'INSERT OR IGNORE INTO live_layers (stream_id, match_id, seed) VALUES (?, ?, ?)').run(
      streamId,
      layer.matchId,
      JSON.stringify(layer),
    )
  }

  /** The layer of a match on a stream (its seed, the presses replayed), or undefined when it never went on air. */
  layer(streamId: string, matchId: string): LiveLayer | undefined {
    return this.read(streamId, matchId)?.layer
  }

  /**
   * The layer and its journal in one read (undefined when the match never went on air on the stream): what the desk
   * builds a stream's on-air match from.
   */
  read(streamId: string, matchId: string): { layer: LiveLayer; journal: JournalEntry[] } | undefined {
    const seed = this.seedKept(streamId, matchId)
    if (!seed) return undefined
    const journal = this.journal(streamId, matchId)
    const layer = journal.filter((entry) => !entry.undone).reduce((at, entry) => pressed(at, entry.press), seed)
    return { layer, journal }
  }

  /** Every press on a match on a stream, oldest first, undone ones marked. */
  journal(streamId: string, matchId: string): JournalEntry[] {
    return (
      prepared(
        this.db,
        'SELECT seq, at, by, press, undone FROM live_journal WHERE stream_id = ? AND match_id = ? ORDER BY seq',
      ).all(streamId, matchId) as RawEntry[]
    ).map((raw) => ({
      seq: raw.seq,
      at: raw.at,
      by: raw.by,
      press: JSON.parse(raw.press) as LivePress,
      undone: raw.undone === 1,
    }))
  }

  press(streamId: string, matchId: string, press: LivePress, by: PressedBy, at: number): void {
    prepared(this.db, 'INSERT INTO live_journal (stream_id, match_id, at, by, press) VALUES (?, ?, ?, ?, ?)').run(
      streamId,
      matchId,
      at,
      by,
      JSON.stringify(press),
    )
  }

  /** Undoes the last press not undone yet; answers it, or undefined when nothing is left to undo. */
  undo(streamId: string, matchId: string): JournalEntry | undefined {
    const last = this.journal(streamId, matchId).findLast((entry) => !entry.undone)
    if (last) prepared(this.db, 'UPDATE live_journal SET undone = 1 WHERE seq = ?').run(last.seq)
    return last
  }

  /** A match's seed and journal as kept, for another desk to take the stream over with (undefined: never on air). */
  kept(streamId: string, matchId: string): { seed: LiveLayer; journal: Omit<JournalEntry, 'seq'>[] } | undefined {
    const seed = this.seedKept(streamId, matchId)
    if (!seed) return undefined
    return { seed, journal: this.journal(streamId, matchId).map(({ seq: _seq, ...entry }) => entry) }
  }

  /** A match's seed as kept (undefined: it never went on air on the stream, or what was kept does not read). */
  private seedKept(streamId: string, matchId: string): LiveLayer | undefined {
    const raw = prepared(this.db, 'SELECT seed FROM live_layers WHERE stream_id = ? AND match_id = ?').get(
      streamId,
      matchId,
    ) as { seed: string } | undefined
    const seed = raw && LiveLayer.safeParse(JSON.parse(raw.seed))
    return seed?.success ? seed.data : undefined
  }

  /** Takes over another desk's layer of a match: its seed and its journal replace what this desk kept of it. */
  adopt(streamId: string, seed: LiveLayer, journal: readonly Omit<JournalEntry, 'seq'>[]): void {
    prepared(this.db, 'DELETE FROM live_journal WHERE stream_id = ? AND match_id = ?').run(streamId, seed.matchId)
    prepared(this.db, 'INSERT OR REPLACE INTO live_layers (stream_id, match_id, seed) VALUES (?, ?, ?)').run(
      streamId,
      seed.matchId,
      JSON.stringify(seed),
    )
    const insert = prepared(
      this.db,
      'INSERT INTO live_journal (stream_id, match_id, at, by, press, undone) VALUES (?, ?, ?, ?, ?, ?)',
    )
    for (const entry of journal)
      insert.run(streamId, seed.matchId, entry.at, entry.by, JSON.stringify(entry.press), entry.undone ? 1 : 0)
  }

  /** Whether the producer pressed anything on this match that still holds: the layer, not the service, is on air. */
  pressedOn(streamId: string, matchId: string): boolean {
    return this.journal(streamId, matchId).some((entry) => !entry.undone)
  }
}
