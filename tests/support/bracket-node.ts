// Bracket nodes for tests and benchmarks: `matchNode`, a duel (or a free-for-all of more players) between the given
// participant ids, null for a slot still waiting for its opponent; and for the broadcast tests `node`, a node of a
// round of one winners' bracket scheduled half an hour a round after NOW, with `seat`s (a player, or one waiting for
// a match). Anything else is given in `extra`.
import type { BracketNode, Opponent } from '../../shared/api'

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

export const MINUTE = 60_000
export const NOW = Date.parse('2026-11-22T15:00:00Z')
export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

export const seat = (
  name: string | null,
  source?: { id: string; type: 'winner' | 'loser' },
  score: number | null = null,
): Opponent => ({
  number: 1,
  position: 1,
  result: null,
  rank: null,
  forfeit: false,
  score,
  source_type: source?.type ?? 'none',
  source_node_id: source?.id ?? null,
  participant: name
    ? { id: `p-${name}`, name, custom_user_identifier: `MD-${name}`, custom_fields: { email: 'x@y.z' } }
    : null,
})

export function node(
  id: string,
  round: number,
  number: number,
  status: BracketNode['status'],
  extra: Partial<BracketNode> = {},
): BracketNode {
  return {
    id,
    tournament_id: 't',
    stage_id: 's1',
    group_id: 'g1',
    round_id: `10${round}`,
    number,
    type: 'duel',
    status,
    scheduled_datetime: iso(NOW + round * 30 * MINUTE),
    played_at: null,
    depth: 4 - round,
    branch: 'wb',
    opponents: [seat(`A${id}`), seat(`B${id}`)],
    ...extra,
  }
}
