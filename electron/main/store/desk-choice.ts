// What the desk last chose on a connection, in its database: the tournament the views work on (kept through a
// recovery: it is the desk's own, not the service's).
import { ChosenTournament } from '../../../shared/ipc/profiles'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'
import type { TableRecovery } from '../db/table-recovery'

export const DESK_CHOICE_TABLES = { desk_choice: 'kept' } as const satisfies TableRecovery

const TOURNAMENT = 'tournament'

export class DeskChoice {
  constructor(private readonly db: Db) {}

  /** The tournament chosen last, or null (none, or one that no longer reads). */
  tournament(): ChosenTournament | null {
    const row = prepared(this.db, 'SELECT value FROM desk_choice WHERE key = ?').get(TOURNAMENT) as
      { value: string } | undefined
    if (!row) return null
    try {
      const parsed = ChosenTournament.safeParse(JSON.parse(row.value))
      return parsed.success ? parsed.data : null
    } catch {
      // let go: a choice that does not read is no choice; the desk asks for a tournament again
      return null
    }
  }

  chooseTournament(tournament: ChosenTournament | null): void {
    if (tournament === null) prepared(this.db, 'DELETE FROM desk_choice WHERE key = ?').run(TOURNAMENT)
    else
      prepared(this.db, 'INSERT OR REPLACE INTO desk_choice (key, value) VALUES (?, ?)').run(
        TOURNAMENT,
        JSON.stringify(tournament),
      )
  }
}
