// /disciplines (list and detail), served under both the organizer and the participant-facing bases.
import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from '../context'
import { notFound, sendRange } from '../http/replies'

export function disciplineRoutes(app: FastifyInstance, { store }: SandboxContext): void {
  const config = { access: 'key' as const }
  app.get('/disciplines', { config }, (request, reply) => {
    const items = [...store.disciplines.values()].map(({ id, name, shortname, fullname, copyrights }) => ({ id, name, shortname, fullname, copyrights }))
    return sendRange(request, reply, 'disciplines', items)
  })
  app.get<{ Params: { id: string } }>('/disciplines/:id', { config }, (request, reply) => {
    return store.disciplines.get(request.params.id) ?? notFound(reply, 'discipline', request.params.id)
  })
}
