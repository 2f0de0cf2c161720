// What a floor desk did to a station, in words for the venue's audit log, read from two of its shared values in a row:
// made or removed, renamed, out of order, given to a stream, a match put on it or freed, a call and its end.

/** A station as the shared venue carries it, as far as the audit reads it. */
export interface StationValue {
  station: { name: string; outOfOrder: boolean; streamId: string | null } | null
  assignment: { matchId: string; calledAt: number | null } | null
}

/** Each change from `before` (undefined: not known before) to `after`; `match` names a match ("A vs B"). */
export function stationChanges(
  before: StationValue | undefined,
  after: StationValue,
  match: (matchId: string) => string,
): string[] {
  const [was, now] = [before?.station ?? null, after.station]
  if (!now) return was ? ['Removed the station'] : []
  const said: string[] = []
  if (!was) said.push('Made the station')
  else {
    if (was.name !== now.name) said.push(`Renamed from ${was.name}`)
    if (was.outOfOrder !== now.outOfOrder) said.push(now.outOfOrder ? 'Out of order' : 'Back in order')
    if (was.streamId !== now.streamId) said.push(now.streamId ? 'Given to a stream' : 'No longer a stream’s')
  }
  const [had, holds] = [before?.assignment ?? null, after.assignment]
  if (had?.matchId !== holds?.matchId) {
    if (had) said.push(`Freed ${match(had.matchId)}`)
    if (holds) said.push(`Put ${match(holds.matchId)} on it`)
  }
  if (holds && holds.calledAt !== null && holds.calledAt !== (had?.matchId === holds.matchId ? had.calledAt : null))
    said.push(`Called ${match(holds.matchId)}`)
  if (had && had.calledAt !== null && holds?.matchId === had.matchId && holds.calledAt === null)
    said.push(`Ended the call of ${match(had.matchId)}`)
  return said
}
