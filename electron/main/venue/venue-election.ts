// Which desk hosts the venue's sync when the host is gone, by one rule every desk computes the same way from what the
// desks it reaches answer: a desk that hosts desks already (the lowest id, if two do) is joined; otherwise, when the
// desks up reach a majority of the venue's desks, the lowest id among them hosts; a minority waits (no split brain:
// it never hosts). A host whose desks are no longer a majority of the venue steps down, so that two sides of a cut
// that healed end under one host.

/** What a desk answers when asked who it is and whether desks sync with it. */
export interface DeskAnswer {
  deskId: string
  /** How many desks sync with it now (it hosts them). */
  joined: number
}

/** The rule's outcome for the desk asking: sync with another desk, host (nobody to join yet), or wait. */
export type HostChoice = { kind: 'join'; deskId: string } | { kind: 'host' } | { kind: 'wait' }

/**
 * Decided by `self` from the answers of the desks it reached (itself not among them) and how many desks the venue
 * has (every desk with a key and a hub in its record, this one included).
 */
export function chooseHost(self: string, answers: readonly DeskAnswer[], venueDesks: number): HostChoice {
  const hosting = answers.filter((answer) => answer.joined > 0 && answer.deskId !== self)
  if (hosting.length > 0) return { kind: 'join', deskId: lowest(hosting.map((answer) => answer.deskId)) }
  const up = new Set([self, ...answers.map((answer) => answer.deskId)])
  if (!isMajority(up.size, venueDesks)) return { kind: 'wait' }
  const chosen = lowest([...up])
  return chosen === self ? { kind: 'host' } : { kind: 'join', deskId: chosen }
}

/** More than half of the venue's desks (a venue of one desk: that desk). */
export function isMajority(count: number, venueDesks: number): boolean {
  return count * 2 > Math.max(1, venueDesks)
}

function lowest(ids: readonly string[]): string {
  return [...ids].sort()[0]!
}
