// The feed of one stream as a pure function of the cached data and the producer's desk: no I/O, tested without a server.
import type { BracketNode, Stage, Stream } from '../../../shared/api'
import { matchLabels, slotName, slotWait, type MatchLabels } from '../../../shared/bracket/match-labels'
import { isDecided, queueOf, type QueueSources } from '../../../shared/bracket/stream-queue'
import type { Caster, Feed, FeedMatch } from '../../../shared/broadcast/feed'
import { stageBoard, type StageBoard } from '../../../shared/broadcast/stage-board'
import { estimateStarts, observedMatchMs } from './estimates'

/** What every stream of a tournament takes from its bracket and links, worked out once per change of either. */
export interface BracketSources {
  /** Every node of the tournament. */
  nodes: readonly BracketNode[]
  /** Match id → the stream ids linked to it. */
  links: ReadonlyMap<string, readonly string[]>
  /** Node id → node. */
  byId: ReadonlyMap<string, BracketNode>
  /** Stream id → the nodes linked to it, in the tournament's order (a stream's queue looks at these only). */
  linkedTo: ReadonlyMap<string, readonly BracketNode[]>
  /** "winner:<id>" / "loser:<id>" → the first node that match's winner or loser goes to. */
  leadsTo: ReadonlyMap<string, BracketNode>
  labels: MatchLabels
  /** How long a match of each stage takes on a stream (see estimates.ts). */
  observed: ReadonlyMap<string, number>
}

/** What every stream of a tournament shares, worked out once per change of the tournament's data. */
export interface TournamentSources extends BracketSources {
  tournament: Feed['tournament']
  /** Stage id → best of how many games, where the stage's match format says. */
  bestOf: ReadonlyMap<string, number>
  /** Whether a participant is checked in, as the cached participant list says; undefined when unknown. */
  checkedIn(participantId: string): boolean | undefined
  /** The country a participant plays for (see shared/broadcast/country.ts); null when not known. */
  countryOf(participantId: string): string | null
  /** The top 8 or standings of a match's stage (its group's, for standings), worked out once per change of the data. */
  boardOf(node: BracketNode): StageBoard | null
}

export interface FeedSources extends TournamentSources {
  stream: Stream
  desk: { onAir: string | null; takenAt: number | null; order: readonly string[] }
  casters: readonly Caster[]
  now: number
  /** Offline, nothing is estimated: the feed says only what was last known. */
  online: boolean
}

export function bracketSources(
  nodes: readonly BracketNode[],
  links: ReadonlyMap<string, readonly string[]>,
): BracketSources {
  const byId = new Map<string, BracketNode>()
  const linkedTo = new Map<string, BracketNode[]>()
  const leadsTo = new Map<string, BracketNode>()
  for (const node of nodes) {
    byId.set(node.id, node)
    for (const o of node.opponents) {
      const from = `${o.source_type}:${o.source_node_id}`
      if (o.source_node_id && !leadsTo.has(from)) leadsTo.set(from, node)
    }
    for (const streamId of links.get(node.id) ?? []) {
      const linked = linkedTo.get(streamId)
      if (linked) linked.push(node)
      else linkedTo.set(streamId, [node])
    }
  }
  return { nodes, links, byId, linkedTo, leadsTo, labels: matchLabels(nodes), observed: observedMatchMs(nodes, links) }
}

/** A tournament's sources from its bracket's (which can be kept while only the rest changes). */
export function withBracket(
  bracket: BracketSources,
  tournament: TournamentSources['tournament'],
  checkedIn: TournamentSources['checkedIn'],
  stages: readonly BoardStage[] = [],
  countryOf: TournamentSources['countryOf'] = () => null,
): TournamentSources {
  const bestOf = new Map<string, number>()
  for (const stage of stages) {
    const sets = stage.match_settings?.format?.options?.nb_match_sets
    if (typeof sets === 'number' && sets >= 1) bestOf.set(stage.id, sets)
  }
  return { ...bracket, tournament, bestOf, checkedIn, countryOf, boardOf: boardsOf(bracket, stages) }
}

/** What a stage's board needs of it (its match settings for the best-of). */
type BoardStage = Pick<Stage, 'id' | 'match_settings'> & Partial<Pick<Stage, 'name' | 'type' | 'settings'>>

/** Each stage's (and group's) board, worked out the first time a feed asks for it with these sources. */
function boardsOf(bracket: BracketSources, stages: readonly BoardStage[]): TournamentSources['boardOf'] {
  const made = new Map<string, StageBoard | null>()
  let byStage: Map<string, BracketNode[]> | undefined
  return (node) => {
    const stage = stages.find((s) => s.id === node.stage_id)
    if (!stage?.type) return null
    const key = `${node.stage_id}:${node.group_id}`
    if (made.has(key)) return made.get(key)!
    if (!byStage) {
      byStage = new Map()
      for (const n of bracket.nodes) {
        const list = byStage.get(n.stage_id)
        if (list) list.push(n)
        else byStage.set(n.stage_id, [n])
      }
    }
    const { labels } = bracket
    const board = stageBoard(
      {
        stage: {
          id: stage.id,
          name: stage.name ?? '',
          type: stage.type,
          tieBreakers: stage.settings?.tiebreakers?.map((breaker) => breaker.name),
        },
        nodes: byStage.get(node.stage_id) ?? [],
        label: (n) => labels.get(n.id),
        groupName: () => labels.get(node.id)?.name.group ?? null,
        slotName: (o) => slotName(o, labels),
        slotWait: (o) => slotWait(o, labels),
      },
      node.group_id,
    )
    made.set(key, board)
    return board
  }
}

export function tournamentSources(
  tournament: TournamentSources['tournament'],
  nodes: readonly BracketNode[],
  links: ReadonlyMap<string, readonly string[]>,
  checkedIn: TournamentSources['checkedIn'],
  stages: readonly BoardStage[] = [],
  countryOf: TournamentSources['countryOf'] = () => null,
): TournamentSources {
  return withBracket(bracketSources(nodes, links), tournament, checkedIn, stages, countryOf)
}

function matchOf(node: BracketNode, labels: MatchLabels, sources: FeedSources, estimate: string | null): FeedMatch {
  return {
    id: node.id,
    label: labels.get(node.id)?.long ?? `Match ${node.number}`,
    name: labels.get(node.id)?.name ?? null,
    status: node.status,
    scheduledAt: node.scheduled_datetime,
    estimatedStart: estimate,
    opponents: node.opponents.map((o) => ({
      name: slotName(o, labels),
      score: o.score,
      result: o.result,
      checkedIn: o.participant ? (sources.checkedIn(o.participant.id) ?? null) : null,
      country: o.participant ? sources.countryOf(o.participant.id) : null,
      waitsFor: slotWait(o, labels),
    })),
    decided: isDecided(node),
    bestOf: sources.bestOf.get(node.stage_id) ?? null,
    games: null,
    swapped: false,
  }
}

/** A stream's queue (shared/bracket/stream-queue.ts), looking only at the nodes linked to it. */
export function streamQueue(
  sources: TournamentSources,
  stream: QueueSources['stream'],
  desk: QueueSources['desk'],
): BracketNode[] {
  return queueOf({ links: sources.links, nodes: sources.linkedTo.get(stream.id) ?? [], stream, desk })
}

export function buildFeed(sources: FeedSources): Feed {
  const { stream, tournament, byId, labels, observed, desk, now, online } = sources
  const onAir = desk.onAir ? (byId.get(desk.onAir) ?? null) : null
  const queue = streamQueue(sources, stream, desk)
  const estimates = online
    ? estimateStarts({ onAir, takenAt: desk.takenAt, queue, observed, now })
    : new Map<string, string | null>()
  const goesTo = (type: 'winner' | 'loser') => {
    const target = onAir && sources.leadsTo.get(`${type}:${onAir.id}`)
    return (target && labels.get(target.id)) ?? null
  }
  const [winnerTo, loserTo] = [goesTo('winner'), goesTo('loser')]
  return {
    stream: { id: stream.id, name: stream.name, url: stream.url, language: stream.language },
    tournament,
    casters: [...sources.casters],
    onAir: onAir ? matchOf(onAir, labels, sources, null) : null,
    next: queue.map((node) => matchOf(node, labels, sources, estimates.get(node.id) ?? null)),
    onAirPath: onAir
      ? {
          winnerTo: winnerTo?.long ?? null,
          loserTo: loserTo?.long ?? null,
          winnerToName: winnerTo?.name ?? null,
          loserToName: loserTo?.name ?? null,
        }
      : null,
    board: (() => {
      const node = onAir ?? queue[0]
      return node ? sources.boardOf(node) : null
    })(),
    hidden: [],
    held: false,
    difficulties: false,
    sponsors: null,
    pickImages: null,
    updatedAt: new Date(now).toISOString(),
  }
}
