// What the players at a station reported of their match, and the station's one-time code for that match: each side's
// games, whether the two agree (staff confirm) or differ (a judge is called). Kept in the profile's database (through a
// restart), read once into memory; a code is made, and kept, the first time a match is seen on its station.
import { randomInt, timingSafeEqual } from 'node:crypto'
import type { FloorStore } from '../store/floor-store'
import {
  StationReport as ReportSchema,
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
  /** What was read or written, per database (another profile's is another floor). */
  private readonly read = new WeakMap<FloorStore, Map<string, Kept>>()
  /** While no database is open. */
  private readonly inMemory = new Map<string, Kept>()

  /** `store`: the active profile's floor store; undefined while none is open (reports are then kept in memory). */
  constructor(private readonly store: () => FloorStore | undefined = () => undefined) {}

  /** A station's code and report for its match (a code is made the first time the match is on the station). */
  of(stationId: string, matchId: string): StationPlayers {
    const { code, report } = this.entry(stationId, matchId)
    return { code, report }
  }

  /** Whether `code` is the station's code for this match (compared in constant time). */
  codeFits(stationId: string, matchId: string, code: string): boolean {
    return sameSecret(this.entry(stationId, matchId).code, code.trim())
  }

  /** One side's report (bracket order), made from `from`: what the floor makes of it with the other side's. */
  report(stationId: string, matchId: string, side: 0 | 1, games: ReportedGame[], from: string): StationReport {
    const entry = this.entry(stationId, matchId)
    const reports: StationReport['reports'] = entry.report ? [...entry.report.reports] : [null, null]
    const by: [string | null, string | null] = entry.report?.from ? [...entry.report.from] : [null, null]
    reports[side] = games
    by[side] = from.slice(0, 64)
    const [first, second] = reports
    const state = !first || !second ? 'waiting' : sameReport(first, second) ? 'agreed' : 'disputed'
    entry.report = { matchId, reports, state, confirmed: false, from: by }
    this.keep(stationId, matchId, entry)
    return entry.report
  }

  /** Where a side reported from (null: it has not). */
  reportedFrom(stationId: string, matchId: string, side: 0 | 1): string | null {
    return this.entry(stationId, matchId).report?.from?.[side] ?? null
  }

  /** The station's code was used: a new one replaces it (a code works once). */
  used(stationId: string, matchId: string): void {
    const entry = this.entry(stationId, matchId)
    entry.code = newCode()
    this.keep(stationId, matchId, entry)
  }

  /** Staff confirmed the players' agreed result. */
  confirm(stationId: string, matchId: string): StationReport | null {
    const entry = this.entry(stationId, matchId)
    if (entry.report?.state === 'agreed') entry.report = { ...entry.report, confirmed: true }
    this.keep(stationId, matchId, entry)
    return entry.report
  }

  /** Staff cleared the reports (a judge settled a dispute): the players report again, with a new code. */
  clear(stationId: string, matchId: string): void {
    const entry = { code: newCode(), report: null }
    this.kept().set(keyOf(stationId, matchId), entry)
    this.keep(stationId, matchId, entry)
  }

  private entry(stationId: string, matchId: string): Kept {
    const key = keyOf(stationId, matchId)
    const kept = this.kept()
    let entry = kept.get(key)
    if (!entry) {
      entry = this.fromStore(stationId, matchId)
      kept.set(key, entry)
      if (kept.size > KEPT_MOST) kept.delete(kept.keys().next().value!)
    }
    return entry
  }

  /** What the database keeps of a station's match (a report that does not read as one is none), or a new code. */
  private fromStore(stationId: string, matchId: string): Kept {
    const row = this.store()?.playerReport(stationId, matchId)
    if (!row) {
      const made = { code: newCode(), report: null }
      this.keep(stationId, matchId, made)
      return made
    }
    let report: StationReport | null = null
    try {
      report = row.report === null ? null : ReportSchema.parse(JSON.parse(row.report))
    } catch {
      // let go: a report the database cannot give back is none: the players report again
      report = null
    }
    return { code: row.code, report }
  }

  private keep(stationId: string, matchId: string, entry: Kept): void {
    this.store()?.keepPlayerReport(stationId, matchId, entry.code, entry.report && JSON.stringify(entry.report))
  }

  private kept(): Map<string, Kept> {
    const store = this.store()
    if (!store) return this.inMemory
    let kept = this.read.get(store)
    if (!kept) this.read.set(store, (kept = new Map<string, Kept>()))
    return kept
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
