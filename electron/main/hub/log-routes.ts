// The device pages' failures (door, board, tablet, overlay) into main's log: a paired device or this machine sends a
// few bounded lines, written under its name with a budget per minute (`page-log.ts`).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { PageLines, PAGE_LOG_LIMITS } from '../../../shared/log/page-lines'
import { access, deviceOf } from './hub-access'
import type { HubContext } from './hub-context'

/** The most a call's body may hold: the contract's lines at their longest, as JSON. */
const BODY_LIMIT = PAGE_LOG_LIMITS.lines * (PAGE_LOG_LIMITS.message + PAGE_LOG_LIMITS.stack + 200) * 1.2

export function logRoutes(server: FastifyInstance, { registry, pages }: HubContext): void {
  /** Who sent the lines, as the log names them: the paired device, or this machine (an OBS overlay). */
  const sourceOf = (request: FastifyRequest) => {
    const device = deviceOf(request, registry)
    return device ? `${device.kind} ${device.name}` : 'this machine'
  }

  server.post('/log/v1/page', { config: access('viewer'), bodyLimit: Math.ceil(BODY_LIMIT) }, (request, reply) => {
    const body = PageLines.safeParse(request.body)
    if (!body.success) {
      const issue = body.error.issues[0]
      return reply.code(400).send({ error: issue?.message ?? 'lines: not lines the log takes' })
    }
    return reply.send({ written: pages.write(sourceOf(request), body.data.lines) })
  })
}
