// Where and when each participant was checked in at this venue ("10:02, Door 2"), kept with the check-in's write.
import type { TableRecovery } from '../db/table-recovery'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'

/** Where and when people were checked in here (the service does not say): kept through a recovery. */
export const CHECKIN_PLACES_TABLES = { checkin_places: 'kept' } as const satisfies TableRecovery

export interface CheckinPlace {
  /** Epoch ms. */
  at: number
  /** The door device's name, or "desk" for the desktop's own Check-in view. */
  place: string
}

export class CheckinPlaces {
  constructor(private readonly db: Db) {}

  of(participantId: string): CheckinPlace | undefined {
    const row = prepared(this.db, 'SELECT checked_in_at AS at, place FROM checkin_places WHERE participant_id = ?').get(
      participantId,
    ) as CheckinPlace | undefined
    return row && { at: row.at, place: row.place }
  }

  /** Every recorded place of the given participants (one query for a door's whole list). */
  all(): Map<string, CheckinPlace> {
    const rows = prepared(
      this.db,
      'SELECT participant_id AS id, checked_in_at AS at, place FROM checkin_places',
    ).all() as (CheckinPlace & { id: string })[]
    return new Map(rows.map((row) => [row.id, { at: row.at, place: row.place }]))
  }

  /** A check-in records its place; a check-out forgets it. */
  record(participantId: string, checkedIn: boolean, at: number, place: string): void {
    if (!checkedIn) {
      prepared(this.db, 'DELETE FROM checkin_places WHERE participant_id = ?').run(participantId)
      return
    }
    prepared(
      this.db,
      `INSERT INTO checkin_places (participant_id, checked_in_at, place) VALUES (?, ?, ?)
         ON CONFLICT (participant_id) DO UPDATE SET checked_in_at = excluded.checked_in_at, place = excluded.place`,
    ).run(participantId, at, place)
  }
}
