// /_sandbox control routes (only with --control): change faults while running, read request stats, expire tokens.
import type { FastifyInstance } from 'fastify'
import { FaultUpdate, type Faults } from '../faults'
import { parseOr } from '../http/replies'
import type { SandboxContext } from '../context'
import type { Stats } from '../stats'

export function controlRoutes(app: FastifyInstance, { oauth }: SandboxContext, faults: Faults, stats: Stats): void {
  const config = { access: 'key' as const }
  app.post('/faults', { config }, async (request, reply) => {
    const change = parseOr(reply, FaultUpdate, request.body, 'body')
    return change ? faults.update(change) : reply
  })
  app.get('/stats', { config }, () => stats.snapshot())
  app.post('/stats/reset', { config }, (_request, reply) => {
    stats.reset()
    return reply.code(204).send()
  })
  app.post('/expire-tokens', { config }, (_request, reply) => {
    oauth.expireAll()
    return reply.code(204).send()
  })
}
