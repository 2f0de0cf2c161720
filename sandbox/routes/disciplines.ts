// /disciplines (list and detail), served under both the organizer and the participant-facing bases.
import type { FastifyInstance } from 'fastify'
import type { SandboxContext } from '../context'
import { notFound, sendRange } from '../http/replies'
import type { DisciplineRecord } from '../store/records'

export function disciplineRoutes(app: FastifyInstance, { store }: SandboxContext): void {
  const config = { access: 'key' as const }
  app.get('/disciplines', { config }, (request, reply) => {
    const summary = ({ id, name, shortname, fullname, copyrights }: DisciplineRecord) => ({
      id,
      name,
      shortname,
      fullname,
      copyrights,
    })
    return sendRange(request, reply, 'disciplines', [...store.disciplines.values()], { form: summary })
  })
  app.get<{ Params: { id: string } }>('/disciplines/:id', { config }, (request, reply) => {
    return store.disciplines.get(request.params.id) ?? notFound(reply, 'discipline', request.params.id)
  })
}
