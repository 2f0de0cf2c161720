// How fast a Demo venue event moves, in event time: matches of minutes, registrations and a check-in window.
const MINUTE = 60_000

/** How long a match of each discipline runs, picked evenly between the two: a CS2 map, a Street Fighter set. */
const MATCH_MINUTES: Record<string, readonly [number, number]> = {
  counterstrike2: [35, 55],
  leagueoflegends: [30, 45],
  rocketleague: [12, 25],
  chess: [20, 40],
  streetfighter6: [6, 12],
  tekken8: [5, 10],
}

export function matchMsOf(discipline: string): readonly [number, number] {
  const [low, high] = MATCH_MINUTES[discipline] ?? [10, 20]
  return [low * MINUTE, high * MINUTE]
}

export const PACE = {
  /** A station is set up for the next match in this long. */
  changeoverMs: [1 * MINUTE, 3 * MINUTE],
  /** A new edition takes registrations this long, then check-in is open this long, then it starts. */
  registrationMs: 20 * MINUTE,
  checkInMs: 30 * MINUTE,
  /** Share of the registered who come to the door. */
  showUp: 0.9,
  /** Share of registrations made at the door while it is open: checked in as they register. */
  walkIn: 0.3,
  /** Participants of a running tournament not yet checked in arrive at this rate (share of them per minute). */
  lateArrivalPerMinute: 0.04,
  /** Each stream keeps this many open matches queued, as a producer would. */
  queuedPerStream: 2,
  /** Rounds of a stage are scheduled this far apart. */
  roundMs: 30 * MINUTE,
} as const

/** How many matches of a stage run at once: one setup per four entrants, from 2 to 16. */
export function stationsFor(entrants: number): number {
  return Math.min(16, Math.max(2, Math.ceil(entrants / 4)))
}
