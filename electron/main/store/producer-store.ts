// The producer's desk as the profile's database keeps it: what is on air on each stream, hold, the technical-
// difficulties key, the last published feed, the queue order the producer chose and who casts. Survives restarts and works offline.
import type { TableRecovery } from '../db/table-recovery'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'
import { Feed, type Caster, type ScoreSource } from '../../../shared/broadcast/feed'

/** The producer's choices: kept through a recovery. */
export const PRODUCER_TABLES = {
  producer_streams: 'kept',
  producer_queue: 'kept',
  producer_casters: 'kept',
} as const satisfies TableRecovery

export interface DeskRow {
  onAir: string | null
  /** When the on-air match was taken (epoch ms). */
  takenAt: number | null
  held: boolean
  /** Where the on-air scores come from: the room's live layer once pressed, or the service only. */
  scores: ScoreSource
  /** The technical-difficulties key is down. */
  difficulties: boolean
  /** Whether the stream was held when the key went down (what its release goes back to). */
  heldBefore: boolean
}

interface Raw {
  on_air: string | null
  taken_at: number | null
  held: number
  scores: string
  difficulties: number
  held_before: number
}

/** What part of a stream's desk a change touched. */
export type ProducerPart = 'on-air' | 'held' | 'published' | 'queue' | 'casters' | 'scores' | 'difficulties'

export class ProducerStore {
  /** `changed` is told of every change, by stream and part (a Take is 'on-air': the floor's stations follow it). */
  constructor(
    private readonly db: Db,
    private readonly changed: (streamId: string, part: ProducerPart) => void = () => undefined,
  ) {}

  desk(streamId: string): DeskRow {
    const raw = prepared(
      this.db,
      'SELECT on_air, taken_at, held, scores, difficulties, held_before FROM producer_streams WHERE stream_id = ?',
    ).get(streamId) as Raw | undefined
    return {
      onAir: raw?.on_air ?? null,
      takenAt: raw?.taken_at ?? null,
      held: raw?.held === 1,
      scores: raw?.scores === 'service' ? 'service' : 'live',
      difficulties: raw?.difficulties === 1,
      heldBefore: raw?.held_before === 1,
    }
  }

  /** What the stream last published (a held stream keeps showing it); null when nothing readable was kept. */
  published(streamId: string): Feed | null {
    const raw = prepared(this.db, 'SELECT published FROM producer_streams WHERE stream_id = ?').get(streamId) as
      { published: string | null } | undefined
    const published = raw?.published ? Feed.safeParse(JSON.parse(raw.published)) : undefined
    return published?.success ? published.data : null
  }

  /** Streams the producer has worked on (something on air, held, or published). */
  streams(): string[] {
    return (prepared(this.db, 'SELECT stream_id FROM producer_streams').all() as { stream_id: string }[]).map(
      (row) => row.stream_id,
    )
  }

  setOnAir(streamId: string, matchId: string | null, at: number): void {
    this.upsert(streamId)
    prepared(this.db, 'UPDATE producer_streams SET on_air = ?, taken_at = ? WHERE stream_id = ?').run(
      matchId,
      at,
      streamId,
    )
    this.changed(streamId, 'on-air')
  }

  setHeld(streamId: string, held: boolean): void {
    this.upsert(streamId)
    prepared(this.db, 'UPDATE producer_streams SET held = ? WHERE stream_id = ?').run(held ? 1 : 0, streamId)
    this.changed(streamId, 'held')
  }

  /** The technical-difficulties key down (remembering whether the stream was held) or up. */
  setDifficulties(streamId: string, down: boolean, heldBefore = false): void {
    this.upsert(streamId)
    prepared(this.db, 'UPDATE producer_streams SET difficulties = ?, held_before = ? WHERE stream_id = ?').run(
      down ? 1 : 0,
      heldBefore ? 1 : 0,
      streamId,
    )
    this.changed(streamId, 'difficulties')
  }

  setScores(streamId: string, scores: ScoreSource): void {
    this.upsert(streamId)
    prepared(this.db, 'UPDATE producer_streams SET scores = ? WHERE stream_id = ?').run(scores, streamId)
    this.changed(streamId, 'scores')
  }

  setPublished(streamId: string, feed: Feed): void {
    this.upsert(streamId)
    prepared(this.db, 'UPDATE producer_streams SET published = ? WHERE stream_id = ?').run(
      JSON.stringify(feed),
      streamId,
    )
    this.changed(streamId, 'published')
  }

  /** The producer's order of a stream's queue (match ids first to last); empty until reordered. */
  order(streamId: string): string[] {
    return (
      prepared(this.db, 'SELECT match_id FROM producer_queue WHERE stream_id = ? ORDER BY position').all(streamId) as {
        match_id: string
      }[]
    ).map((row) => row.match_id)
  }

  setOrder(streamId: string, matchIds: string[]): void {
    this.db.transaction(() => {
      prepared(this.db, 'DELETE FROM producer_queue WHERE stream_id = ?').run(streamId)
      const insert = prepared(this.db, 'INSERT INTO producer_queue (stream_id, match_id, position) VALUES (?, ?, ?)')
      matchIds.forEach((matchId, position) => insert.run(streamId, matchId, position))
    })()
    this.changed(streamId, 'queue')
  }

  /** Who casts a stream, in the order the producer gave. */
  casters(streamId: string): Caster[] {
    return prepared(
      this.db,
      'SELECT name, handle, pronouns FROM producer_casters WHERE stream_id = ? ORDER BY position',
    ).all(streamId) as Caster[]
  }

  setCasters(streamId: string, casters: readonly Caster[]): void {
    this.db.transaction(() => {
      prepared(this.db, 'DELETE FROM producer_casters WHERE stream_id = ?').run(streamId)
      const insert = prepared(
        this.db,
        'INSERT INTO producer_casters (stream_id, position, name, handle, pronouns) VALUES (?, ?, ?, ?, ?)',
      )
      casters.forEach((c, position) => insert.run(streamId, position, c.name, c.handle, c.pronouns))
    })()
    this.changed(streamId, 'casters')
  }

  private upsert(streamId: string): void {
    prepared(this.db, 'INSERT OR IGNORE INTO producer_streams (stream_id) VALUES (?)').run(streamId)
  }
}
