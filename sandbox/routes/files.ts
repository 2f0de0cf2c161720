// The service's image host, as the sandbox plays it: the files a tournament's logo addresses name, without
// credentials (as a CDN serves them). Only a logo some tournament carries is there.
import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from '../context'
import { sendError } from '../http/replies'
import { DEMO_LOGO_PNG } from '../seed/demo-logo'

export const LOGO_SIZES = ['s', 'm', 'l', 'o'] as const

export function fileRoutes(app: FastifyInstance, { store }: SandboxContext): void {
  app.get<{ Params: { id: string; file: string } }>(
    '/files/logos/:id/:file',
    { config: { access: 'public' } },
    (request, reply) => {
      const { id, file } = request.params
      const carried = [...store.tournaments.values()].some((t) => t.logo?.id === id)
      if (!carried || !LOGO_SIZES.some((size) => file === `${size}.png`))
        return sendError(reply, 404, `no file logos/${id}/${file}`, { scope: 'path', type: 'not_found' })
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=3600')
        .send(DEMO_LOGO_PNG)
    },
  )
}
