// Each stream's show sequences as its producer edited them, per event, in the profile's database; an event never
// edited runs the defaults (shared/broadcast/show-sequence.ts).
import type { TableRecovery } from '../db/table-recovery'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'
import {
  DEFAULT_SEQUENCES,
  SEQUENCE_EVENTS,
  SequenceSteps,
  type SequenceEvent,
  type SequenceStep,
  type ShowSequences,
} from '../../../shared/broadcast/show-sequence'

/** The producer's edits: kept through a recovery. */
export const SHOW_SEQUENCE_TABLES = { show_sequences: 'kept' } as const satisfies TableRecovery

export class ShowSequenceStore {
  constructor(private readonly db: Db) {}

  /** A stream's sequences: each event's edited steps, or its defaults (also for a row that no longer reads). */
  of(streamId: string): ShowSequences {
    const rows = prepared(this.db, 'SELECT event, steps FROM show_sequences WHERE stream_id = ?').all(streamId) as {
      event: string
      steps: string
    }[]
    const edited = new Map(rows.map((row) => [row.event, row.steps]))
    const sequences = { ...DEFAULT_SEQUENCES }
    for (const event of SEQUENCE_EVENTS) {
      const raw = edited.get(event)
      const steps = raw === undefined ? undefined : SequenceSteps.safeParse(JSON.parse(raw) as unknown)
      if (steps?.success) sequences[event] = steps.data
    }
    return sequences
  }

  /** Keeps an event's steps for the stream; null goes back to the defaults. */
  set(streamId: string, event: SequenceEvent, steps: readonly SequenceStep[] | null): void {
    if (steps === null)
      prepared(this.db, 'DELETE FROM show_sequences WHERE stream_id = ? AND event = ?').run(streamId, event)
    else
      prepared(this.db, 'INSERT OR REPLACE INTO show_sequences (stream_id, event, steps) VALUES (?, ?, ?)').run(
        streamId,
        event,
        JSON.stringify(steps),
      )
  }
}
