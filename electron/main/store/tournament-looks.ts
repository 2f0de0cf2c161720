// Each tournament's look as last read from the service, for the broadcast: its default locale and its logo's bytes,
// so overlays speak the tournament's language and show its logo offline.
import type { TableRecovery } from '../db/table-recovery'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'

/** Read again from the service after a recovery. */
export const TOURNAMENT_LOOK_TABLES = { tournament_looks: 'read again' } as const satisfies TableRecovery

export interface TournamentLook {
  /** The service's locale code marked default ("en_GB", "fr"); null when the tournament names none. */
  locale: string | null
  /** The address the logo was read from; null when the tournament has none. */
  logoSource: string | null
  /** When the look was read (epoch ms). */
  readAt: number
}

export interface Logo {
  type: string
  bytes: Buffer
}

export class TournamentLooks {
  constructor(private readonly db: Db) {}

  /** What was last read, and whether the logo's bytes are kept. */
  of(tournamentId: string): (TournamentLook & { hasLogo: boolean }) | undefined {
    const row = prepared(
      this.db,
      `SELECT locale, logo_source AS logoSource, read_at AS readAt, logo IS NOT NULL AS hasLogo
         FROM tournament_looks WHERE tournament_id = ?`,
    ).get(tournamentId) as (TournamentLook & { hasLogo: number }) | undefined
    return row && { ...row, hasLogo: row.hasLogo === 1 }
  }

  logo(tournamentId: string): Logo | undefined {
    const row = prepared(
      this.db,
      'SELECT logo_type AS type, logo AS bytes FROM tournament_looks WHERE tournament_id = ? AND logo IS NOT NULL',
    ).get(tournamentId) as Logo | undefined
    return row
  }

  /** Keeps what was read; `logo` undefined keeps the bytes already kept (the same address as before). */
  save(tournamentId: string, look: TournamentLook, logo: Logo | null | undefined): void {
    if (logo === undefined) {
      prepared(
        this.db,
        `INSERT INTO tournament_looks (tournament_id, locale, logo_source, read_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (tournament_id) DO UPDATE SET locale = excluded.locale, read_at = excluded.read_at`,
      ).run(tournamentId, look.locale, look.logoSource, look.readAt)
      return
    }
    prepared(
      this.db,
      `INSERT OR REPLACE INTO tournament_looks (tournament_id, locale, logo_source, logo_type, logo, read_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
    ).run(tournamentId, look.locale, look.logoSource, logo?.type ?? null, logo?.bytes ?? null, look.readAt)
  }
}
