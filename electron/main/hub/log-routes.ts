// The device pages' failures (door, board, tablet, overlay) into main's log: a paired device or this machine sends a
// few bounded lines, written under its name with a budget per minute (`page-log.ts`).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { PageLines, PAGE_LOG_LIMITS } from '../../../shared/log/page-lines'
import { access, deviceOf } from './hub-access'
import type { HubContext } from './hub-context'

/**
 * The most a call's body may hold, in bytes: the contract's lines at their longest as JSON, each character at its
 * longest escaped (`\u001b`: 6 bytes), so a batch the contract takes is never refused by its size.
 */
const BODY_LIMIT = PAGE_LOG_LIMITS.lines * ((PAGE_LOG_LIMITS.message + PAGE_LOG_LIMITS.stack) * 6 + 200)

export function logRoutes(server: FastifyInstance, { registry, pages }: HubContext): void {
  /**
   * Who sent the lines, as the log names them and the budget counts them: the paired device (its id too: two devices
   * may share a name), or this machine's pages (its overlays in OBS), which share one budget.
   */
  const sourceOf = (request: FastifyRequest) => {
    const device = deviceOf(request, registry)
    return device ? `${device.kind} ${device.name} (${device.id.slice(0, 8)})` : 'this machine'
  }

  server.post('/log/v1/page', { config: access('viewer'), bodyLimit: BODY_LIMIT }, (request, reply) => {
    const body = PageLines.safeParse(request.body)
    if (!body.success) {
      const issue = body.error.issues[0]
      return reply.code(400).send({ error: issue?.message ?? 'lines: not lines the log takes' })
    }
    return reply.send({ written: pages.write(sourceOf(request), body.data.lines) })
  })
}
