// Builds the groups, rounds and nodes of a stage, linked by source_node_id the way the public service links them.
import type { Opponent } from '../../shared/api'
import type { Store } from '../store/store'
import type { NodeRecord, StageRecord } from '../store/records'

export interface Entrant {
  id: string
  name: string
  custom_user_identifier: string | null
}

type Branch = NodeRecord['branch']
export type Source = { type: 'winner' | 'loser'; node: NodeRecord } | { type: 'none'; entrant: Entrant | null }

export class BracketBuilder {
  private groupNumber = 0
  private readonly built: NodeRecord[] = []

  constructor(
    private readonly store: Store,
    private readonly stage: StageRecord,
  ) {}

  group(name: string): string {
    const id = this.store.ids.next()
    this.store.groups.set(id, { id, stage_id: this.stage.id, number: ++this.groupNumber, name })
    return id
  }

  round(groupId: string, number: number): string {
    const id = this.store.ids.next()
    this.store.rounds.set(id, { id, stage_id: this.stage.id, group_id: groupId, number })
    return id
  }

  node(groupId: string, roundId: string, number: number, branch: Branch, sources: [Source, Source]): NodeRecord {
    const node: NodeRecord = {
      id: this.store.ids.next(),
      tournament_id: this.stage.tournament_id,
      stage_id: this.stage.id,
      group_id: groupId,
      round_id: roundId,
      number,
      type: 'duel',
      status: 'pending',
      scheduled_datetime: null,
      played_at: null,
      depth: 0,
      branch,
      opponents: sources.map((source, index) => opponent(index + 1, source)),
    }
    this.built.push(node)
    this.store.nodes.set(node.id, node)
    return node
  }

  nodesOf(roundId: string): NodeRecord[] {
    return this.built.filter((node) => node.round_id === roundId)
  }

  /** Depth is the longest path from a node to the end of its bracket, the last match being 1. */
  finishBracket(): void {
    const feeds = new Map<string, NodeRecord[]>()
    for (const node of this.built) {
      for (const o of node.opponents) {
        if (o.source_node_id) feeds.set(o.source_node_id, [...(feeds.get(o.source_node_id) ?? []), node])
      }
    }
    const depth = new Map<string, number>()
    const depthOf = (node: NodeRecord): number => {
      const known = depth.get(node.id)
      if (known !== undefined) return known
      const next = feeds.get(node.id) ?? []
      const value = 1 + Math.max(0, ...next.map(depthOf))
      depth.set(node.id, value)
      return value
    }
    // Visit from the last-built nodes first so recursion stays shallow on 2,048-entrant brackets.
    for (const node of [...this.built].reverse()) node.depth = depthOf(node)
  }
}

function opponent(number: number, source: Source): Opponent {
  const entrant = source.type === 'none' ? source.entrant : null
  return {
    number,
    position: number,
    result: null,
    rank: null,
    forfeit: false,
    score: null,
    source_type: source.type,
    source_node_id: source.type === 'none' ? null : source.node.id,
    participant: entrant ? { ...entrant, custom_fields: {} } : null,
  }
}

export const seat = (entrant: Entrant | null): Source => ({ type: 'none', entrant })
export const winnerOf = (node: NodeRecord): Source => ({ type: 'winner', node })
export const loserOf = (node: NodeRecord): Source => ({ type: 'loser', node })
