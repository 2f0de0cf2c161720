// What people call a match: "Winners round 3 · match 2", "Grand final", "Group B · round 2 · match 4", and what an
// undecided slot waits for ("Winner of WB R2 M3"); derived from the stage's shape, the branch and the round.
import type { BracketNode, Opponent } from '../api'
import { byServiceId } from './match-order'
import { groupBy } from '../collections/group-by'

/** What a match's label is made of, so it can be said in any language (the feed carries it as `name`). */
export interface MatchName {
  kind: 'round' | 'final' | 'grand-final' | 'grand-final-reset'
  /** The branch of a double elimination ("winners", "losers"); null elsewhere. */
  branch: 'winners' | 'losers' | null
  /** The group's letter when a round-robin stage has several groups; null elsewhere. */
  group: string | null
  round: number
  match: number
}

export interface MatchLabel {
  /** For people: "Losers round 5 · match 1". */
  long: string
  /** For tight places and slot sources: "LB R5 M1". */
  short: string
  name: MatchName
}

type Shape = 'double' | 'single' | 'round-robin'

/** 1, 2, 3 … for each distinct id, in the order the service issued them. */
function ranks(ids: Iterable<string>): Map<string, number> {
  return new Map([...new Set(ids)].sort(byServiceId).map((id, index) => [id, index + 1]))
}

function shapeOf(nodes: BracketNode[]): Shape {
  if (nodes.some((n) => n.branch === 'lb' || n.branch === 'gf')) return 'double'
  return nodes.some((n) => n.branch === 'wb') ? 'single' : 'round-robin'
}

/** The parts of a match's label, from the stage's shape, its group and round ranks. */
function nameOf(node: BracketNode, shape: Shape, round: number, lastRound: number, group: number, groups: number) {
  const name: MatchName = { kind: 'round', branch: null, group: null, round, match: node.number }
  if (shape === 'double') {
    if (node.branch === 'gf') return { ...name, kind: round === 1 ? 'grand-final' : 'grand-final-reset' } as const
    return { ...name, branch: node.branch === 'lb' ? 'losers' : 'winners' } as const
  }
  if (shape === 'single' && round === lastRound) return { ...name, kind: 'final' } as const
  return shape === 'round-robin' && groups > 1 ? { ...name, group: String.fromCharCode(64 + group) } : name
}

/** The English label of a match's parts: long for people, short for tight places. */
export function englishLabel(name: MatchName): Omit<MatchLabel, 'name'> {
  const { round, match: m } = name
  if (name.kind === 'grand-final') return { long: 'Grand final', short: 'GF' }
  if (name.kind === 'grand-final-reset') return { long: 'Grand final · reset', short: 'GF2' }
  if (name.kind === 'final') return { long: 'Final', short: 'Final' }
  if (name.branch) {
    const [word, short] = name.branch === 'losers' ? ['Losers', 'LB'] : ['Winners', 'WB']
    return { long: `${word} round ${round} · match ${m}`, short: `${short} R${round} M${m}` }
  }
  if (name.group)
    return { long: `Group ${name.group} · round ${round} · match ${m}`, short: `G${name.group} R${round} M${m}` }
  return { long: `Round ${round} · match ${m}`, short: `R${round} M${m}` }
}

/** A stage's labels by match id: what consumers of `matchLabels` look up (a Map serves too). */
export interface MatchLabels {
  get(matchId: string): MatchLabel | undefined
}

/** What a stage's labels are worked out from: its shape, its groups' ranks and each group's round ranks. */
interface StagePlan {
  shape: Shape
  groups: Map<string, number>
  rounds: Map<string, Map<string, number>>
}

/**
 * Labels for every node given, worked out per stage (the nodes of a stage must all be there). The stage's shape and
 * its group and round ranks are worked out at once; each label when first asked for: a 4,094-match bracket draws
 * ~40 of them, and building all of them held up its first picture.
 */
export function matchLabels(nodes: readonly BracketNode[]): MatchLabels {
  const byId = new Map(nodes.map((node) => [node.id, node]))
  const plans = new Map<string, StagePlan>()
  for (const [stageId, stageNodes] of groupBy(nodes, (node) => node.stage_id)) {
    const groups = groupBy(stageNodes, (node) => node.group_id)
    plans.set(stageId, {
      shape: shapeOf(stageNodes),
      groups: ranks(groups.keys()),
      rounds: new Map([...groups].map(([groupId, group]) => [groupId, ranks(group.map((node) => node.round_id))])),
    })
  }
  const made = new Map<string, MatchLabel>()
  return {
    get(matchId) {
      const known = made.get(matchId)
      if (known) return known
      const node = byId.get(matchId)
      if (!node) return undefined
      const { shape, groups, rounds: roundsOf } = plans.get(node.stage_id)!
      const rounds = roundsOf.get(node.group_id)!
      const name = nameOf(node, shape, rounds.get(node.round_id)!, rounds.size, groups.get(node.group_id)!, groups.size)
      const label = { ...englishLabel(name), name }
      made.set(matchId, label)
      return label
    },
  }
}

/** Who sits in a slot: the participant, or what the slot waits for ("Winner of WB R2 M3"). */
export function slotName(opponent: Opponent, labels: MatchLabels): string {
  if (opponent.participant) return opponent.participant.name
  const source = opponent.source_node_id ? labels.get(opponent.source_node_id) : undefined
  if (!source) return 'To be decided'
  return `${opponent.source_type === 'loser' ? 'Loser' : 'Winner'} of ${source.short}`
}

/** What an empty slot waits for, in parts (see `slotName`); null once it has its participant. */
export function slotWait(
  opponent: Opponent,
  labels: MatchLabels,
): { outcome: 'winner' | 'loser' | null; match: MatchName | null } | null {
  if (opponent.participant) return null
  const source = opponent.source_node_id ? labels.get(opponent.source_node_id) : undefined
  if (!source) return { outcome: null, match: null }
  return { outcome: opponent.source_type === 'loser' ? 'loser' : 'winner', match: source.name }
}
