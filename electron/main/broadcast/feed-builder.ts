// The feed of one stream as a pure function of the cached data and the producer's desk: no I/O, tested without a server.
import type { BracketNode, Stage, Stream } from '../../../shared/api'
import { matchLabels, slotName, slotWait, type MatchLabel } from '../../../shared/bracket/match-labels'
import { isDecided, queueOf } from '../../../shared/bracket/stream-queue'
import type { Caster, Feed, FeedMatch } from '../../../shared/broadcast/feed'
import { estimateStarts, observedMatchMs } from './estimates'

/** What every stream of a tournament shares, worked out once per change of the tournament's data. */
export interface TournamentSources {
  tournament: Feed['tournament']
  /** Every node of the tournament. */
  nodes: readonly BracketNode[]
  /** Match id → the stream ids linked to it. */
  links: ReadonlyMap<string, string[]>
  labels: ReadonlyMap<string, MatchLabel>
  /** How long a match of each stage takes on a stream (see estimates.ts). */
  observed: ReadonlyMap<string, number>
  /** Stage id → best of how many games, where the stage's match format says. */
  bestOf: ReadonlyMap<string, number>
  /** Whether a participant is checked in, as the cached participant list says; undefined when unknown. */
  checkedIn(participantId: string): boolean | undefined
  /** The country a participant plays for (see shared/broadcast/country.ts); null when not known. */
  countryOf(participantId: string): string | null
}

export interface FeedSources extends TournamentSources {
  stream: Stream
  desk: { onAir: string | null; takenAt: number | null; order: readonly string[] }
  casters: readonly Caster[]
  now: number
  /** Offline, nothing is estimated: the feed says only what was last known. */
  online: boolean
}

export function tournamentSources(
  tournament: TournamentSources['tournament'],
  nodes: readonly BracketNode[],
  links: ReadonlyMap<string, string[]>,
  checkedIn: TournamentSources['checkedIn'],
  stages: readonly Pick<Stage, 'id' | 'match_settings'>[] = [],
  countryOf: TournamentSources['countryOf'] = () => null,
): TournamentSources {
  const bestOf = new Map<string, number>()
  for (const stage of stages) {
    const sets = stage.match_settings?.format?.options?.nb_match_sets
    if (typeof sets === 'number' && sets >= 1) bestOf.set(stage.id, sets)
  }
  return {
    tournament,
    nodes,
    links,
    labels: matchLabels(nodes),
    observed: observedMatchMs(nodes, links),
    bestOf,
    checkedIn,
    countryOf,
  }
}

function matchOf(
  node: BracketNode,
  labels: ReadonlyMap<string, MatchLabel>,
  sources: FeedSources,
  estimate: string | null,
): FeedMatch {
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
  }
}

export function buildFeed(sources: FeedSources): Feed {
  const { stream, tournament, nodes, labels, observed, desk, now, online } = sources
  const onAir = desk.onAir ? (nodes.find((n) => n.id === desk.onAir) ?? null) : null
  const queue = queueOf(sources)
  const estimates = online
    ? estimateStarts({ onAir, takenAt: desk.takenAt, queue, observed, now })
    : new Map<string, string | null>()
  const leadsTo = (type: 'winner' | 'loser') => {
    const target =
      onAir && nodes.find((n) => n.opponents.some((o) => o.source_node_id === onAir.id && o.source_type === type))
    return (target && labels.get(target.id)) ?? null
  }
  const [winnerTo, loserTo] = [leadsTo('winner'), leadsTo('loser')]
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
    held: false,
    updatedAt: new Date(now).toISOString(),
  }
}
