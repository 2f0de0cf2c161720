// The venue floor as the profile's database keeps it (the service has no stations): each tournament's stations, the
// match on each and its call, the floor's settings, the webhook's queue, and what each station's players reported.
// Survives restarts and recoveries.
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'
import type { TableRecovery } from '../db/table-recovery'

/** The floor is this venue's own: kept through a recovery, like the producer's desk. */
export const FLOOR_TABLES = {
  floor_stations: 'kept',
  floor_assignments: 'kept',
  floor_settings: 'kept',
  floor_webhooks: 'kept',
  player_reports: 'kept',
} as const satisfies TableRecovery

export interface StationRow {
  id: string
  number: number
  name: string
  outOfOrder: boolean
  streamId: string | null
}

export interface AssignmentRow {
  stationId: string
  matchId: string
  assignedAt: number
  calledAt: number | null
  deadline: number | null
  arrived: boolean[]
  times: number
}

export interface FloorSettings {
  dqSeconds: number
  /** The host of the webhook calls go to, or null for none (its whole address is a secret: in the keychain). */
  webhookHost: string | null
}

export interface WebhookRow {
  seq: number
  tournamentId: string
  body: string
  attempts: number
  nextAt: number
  problem: string | null
}

export class FloorStore {
  constructor(private readonly db: Db) {}

  stations(tournamentId: string): StationRow[] {
    return (
      prepared(
        this.db,
        `SELECT id, position, name, out_of_order, stream_id FROM floor_stations WHERE tournament_id = ? ORDER BY position`,
      ).all(tournamentId) as {
        id: string
        position: number
        name: string
        out_of_order: number
        stream_id: string | null
      }[]
    ).map((r) => ({
      id: r.id,
      number: r.position,
      name: r.name,
      outOfOrder: r.out_of_order === 1,
      streamId: r.stream_id,
    }))
  }

  tournamentOf(stationId: string): string | undefined {
    const row = prepared(this.db, 'SELECT tournament_id FROM floor_stations WHERE id = ?').get(stationId) as
      { tournament_id: string } | undefined
    return row?.tournament_id
  }

  /** Adds stations after the last one, in one transaction; answers their ids. */
  addStations(tournamentId: string, names: readonly string[]): string[] {
    return this.db.transaction(() => {
      const last = prepared(
        this.db,
        'SELECT COALESCE(MAX(position), 0) AS last FROM floor_stations WHERE tournament_id = ?',
      ).get(tournamentId) as { last: number }
      const insert = prepared(
        this.db,
        'INSERT INTO floor_stations (id, tournament_id, position, name) VALUES (?, ?, ?, ?)',
      )
      return names.map((name, index) => {
        const id = randomBytes(6).toString('hex')
        insert.run(id, tournamentId, last.last + index + 1, name)
        return id
      })
    })()
  }

  updateStation(stationId: string, change: { name?: string; outOfOrder?: boolean; streamId?: string | null }): void {
    if (change.name !== undefined)
      prepared(this.db, 'UPDATE floor_stations SET name = ? WHERE id = ?').run(change.name, stationId)
    if (change.outOfOrder !== undefined)
      prepared(this.db, 'UPDATE floor_stations SET out_of_order = ? WHERE id = ?').run(
        change.outOfOrder ? 1 : 0,
        stationId,
      )
    if (change.streamId !== undefined)
      prepared(this.db, 'UPDATE floor_stations SET stream_id = ? WHERE id = ?').run(change.streamId, stationId)
  }

  /** Removes a station (its match and call go with it); the ones after it move up a number. */
  deleteStation(stationId: string): void {
    this.db.transaction(() => {
      const row = prepared(this.db, 'SELECT tournament_id, position FROM floor_stations WHERE id = ?').get(
        stationId,
      ) as { tournament_id: string; position: number } | undefined
      if (!row) return
      prepared(this.db, 'DELETE FROM floor_stations WHERE id = ?').run(stationId)
      prepared(this.db, 'DELETE FROM floor_assignments WHERE station_id = ?').run(stationId)
      prepared(
        this.db,
        'UPDATE floor_stations SET position = position - 1 WHERE tournament_id = ? AND position > ?',
      ).run(row.tournament_id, row.position)
    })()
  }

  assignments(tournamentId: string): Map<string, AssignmentRow> {
    const rows = prepared(
      this.db,
      `SELECT a.station_id, a.match_id, a.assigned_at, a.called_at, a.deadline, a.arrived, a.times
           FROM floor_assignments a JOIN floor_stations s ON s.id = a.station_id WHERE s.tournament_id = ?`,
    ).all(tournamentId) as {
      station_id: string
      match_id: string
      assigned_at: number
      called_at: number | null
      deadline: number | null
      arrived: string
      times: number
    }[]
    return new Map(
      rows.map((r) => [
        r.station_id,
        {
          stationId: r.station_id,
          matchId: r.match_id,
          assignedAt: r.assigned_at,
          calledAt: r.called_at,
          deadline: r.deadline,
          arrived: JSON.parse(r.arrived) as boolean[],
          times: r.times,
        },
      ]),
    )
  }

  /** Puts a match on a station (a new match: no call yet). */
  assign(stationId: string, matchId: string, at: number): void {
    prepared(
      this.db,
      `INSERT OR REPLACE INTO floor_assignments (station_id, match_id, assigned_at, called_at, deadline, arrived, times)
         VALUES (?, ?, ?, NULL, NULL, '[]', 0)`,
    ).run(stationId, matchId, at)
  }

  unassign(stationIds: readonly string[]): void {
    const remove = prepared(this.db, 'DELETE FROM floor_assignments WHERE station_id = ?')
    this.db.transaction(() => stationIds.forEach((id) => remove.run(id)))()
  }

  /** Records a call (or a recall: the timer starts again, nobody has arrived yet). */
  call(stationId: string, at: number, deadline: number, opponents: number): void {
    prepared(
      this.db,
      'UPDATE floor_assignments SET called_at = ?, deadline = ?, arrived = ?, times = times + 1 WHERE station_id = ?',
    ).run(at, deadline, JSON.stringify(Array.from({ length: opponents }, () => false)), stationId)
  }

  uncall(stationId: string): void {
    prepared(
      this.db,
      `UPDATE floor_assignments SET called_at = NULL, deadline = NULL, arrived = '[]', times = 0 WHERE station_id = ?`,
    ).run(stationId)
  }

  setArrived(stationId: string, arrived: readonly boolean[]): void {
    prepared(this.db, 'UPDATE floor_assignments SET arrived = ? WHERE station_id = ?').run(
      JSON.stringify(arrived),
      stationId,
    )
  }

  /**
   * Writes a station as another desk of the shared venue has it (its id, number and match; null: it was removed
   * there), in one transaction: no renumbering, since that desk numbered its stations itself.
   */
  putStation(
    tournamentId: string,
    stationId: string,
    station: Omit<StationRow, 'id'> | null,
    assignment: Omit<AssignmentRow, 'stationId'> | null,
  ): void {
    this.db.transaction(() => {
      prepared(this.db, 'DELETE FROM floor_assignments WHERE station_id = ?').run(stationId)
      if (!station) return void prepared(this.db, 'DELETE FROM floor_stations WHERE id = ?').run(stationId)
      prepared(
        this.db,
        `INSERT OR REPLACE INTO floor_stations (id, tournament_id, position, name, out_of_order, stream_id)
           VALUES (?, ?, ?, ?, ?, ?)`,
      ).run(stationId, tournamentId, station.number, station.name, station.outOfOrder ? 1 : 0, station.streamId)
      if (assignment)
        prepared(
          this.db,
          `INSERT INTO floor_assignments (station_id, match_id, assigned_at, called_at, deadline, arrived, times)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          stationId,
          assignment.matchId,
          assignment.assignedAt,
          assignment.calledAt,
          assignment.deadline,
          JSON.stringify(assignment.arrived),
          assignment.times,
        )
    })()
  }

  settings(tournamentId: string, defaults: FloorSettings): FloorSettings {
    const row = prepared(this.db, 'SELECT dq_seconds, webhook_host FROM floor_settings WHERE tournament_id = ?').get(
      tournamentId,
    ) as { dq_seconds: number; webhook_host: string | null } | undefined
    return row ? { dqSeconds: row.dq_seconds, webhookHost: row.webhook_host } : defaults
  }

  setSettings(tournamentId: string, settings: FloorSettings): void {
    prepared(
      this.db,
      'INSERT OR REPLACE INTO floor_settings (tournament_id, dq_seconds, webhook_host) VALUES (?, ?, ?)',
    ).run(tournamentId, settings.dqSeconds, settings.webhookHost)
  }

  /** Queues a webhook message: it is sent, in order, once the receiver answers. */
  queueWebhook(tournamentId: string, body: string, at: number): void {
    prepared(this.db, 'INSERT INTO floor_webhooks (tournament_id, body, created_at, next_at) VALUES (?, ?, ?, ?)').run(
      tournamentId,
      body,
      at,
      at,
    )
  }

  /**
   * The message to try next: of each tournament's oldest (each webhook's calls go in order), the one due first — so a
   * webhook that keeps failing holds back only its own tournament's calls.
   */
  nextWebhook(): WebhookRow | undefined {
    const row = prepared(
      this.db,
      `SELECT seq, tournament_id, body, attempts, next_at, problem FROM floor_webhooks w
          WHERE seq = (SELECT MIN(seq) FROM floor_webhooks WHERE tournament_id = w.tournament_id)
          ORDER BY next_at, seq LIMIT 1`,
    ).get() as
      | { seq: number; tournament_id: string; body: string; attempts: number; next_at: number; problem: string | null }
      | undefined
    return (
      row && {
        seq: row.seq,
        tournamentId: row.tournament_id,
        body: row.body,
        attempts: row.attempts,
        nextAt: row.next_at,
        problem: row.problem,
      }
    )
  }

  /** How many of a tournament's messages wait, and why the first has not gone yet. */
  webhookWaiting(tournamentId: string): { waiting: number; problem: string | null } {
    return prepared(
      this.db,
      `SELECT COUNT(*) AS waiting,
                (SELECT problem FROM floor_webhooks WHERE tournament_id = ? ORDER BY seq LIMIT 1) AS problem
           FROM floor_webhooks WHERE tournament_id = ?`,
    ).get(tournamentId, tournamentId) as { waiting: number; problem: string | null }
  }

  /** Drops what waits for a tournament's webhook (it was removed). */
  forgetWebhook(tournamentId: string): void {
    prepared(this.db, 'DELETE FROM floor_webhooks WHERE tournament_id = ?').run(tournamentId)
  }

  /** What waits for a tournament's webhook is due at `at` (its address was entered again). */
  webhookDue(tournamentId: string, at: number): void {
    prepared(this.db, 'UPDATE floor_webhooks SET next_at = ? WHERE tournament_id = ?').run(at, tournamentId)
  }

  webhookSent(seq: number): void {
    prepared(this.db, 'DELETE FROM floor_webhooks WHERE seq = ?').run(seq)
  }

  webhookFailed(seq: number, nextAt: number, problem: string): void {
    prepared(this.db, 'UPDATE floor_webhooks SET attempts = attempts + 1, next_at = ?, problem = ? WHERE seq = ?').run(
      nextAt,
      problem,
      seq,
    )
  }

  /** A station's one-time code for a match and its players' report (JSON), as kept; undefined when none is. */
  playerReport(stationId: string, matchId: string): { code: string; report: string | null } | undefined {
    return prepared(this.db, 'SELECT code, report FROM player_reports WHERE station_id = ? AND match_id = ?').get(
      stationId,
      matchId,
    ) as { code: string; report: string | null } | undefined
  }

  keepPlayerReport(stationId: string, matchId: string, code: string, report: string | null): void {
    prepared(
      this.db,
      `INSERT INTO player_reports (station_id, match_id, code, report) VALUES (?, ?, ?, ?)
       ON CONFLICT (station_id, match_id) DO UPDATE SET code = excluded.code, report = excluded.report`,
    ).run(stationId, matchId, code, report)
  }
}
