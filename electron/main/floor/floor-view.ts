// The venue floor as the desk, the boards and the doors see it, worked out from what the floor is built from (the
// bracket in the local copy, the stations and their assignments, the streams' desks): a pure function, so reading the
// floor never changes it. A floor station whose match was played shows free (the desk frees it in the store when it
// hears of the result); a match missing from the local copy frees nothing (a recovered database reads it again).
import type { ViewerLocale, Words } from '../../../shared/broadcast/words'
import type { BracketNode } from '../../../shared/api'
import type { MatchLabels } from '../../../shared/bracket/match-labels'
import { slotName } from '../../../shared/bracket/match-labels'
import { queueOf } from '../../../shared/bracket/stream-queue'
import { upNextOf, type FloorStation, type ReadySources } from '../../../shared/floor/auto-assign'
import {
  UP_NEXT_MAX,
  placeable,
  type BoardState,
  type CallNotice,
  type FloorMatch,
  type FloorState,
  type StationView,
  type UpNextMatch,
  type UpNextWait,
} from '../../../shared/floor/floor'
import type { StationPlayers } from '../../../shared/floor/players'
import type { AssignmentRow, StationRow } from '../store/floor-store'

/** What a floor is built from, read once per command. */
export interface FloorParts {
  nodes: Map<string, BracketNode>
  labels: MatchLabels
  stations: StationRow[]
  assignments: Map<string, AssignmentRow>
}

/** What else the view needs from the local copy and the producer's desk. */
export interface FloorLookups {
  tournamentName: string
  settings: { dqSeconds: number; webhookHost: string | null }
  webhook: Omit<FloorState['webhook'], 'host' | 'missing'>
  /** The webhook's address is named in the settings but gone from the keychain. */
  webhookMissing: boolean
  links: ReadonlyMap<string, readonly string[]>
  checkedIn(participantId: string): boolean | undefined
  streamName(streamId: string): string | undefined
  /** A stream's desk: what it has on air, and its own order of the queue. */
  streamDesk(streamId: string): { onAir: string | null; order: readonly string[] }
  /** A station's players' code and report for its match (none: the players' phones are not followed). */
  players?: ((stationId: string, matchId: string) => StationPlayers) | undefined
  now: number
}

/** The assignments of floor stations whose match was played: free stations, once the store hears of it. */
export function finishedOnFloor(parts: FloorParts): AssignmentRow[] {
  const floor = new Set(parts.stations.filter((s) => !s.streamId).map((s) => s.id))
  return [...parts.assignments.values()].filter(
    (a) => floor.has(a.stationId) && parts.nodes.get(a.matchId)?.status === 'completed',
  )
}

/** The parts with the played matches' floor stations free, as the store will have them. */
export function withFinishedFreed(parts: FloorParts): FloorParts {
  const done = finishedOnFloor(parts)
  if (done.length === 0) return parts
  const assignments = new Map(parts.assignments)
  for (const a of done) assignments.delete(a.stationId)
  return { ...parts, assignments }
}

/** The stations as auto-assign sees them. */
export function floorStations(parts: FloorParts): FloorStation[] {
  return parts.stations.map((s) => ({
    id: s.id,
    outOfOrder: s.outOfOrder,
    streamId: s.streamId,
    matchId: s.streamId ? null : (parts.assignments.get(s.id)?.matchId ?? null),
  }))
}

export function readySources(parts: FloorParts, lookups: Pick<FloorLookups, 'links' | 'checkedIn'>): ReadySources {
  return { nodes: [...parts.nodes.values()], links: lookups.links, checkedIn: lookups.checkedIn }
}

export function floorView(tournamentId: string, built: FloorParts, lookups: FloorLookups): FloorState {
  const parts = withFinishedFreed(built)
  const nodes = [...parts.nodes.values()]
  const floorMatch = (node: BracketNode): FloorMatch => ({
    id: node.id,
    label: parts.labels.get(node.id)?.long ?? `Match ${node.number}`,
    status: node.status,
    scheduledAt: node.scheduled_datetime,
    opponents: node.opponents.map((o) => ({
      name: slotName(o, parts.labels),
      participantId: o.participant?.id ?? null,
      checkedIn: o.participant ? (lookups.checkedIn(o.participant.id) ?? null) : null,
    })),
  })
  const streamMatch = (streamId: string): BracketNode | undefined => {
    const desk = lookups.streamDesk(streamId)
    const onAir = desk.onAir ? parts.nodes.get(desk.onAir) : undefined
    if (onAir && onAir.status !== 'completed') return onAir
    return queueOf({ stream: { id: streamId }, nodes, links: lookups.links, desk })[0]
  }
  const stations: StationView[] = parts.stations.map((station) => {
    const assignment = parts.assignments.get(station.id)
    const node = station.streamId ? streamMatch(station.streamId) : assignment && parts.nodes.get(assignment.matchId)
    // A stream's station keeps a call only while the stream still plays the match that was called.
    const call =
      node && assignment?.calledAt && assignment.deadline && assignment.matchId === node.id
        ? {
            calledAt: assignment.calledAt,
            deadline: assignment.deadline,
            arrived: assignment.arrived,
            times: assignment.times,
          }
        : null
    return {
      id: station.id,
      number: station.number,
      name: station.name,
      outOfOrder: station.outOfOrder,
      stream: station.streamId
        ? { id: station.streamId, name: lookups.streamName(station.streamId) ?? 'a stream no longer listed' }
        : null,
      match: node ? floorMatch(node) : null,
      call,
      players: node && lookups.players ? lookups.players(station.id, node.id) : null,
    }
  })
  const stationName = new Map(parts.stations.map((s) => [s.id, s.name]))
  // A stream's station shows the stream's match: that one is being played, not up next.
  const shown = new Set(stations.flatMap((s) => s.match?.id ?? []))
  const upNext = upNextOf(readySources(parts, lookups), floorStations(parts))
    .filter(({ node }) => !shown.has(node.id))
    .slice(0, UP_NEXT_MAX)
    .map(({ node, waits }): UpNextMatch => {
      const match = floorMatch(node)
      const nameOf = (participantId: string) =>
        match.opponents.find((o) => o.participantId === participantId)?.name ?? participantId
      const said: UpNextWait[] = [
        ...(waits.streams.length
          ? [{ kind: 'on-stream' as const, streams: waits.streams.map((id) => lookups.streamName(id) ?? 'a stream') }]
          : []),
        ...waits.busy.map(({ participantId, stationId }) => ({
          kind: 'busy' as const,
          name: nameOf(participantId),
          station: stationName.get(stationId) ?? 'another station',
        })),
        ...(waits.notCheckedIn.length
          ? [{ kind: 'not-checked-in' as const, names: waits.notCheckedIn.map(nameOf) }]
          : []),
      ]
      return { ...match, waits: said }
    })
  return {
    tournamentId,
    tournament: lookups.tournamentName,
    dqSeconds: lookups.settings.dqSeconds,
    webhook: { host: lookups.settings.webhookHost, missing: lookups.webhookMissing, ...lookups.webhook },
    stations,
    upNext,
    now: lookups.now,
  }
}

/**
 * What a venue board shows: names and stations (no webhook, no participant ids or check-in state, no station codes or
 * reports); its Up next only
 * the matches that may go on a floor station, in order (a stream's match and a busy player's wait elsewhere).
 */
export function boardOf({ webhook: _webhook, ...state }: FloorState, locale: ViewerLocale): BoardState {
  const named = <M extends FloorMatch>(match: M): M => ({
    ...match,
    opponents: match.opponents.map((o) => ({ name: o.name, participantId: null, checkedIn: null })),
  })
  return {
    ...state,
    // A station's one-time code and its players' reports are the desk's and the players' own: never on a board.
    stations: state.stations.map((s) => ({ ...s, match: s.match && named(s.match), players: null })),
    upNext: state.upNext.filter(placeable).map((m) => ({ ...named(m), waits: [] })),
    locale,
  }
}

/** A call whose players are not all there yet. */
export function standing(station: StationView): boolean {
  return station.match !== null && station.call !== null && !station.call.arrived.every(Boolean)
}

/** A called station as the doors are told it, in the tournament's language: "Called: A vs B → Station 7". */
export function noticeOf(station: StationView, words: Words): CallNotice {
  const opponents = station.match!.opponents.map((o) => o.name)
  return {
    stationId: station.id,
    station: station.name,
    matchId: station.match!.id,
    opponents,
    at: station.call!.calledAt,
    deadline: station.call!.deadline,
    text: words.called(opponents, station.name),
  }
}
