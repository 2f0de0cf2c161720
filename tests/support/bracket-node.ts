// A bracket node for tests and benchmarks: a duel (or a free-for-all of more players) between the given participant
// ids, null for a slot still waiting for its opponent; anything else given in `extra`.
import type { BracketNode } from '../../shared/api'

export function matchNode(id: string, players: (string | null)[], extra: Partial<BracketNode> = {}): BracketNode {
  return {
    id,
    tournament_id: 't',
    stage_id: '1',
    group_id: '1',
    round_id: '1',
    number: Number(id.replace(/\D/g, '')) || 1,
    type: players.length > 2 ? 'ffa' : 'duel',
    status: 'pending',
    scheduled_datetime: null,
    played_at: null,
    depth: 0,
    branch: null,
    opponents: players.map((p, number) => ({
      number,
      position: null,
      result: null,
      rank: null,
      forfeit: false,
      score: null,
      source_type: p ? ('none' as const) : ('winner' as const),
      source_node_id: null,
      participant: p ? { id: p, name: `Player ${p}` } : null,
    })),
    ...extra,
  }
}
