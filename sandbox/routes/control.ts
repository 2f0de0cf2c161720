// /_sandbox control routes (only with --control): change faults while running, read request stats, expire tokens,
// give a match its result (as the organiser entering it on the service would).
import type { FastifyInstance } from 'fastify'
import { FaultUpdate, type Faults } from '../faults'
import { notFound, parseOr, sendError } from '../http/replies'
import type { SandboxContext } from '../context'
import type { MatchEngine } from '../simulation/match-engine'
import type { Stats } from '../stats'

export interface ControlParts {
  faults: Faults
  stats: Stats
  engine: MatchEngine
}

export function controlRoutes(
  app: FastifyInstance,
  { oauth, store }: SandboxContext,
  { faults, stats, engine }: ControlParts,
): void {
  const config = { access: 'key' as const }
  app.post('/faults', { config }, async (request, reply) => {
    const change = parseOr(reply, FaultUpdate, request.body, 'body')
    if (!change) return reply
    const { offlineForMs, ...settings } = change
    if (settings.offline !== true && offlineForMs === undefined) return faults.update(change)
    // Going offline cuts every connection: answer first, then switch.
    reply.raw.once('finish', () => void faults.update(change))
    return { ...faults.settings, ...settings, offline: true }
  })
  app.get('/stats', { config }, () => stats.snapshot())
  app.post('/stats/reset', { config }, (_request, reply) => {
    stats.reset()
    return reply.code(204).send()
  })
  // The match played to its end now: a result as the service reports it, its winner and loser moved on.
  app.post<{ Params: { id: string } }>('/matches/:id/result', { config }, (request, reply) => {
    const node = store.nodes.get(request.params.id.slice(0, 100))
    if (!node) return notFound(reply, 'match', request.params.id.slice(0, 100))
    if (node.status === 'completed')
      return sendError(reply, 409, `match ${node.id} has its result already`, { scope: 'path', type: 'invalid' })
    // A match without its two opponents cannot be played (the engine leaves it pending).
    if (node.status === 'pending' && !engine.isReady(node))
      return sendError(reply, 409, `match ${node.id} cannot end: it has no two opponents yet`, {
        scope: 'path',
        type: 'invalid',
      })
    engine.complete(node)
    return node
  })
  app.post('/expire-tokens', { config }, (_request, reply) => {
    oauth.expireAll()
    return reply.code(204).send()
  })
}
