// /bracket-nodes: every filter of the interface, in bracket order (stage, group, round, number).
import type { FastifyInstance } from 'fastify'
import { BracketNodesQuery } from '../../shared/api'
import type { SandboxContext } from '../context'
import { parseOr, sendRange } from '../http/replies'
import { nodeForms } from '../store/forms'
import type { NodeRecord } from '../store/records'

export function bracketNodeRoutes(app: FastifyInstance, { store }: SandboxContext): void {
  app.get('/bracket-nodes', { config: { access: ['organizer:result'] } }, (request, reply) => {
    const q = parseOr(reply, BracketNodesQuery, request.query, 'query')
    if (!q) return reply
    const has = <T>(wanted: T[] | undefined, value: T | undefined) =>
      !wanted || (value !== undefined && wanted.includes(value))
    const stageNumber = (n: NodeRecord) => store.stages.get(n.stage_id)?.number
    const groupNumber = (n: NodeRecord) => store.groups.get(n.group_id)?.number
    const roundNumber = (n: NodeRecord) => store.rounds.get(n.round_id)?.number
    const items = [...store.nodes.values()].filter(
      (n) =>
        has(q.tournament_ids, n.tournament_id) &&
        has(q.stage_ids, n.stage_id) &&
        has(q.stage_numbers, stageNumber(n)) &&
        has(q.group_ids, n.group_id) &&
        has(q.group_numbers, groupNumber(n)) &&
        has(q.round_ids, n.round_id) &&
        has(q.round_numbers, roundNumber(n)) &&
        (q.min_depth === undefined || n.depth >= q.min_depth) &&
        (q.max_depth === undefined || n.depth <= q.max_depth),
    )
    return sendRange(request, reply, 'nodes', items, { form: nodeForms.current(store.participants) })
  })
}
