// Which station holds a match when several desks put it on two stations at once: the one it was put on last, then
// the higher station id — the same on every desk, whichever desk is still away. Pure: the floor applies it, and the
// venue record's property test holds it.

/** A station as far as who holds which match goes. */
export interface HeldStation {
  tournamentId: string
  assignment: { matchId: string; assignedAt: number } | null
}

/** Each match on a station (`tournament\u0000match`) → the station that holds it. */
export function stationHolders(stations: Iterable<readonly [string, HeldStation]>): Map<string, string> {
  const holder = new Map<string, { stationId: string; at: number }>()
  for (const [stationId, { tournamentId, assignment }] of stations) {
    if (!assignment) continue
    const key = matchKey(tournamentId, assignment.matchId)
    const held = holder.get(key)
    if (!held || assignment.assignedAt > held.at || (assignment.assignedAt === held.at && stationId > held.stationId))
      holder.set(key, { stationId, at: assignment.assignedAt })
  }
  return new Map([...holder].map(([key, { stationId }]) => [key, stationId]))
}

/** The key a match is held under. */
export function matchKey(tournamentId: string, matchId: string): string {
  return `${tournamentId}\u0000${matchId}`
}
