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
  app.post('/expire-tokens', { config }, (_request, reply) => {
    oauth.expireAll()
    return reply.code(204).send()
  })
}
