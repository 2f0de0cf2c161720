// Which matches are ready for the floor and which free station each goes to: a pure function of the bracket, the
// stream links, who is checked in and the stations, for every format (elimination, pools, swiss, league, FFA).
import type { BracketNode } from '../api'
import { matchOrder } from '../bracket/match-order'
import { isDecided } from '../bracket/stream-queue'

export interface FloorStation {
  id: string
  outOfOrder: boolean
  /** A stream's station plays that stream's queue: auto-assign never fills it. */
  streamId: string | null
  /** The match on it now, or null when free. */
  matchId: string | null
}

export interface ReadySources {
  nodes: readonly BracketNode[]
  /** Match id → the stream ids linked to it: a match queued on a stream is the stream's, not the floor's. */
  links: ReadonlyMap<string, readonly string[]>
  /** Whether a participant is checked in; undefined when unknown. */
  checkedIn(participantId: string): boolean | undefined
}

/** Every opponent known, not played, not a bye. */
export function isPlayable(node: BracketNode): boolean {
  return node.type !== 'bye' && node.status !== 'completed' && isDecided(node)
}

const participantsOf = (node: BracketNode): string[] => node.opponents.flatMap((o) => o.participant?.id ?? [])

/**
 * Matches the floor may play now, best first: playable, on no stream and no station, no player already on a station
 * (pools and leagues give one player several ready matches), everyone checked in first, then in bracket order and by
 * scheduled time.
 */
export function readyMatches(sources: ReadySources, stations: readonly FloorStation[]): BracketNode[] {
  const onStation = new Set(stations.flatMap((s) => s.matchId ?? []))
  const byId = new Map(sources.nodes.map((n) => [n.id, n]))
  const busy = new Set([...onStation].flatMap((id) => (byId.has(id) ? participantsOf(byId.get(id)!) : [])))
  const allIn = (node: BracketNode) => node.opponents.every((o) => sources.checkedIn(o.participant!.id) === true)
  return sources.nodes
    .filter(
      (node) =>
        isPlayable(node) &&
        (sources.links.get(node.id) ?? []).length === 0 &&
        !onStation.has(node.id) &&
        !participantsOf(node).some((id) => busy.has(id)),
    )
    .map((node) => ({ node, allIn: allIn(node) }))
    .sort((a, b) => Number(b.allIn) - Number(a.allIn) || matchOrder(a.node, b.node))
    .map(({ node }) => node)
}

/** Why a playable match cannot go on a station yet, by id: who is not checked in, who plays elsewhere, which streams. */
export interface WaitingFor {
  notCheckedIn: string[]
  busy: { participantId: string; stationId: string }[]
  streams: readonly string[]
}

/**
 * The floor's Up next: every playable match on no station, in bracket order (a match keeps its place as people check
 * in), each with what it waits for. Nothing waited for: it is ready.
 */
export function upNextOf(
  sources: ReadySources,
  stations: readonly FloorStation[],
): { node: BracketNode; waits: WaitingFor }[] {
  const byId = new Map(sources.nodes.map((n) => [n.id, n]))
  const onStation = new Set(stations.flatMap((s) => s.matchId ?? []))
  const playing = new Map<string, string>()
  for (const station of stations) {
    const node = station.matchId ? byId.get(station.matchId) : undefined
    if (node) for (const id of participantsOf(node)) playing.set(id, station.id)
  }
  return sources.nodes
    .filter((node) => isPlayable(node) && !onStation.has(node.id))
    .sort(matchOrder)
    .map((node) => {
      const players = participantsOf(node)
      return {
        node,
        waits: {
          notCheckedIn: players.filter((id) => sources.checkedIn(id) !== true),
          busy: players.flatMap((id) => (playing.has(id) ? [{ participantId: id, stationId: playing.get(id)! }] : [])),
          streams: sources.links.get(node.id) ?? [],
        },
      }
    })
}

/** Fills free floor stations (in order) with ready matches (best first), never one player on two stations. */
export function autoAssign(
  sources: ReadySources,
  stations: readonly FloorStation[],
): { stationId: string; matchId: string }[] {
  const free = stations.filter((s) => !s.outOfOrder && s.streamId === null && s.matchId === null)
  if (free.length === 0) return []
  const busy = new Set<string>()
  const assignments: { stationId: string; matchId: string }[] = []
  for (const node of readyMatches(sources, stations)) {
    if (assignments.length === free.length) break
    const players = participantsOf(node)
    if (players.some((id) => busy.has(id))) continue
    players.forEach((id) => busy.add(id))
    assignments.push({ stationId: free[assignments.length]!.id, matchId: node.id })
  }
  return assignments
}
