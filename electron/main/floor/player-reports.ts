// What the players at a station reported of their match, and the station's one-time code for that match: each side's
// games, whether the two agree (staff confirm) or differ (a judge is called). Kept on this desk for the day (a restart
// starts reports over; the station's new code is on its tile).
import { randomInt, timingSafeEqual } from 'node:crypto'
import {
  sameReport,
  STATION_CODE_DIGITS,
  type ReportedGame,
  type StationPlayers,
  type StationReport,
} from '../../../shared/floor/players'

/** Stations × matches remembered at most (the oldest are forgotten first): a floor has at most 256 stations. */
const KEPT_MOST = 2048

interface Kept {
  code: string
  report: StationReport | null
}

export class PlayerReports {
  private readonly kept = new Map<string, Kept>()

  /** A station's code and report for its match (a code is made the first time the match is on the station). */
  of(stationId: string, matchId: string): StationPlayers {
    const { code, report } = this.entry(stationId, matchId)
    return { code, report }
  }

  /** Whether `code` is the station's code for this match (compared in constant time). */
  codeFits(stationId: string, matchId: string, code: string): boolean {
    return sameSecret(this.entry(stationId, matchId).code, code.trim())
  }

  /** One side's report (bracket order): what the floor makes of it with the other side's. */
  report(stationId: string, matchId: string, side: 0 | 1, games: ReportedGame[]): StationReport {
    const entry = this.entry(stationId, matchId)
    const reports: StationReport['reports'] = entry.report ? [...entry.report.reports] : [null, null]
    reports[side] = games
    const [first, second] = reports
    const state = !first || !second ? 'waiting' : sameReport(first, second) ? 'agreed' : 'disputed'
    entry.report = { matchId, reports, state, confirmed: false }
    return entry.report
  }

  /** Staff confirmed the players' agreed result. */
  confirm(stationId: string, matchId: string): StationReport | null {
    const entry = this.entry(stationId, matchId)
    if (entry.report?.state === 'agreed') entry.report = { ...entry.report, confirmed: true }
    return entry.report
  }

  /** Staff cleared the reports (a judge settled a dispute): the players report again, with a new code. */
  clear(stationId: string, matchId: string): void {
    this.kept.set(keyOf(stationId, matchId), { code: newCode(), report: null })
  }

  private entry(stationId: string, matchId: string): Kept {
    const key = keyOf(stationId, matchId)
    let entry = this.kept.get(key)
    if (!entry) {
      entry = { code: newCode(), report: null }
      this.kept.set(key, entry)
      if (this.kept.size > KEPT_MOST) this.kept.delete(this.kept.keys().next().value!)
    }
    return entry
  }
}

const keyOf = (stationId: string, matchId: string) => `${stationId}\u0000${matchId}`

/** Six digits, from the system's random source. */
function newCode(): string {
  return String(randomInt(0, 10 ** STATION_CODE_DIGITS)).padStart(STATION_CODE_DIGITS, '0')
}

/** Two secrets compared in time that does not tell how much of them matched. */
export function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b)
}
