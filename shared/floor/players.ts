// What a player sees of the venue floor on their own phone (their check-in, next match, station and call), what they
// report of a match at its station (a score per game), and what the floor makes of both players' reports: one schema
// for the hub's player routes, the players' page and the desk's station tiles, every input bounded.
import { z } from 'zod'
import { LOCALES } from '../api/enums'
import { GAMES_MAX } from '../broadcast/live-layer'

/** The most points a side may have in one game of a report (a CS2 map in long overtime stays far below). */
export const GAME_SCORE_MAX = 99
/** A search's length, and how many players it finds at most. */
export const FIND_MIN = 2
export const FIND_MAX = 40
export const FOUND_MAX = 10
/** A badge code or a station's code, as typed. */
export const CODE_MAX = 64
/** A station's one-time code: digits, as a person reads them off a screen. */
export const STATION_CODE_DIGITS = 6

/** A player as a search finds them: what the board shows of anyone (a name), and the id their page is addressed by. */
export const FoundPlayer = z.object({ id: z.string(), name: z.string() })

/** One game of a report: the points of each side, in the bracket's order. */
export const ReportedGame = z.tuple([z.number().int(), z.number().int()])

/** A match's report at its station: each side's games, and what the floor makes of them. */
export const StationReport = z.object({
  matchId: z.string(),
  /** Each side's report (bracket order), null until that side reported. */
  reports: z.tuple([z.array(ReportedGame).nullable(), z.array(ReportedGame).nullable()]),
  /** waiting: one side reported; agreed: both the same (staff confirm); disputed: they differ (a judge is called). */
  state: z.enum(['waiting', 'agreed', 'disputed']),
  /** Staff confirmed the agreed result (enter it at the service: the interface writes no results). */
  confirmed: z.boolean(),
  /** The address each side reported from (one phone may not report both sides with the station's code). */
  from: z.tuple([z.string().max(64).nullable(), z.string().max(64).nullable()]).optional(),
})

/** What the desk's station tile shows of its players: the station's one-time code, and the report. */
export const StationPlayers = z.object({
  /** The code players at the station use to report when their badge has none (a new one for each match). */
  code: z.string().nullable(),
  report: StationReport.nullable(),
})

/** A player's own page. */
export const PlayerView = z.object({
  tournament: z.string(),
  locale: z.enum(LOCALES),
  player: z.object({ id: z.string(), name: z.string(), checkedIn: z.boolean().nullable() }),
  /** Their next match: on a station, or up next; null when none waits for them. */
  match: z
    .object({
      id: z.string(),
      label: z.string(),
      /** The other side's names. */
      opponents: z.array(z.string()),
      /** Their side (0: the bracket's first), which their report's scores are turned to. */
      side: z.number().int().min(0),
      station: z.string().nullable(),
      call: z.object({ calledAt: z.number(), deadline: z.number(), arrived: z.boolean() }).nullable(),
      /** What the floor makes of the reports, as this player reads it: their own first. */
      report: z
        .object({
          mine: z.array(ReportedGame).nullable(),
          state: StationReport.shape.state,
          confirmed: z.boolean(),
        })
        .nullable(),
      /** Whether this match may be reported from a phone (a duel on a station). */
      reportable: z.boolean(),
    })
    .nullable(),
  /** The desk's clock when this was made: the page counts down from its own clock's offset. */
  now: z.number(),
})

const score = (field: string) =>
  z
    .number({ error: `${field}: a whole number` })
    .int(`${field}: a whole number`)
    .min(0, `${field}: 0 to ${GAME_SCORE_MAX}`)
    .max(GAME_SCORE_MAX, `${field}: 0 to ${GAME_SCORE_MAX}`)

export const PlayerInputs = {
  find: z.strictObject({
    q: z
      .string({ error: 'q: a name or a badge code' })
      .trim()
      .min(FIND_MIN, `q: at least ${FIND_MIN} characters`)
      .max(FIND_MAX, `q: at most ${FIND_MAX} characters`),
  }),
  /** A player's report: their code and each game's points, their own first ([mine, theirs]). */
  report: z.strictObject({
    code: z
      .string({ error: 'code: your badge code or the station’s code' })
      .trim()
      .min(1, 'code: your badge code or the station’s code')
      .max(CODE_MAX, `code: at most ${CODE_MAX} characters`),
    games: z
      .array(z.tuple([score('games: points'), score('games: points')]), { error: 'games: a list of [yours, theirs]' })
      .min(1, 'games: at least one game')
      .max(GAMES_MAX, `games: at most ${GAMES_MAX}`),
  }),
}

export type FoundPlayer = z.infer<typeof FoundPlayer>
export type ReportedGame = z.infer<typeof ReportedGame>
export type StationReport = z.infer<typeof StationReport>
export type StationPlayers = z.infer<typeof StationPlayers>
export type PlayerView = z.infer<typeof PlayerView>
export type PlayerReport = z.infer<typeof PlayerInputs.report>

/** Games won by each side of a report ("2–1"); a drawn game counts for neither. */
export function gamesWon(games: readonly ReportedGame[]): [number, number] {
  return games.reduce<[number, number]>(([a, b], [x, y]) => [a + (x > y ? 1 : 0), b + (y > x ? 1 : 0)], [0, 0])
}

/** Two reports say the same: the same games with the same points. */
export function sameReport(a: readonly ReportedGame[], b: readonly ReportedGame[]): boolean {
  return a.length === b.length && a.every(([x, y], i) => b[i]![0] === x && b[i]![1] === y)
}

/** A report as its side gave it ([mine, theirs]) turned to the bracket's order, and back (the same turn). */
export function inBracketOrder(games: readonly ReportedGame[], side: number): ReportedGame[] {
  return games.map(([mine, theirs]) => (side === 0 ? [mine, theirs] : [theirs, mine]))
}
