// What people call a match: "Winners round 3 · match 2", "Grand final", "Group B · round 2 · match 4", and what an
// undecided slot waits for ("Winner of WB R2 M3"); derived from the stage's shape, the branch and the round.
import type { BracketNode, Opponent } from '../api'
import { byServiceId } from './match-order'

export interface MatchLabel {
  /** For people: "Losers round 5 · match 1". */
  long: string
  /** For tight places and slot sources: "LB R5 M1". */
  short: string
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

function labelOne(node: BracketNode, shape: Shape, round: number, lastRound: number, group: number, groups: number) {
  const m = node.number
  if (shape === 'double') {
    if (node.branch === 'gf')
      return round === 1 ? { long: 'Grand final', short: 'GF' } : { long: 'Grand final reset', short: 'GF2' }
    const [word, short] = node.branch === 'lb' ? ['Losers', 'LB'] : ['Winners', 'WB']
    return { long: `${word} round ${round} · match ${m}`, short: `${short} R${round} M${m}` }
  }
  if (shape === 'single' && round === lastRound) return { long: 'Final', short: 'Final' }
  const letter = String.fromCharCode(64 + group)
  const prefix =
    shape === 'round-robin' && groups > 1 ? { long: `Group ${letter} · round`, short: `G${letter} R` } : undefined
  return prefix
    ? { long: `${prefix.long} ${round} · match ${m}`, short: `${prefix.short}${round} M${m}` }
    : { long: `Round ${round} · match ${m}`, short: `R${round} M${m}` }
}

/** Labels for every node given, worked out per stage (the nodes of a stage must all be there). */
export function matchLabels(nodes: readonly BracketNode[]): Map<string, MatchLabel> {
  const labels = new Map<string, MatchLabel>()
  const stages = new Map<string, BracketNode[]>()
  for (const node of nodes) {
    const stage = stages.get(node.stage_id)
    if (stage) stage.push(node)
    else stages.set(node.stage_id, [node])
  }
  for (const stageNodes of stages.values()) {
    const shape = shapeOf(stageNodes)
    const groupRank = ranks(stageNodes.map((n) => n.group_id))
    for (const [groupId, group] of groupRank) {
      const groupNodes = stageNodes.filter((n) => n.group_id === groupId)
      const roundRank = ranks(groupNodes.map((n) => n.round_id))
      for (const node of groupNodes) {
        labels.set(node.id, labelOne(node, shape, roundRank.get(node.round_id)!, roundRank.size, group, groupRank.size))
      }
    }
  }
  return labels
}

/** Who sits in a slot: the participant, or what the slot waits for ("Winner of WB R2 M3"). */
export function slotName(opponent: Opponent, labels: ReadonlyMap<string, MatchLabel>): string {
  if (opponent.participant) return opponent.participant.name
  const source = opponent.source_node_id ? labels.get(opponent.source_node_id) : undefined
  if (!source) return 'To be decided'
  return `${opponent.source_type === 'loser' ? 'Loser' : 'Winner'} of ${source.short}`
}
