// Bracket nodes for the broadcast tests: a seat with a player (or waiting for a match), a node of a round of one
// winners' bracket, scheduled half an hour a round after NOW.
import type { BracketNode, Opponent } from '../../../shared/api'

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
