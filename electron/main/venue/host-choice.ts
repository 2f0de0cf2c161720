// Who hosts the venue's sync: every rule of it in one pure function every desk computes the same way, from what the
// record says (the desks in the venue by seniority, the latest head organiser's handover), this desk's link (syncing
// with a host, desks syncing with it, since when it has had no host), what the other desks answered when asked — each
// answer proved, signed by the desk it names — and the clock. A handover by a head organiser is followed once; a desk
// that syncs with a host stays; a host keeps its desks while they are a majority, and steps down after `LOST_MS` in a
// minority; a desk without a host for `LOST_MS` asks every other desk, joins a desk that hosts (the most senior, if two
// do), else — when the desks up are a majority — the most senior of them hosts; a minority waits (no split brain). A
// desk left alone in the venue (every other removed or gone from it) hosts whoever comes.

/** How long a desk stays without a host, or a host with a minority, before it acts (ms). */
export const LOST_MS = 3000

/** What a desk answered when asked who it is and whether desks sync with it (proved by its signature). */
export interface DeskAnswer {
  deskId: string
  /** How many desks sync with it now (it hosts them). */
  joined: number
}

export interface HostFacts {
  /** This desk's id. */
  self: string
  /** The desks in the venue that can host (their hub's address known), most senior first, this one included. */
  desks: readonly string[]
  /** Whether every other desk ever part of the venue is out of it now (removed, or left). */
  aloneInVenue: boolean
  /** The latest handover by a head organiser, and the time of the one this desk followed last. */
  handover: { deskId: string; at: number } | undefined
  followedHandoverAt: number | undefined
  /** Whether this desk tries to sync with a host now, and whether that link is up. */
  member: boolean
  linked: boolean
  /** How many desks sync with this one now. */
  joined: number
  /** Since when this desk has had no host, and since when its desks are a minority (epoch ms; undefined: not so). */
  lostSince: number | undefined
  minoritySince: number | undefined
  now: number
}

export type HostAction =
  /** Nothing to change. */
  | { kind: 'stay' }
  /** Host: take desks (and stop syncing with another desk); `named`: say so in the record (an election's outcome). */
  | { kind: 'host'; named: boolean }
  /** Sync with that desk (once it proves who it is). */
  | { kind: 'join'; deskId: string }
  /** Stop hosting a minority: its desks look for the majority's host. */
  | { kind: 'step-down' }
  /** Ask every other desk who it is and whether desks sync with it, then decide with their answers. */
  | { kind: 'ask' }
  /** In a minority with no host: wait. */
  | { kind: 'wait' }

/**
 * The one rule. `answers`: what the other desks said this round (null: not asked yet — the rule says whether to ask).
 * What the caller keeps between calls (since when lost, or in a minority) it reads from `timers`.
 */
export function hostChoice(facts: HostFacts, answers: readonly DeskAnswer[] | null): HostAction {
  const { self, desks, handover } = facts
  // A head organiser's handover, followed once: every desk syncs with the desk it names (that desk hosts).
  if (handover && handover.at !== facts.followedHandoverAt && desks.includes(handover.deskId))
    return handover.deskId === self ? { kind: 'host', named: false } : { kind: 'join', deskId: handover.deskId }
  if (facts.linked) return { kind: 'stay' }
  const venueDesks = Math.max(1, desks.length)
  if (facts.joined > 0) {
    // Desks chose this one while its own host was gone: it hosts now (its link to another ends).
    if (isMajority(facts.joined + 1, venueDesks)) return facts.member ? { kind: 'host', named: true } : { kind: 'stay' }
    return facts.minoritySince !== undefined && facts.now - facts.minoritySince >= LOST_MS
      ? { kind: 'step-down' }
      : { kind: 'stay' }
  }
  // Every other desk of the venue removed or gone from it: this one is the venue now, and hosts whoever joins.
  if (desks.filter((deskId) => deskId !== self).length === 0)
    return facts.aloneInVenue ? { kind: 'host', named: false } : { kind: 'stay' }
  if (facts.lostSince === undefined || facts.now - facts.lostSince < LOST_MS) return { kind: 'stay' }
  if (answers === null) return { kind: 'ask' }
  const seniority = (deskId: string) => {
    const rank = desks.indexOf(deskId)
    return rank === -1 ? Number.MAX_SAFE_INTEGER : rank
  }
  const mostSenior = (ids: readonly string[]) => [...ids].sort((a, b) => seniority(a) - seniority(b))[0]!
  const hosting = answers.filter(
    (answer) => answer.joined > 0 && answer.deskId !== self && desks.includes(answer.deskId),
  )
  if (hosting.length > 0) return { kind: 'join', deskId: mostSenior(hosting.map((answer) => answer.deskId)) }
  const up = new Set([self, ...answers.map((answer) => answer.deskId).filter((deskId) => desks.includes(deskId))])
  if (!isMajority(up.size, venueDesks)) return { kind: 'wait' }
  const chosen = mostSenior([...up])
  return chosen === self ? { kind: 'host', named: true } : { kind: 'join', deskId: chosen }
}

/** More than half of the venue's desks (a venue of one desk: that desk). */
export function isMajority(count: number, venueDesks: number): boolean {
  return count * 2 > Math.max(1, venueDesks)
}
