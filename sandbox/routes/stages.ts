// /stages, the legacy tournament-scoped stage reads, and the public v1 stage routes.
import type { FastifyInstance } from 'fastify'
import { StageCreate, StageUpdate, StagesQuery } from '../../shared/api'
import type { SandboxContext } from '../context'
import { notFound, parseOr, sendError, sendRange } from '../http/replies'
import { stageForms } from '../store/forms'
import type { StageRecord } from '../store/records'

type Id = { Params: { id: string } }
type Scoped = { Params: { tournament_id: string; id: string } }
const read = { access: ['organizer:result', 'organizer:admin'] as const }
const admin = { access: ['organizer:admin'] as const }
const legacy = { access: ['organizer:result'] as const }
const byNumber = (a: StageRecord, b: StageRecord) => a.number - b.number

export function stageRoutes(app: FastifyInstance, { store }: SandboxContext): void {
  app.get('/stages', { config: read }, (request, reply) => {
    const query = parseOr(reply, StagesQuery, request.query, 'query')
    if (!query) return reply
    const items = [...store.stages.values()].filter(
      (s) => !query.tournament_ids || query.tournament_ids.includes(s.tournament_id),
    )
    // The interface lists 200 for this list, unlike the others (206).
    return sendRange(request, reply, 'stages', items.sort(byNumber), { status: 200 })
  })

  app.post('/stages', { config: admin }, (request, reply) => {
    const body = parseOr(reply, StageCreate, request.body, 'body')
    if (!body) return reply
    if (!store.tournaments.has(body.tournament_id)) {
      return sendError(reply, 400, `tournament_id ${body.tournament_id} is not a tournament`, {
        scope: 'body',
        property_path: 'tournament_id',
        invalid_value: body.tournament_id,
        type: 'not_found',
      })
    }
    const stage: StageRecord = {
      id: store.ids.next(),
      status: 'pending',
      closed: false,
      ...body,
      match_settings: body.match_settings ?? {},
      auto_placement_enabled: body.auto_placement_enabled ?? false,
    }
    store.stages.set(stage.id, stage)
    return reply.code(201).send(stage)
  })

  app.get<Id>(
    '/stages/:id',
    { config: read },
    (request, reply) => store.stages.get(request.params.id) ?? notFound(reply, 'stage', request.params.id),
  )

  app.patch<Id>('/stages/:id', { config: admin }, (request, reply) => {
    const stage = store.stages.get(request.params.id)
    if (!stage) return notFound(reply, 'stage', request.params.id)
    const body = parseOr(reply, StageUpdate, request.body, 'body')
    if (!body) return reply
    const { type: _type, tournament_id: _tournament, ...changes } = body
    Object.assign(stage, Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)))
    return stage
  })

  app.delete<Id>('/stages/:id', { config: admin }, (request, reply) => {
    if (!store.stages.has(request.params.id)) return notFound(reply, 'stage', request.params.id)
    store.deleteStage(request.params.id)
    return reply.code(204).send()
  })

  app.get<Scoped>('/tournaments/:tournament_id/stages', { config: legacy }, (request, reply) => {
    if (!store.tournaments.has(request.params.tournament_id))
      return notFound(reply, 'tournament', request.params.tournament_id)
    return [...store.stages.values()]
      .filter((s) => s.tournament_id === request.params.tournament_id)
      .sort(byNumber)
      .map(stageForms.legacy)
  })

  app.get<Scoped>('/tournaments/:tournament_id/stages/:id', { config: legacy }, (request, reply) => {
    const stage = store.stages.get(request.params.id)
    if (!stage || stage.tournament_id !== request.params.tournament_id)
      return notFound(reply, 'stage', request.params.id)
    return stageForms.legacy(stage)
  })
}

export function v1Routes(app: FastifyInstance, { store }: SandboxContext): void {
  const config = { access: 'public' as const }
  app.get<Scoped>('/tournaments/:tournament_id/stages', { config }, (request, reply) => {
    const tournament = store.tournaments.get(request.params.tournament_id)
    if (!tournament?.public) return notFound(reply, 'published tournament', request.params.tournament_id)
    return [...store.stages.values()]
      .filter((s) => s.tournament_id === tournament.id)
      .sort(byNumber)
      .map(stageForms.v1)
      .filter((s) => s !== undefined)
  })

  const retired =
    'this v1 endpoint no longer works since the version 2 engine was rebuilt; use GET /organizer/v2/stages and /organizer/v2/bracket-nodes'
  for (const path of [
    '/tournaments/:tournament_id/stages/:number',
    '/tournaments/:tournament_id/stages/:number/view',
  ]) {
    app.get(path, { config }, (_request, reply) =>
      sendError(reply, 410, retired, { scope: 'path', type: 'deprecated' }),
    )
  }
}
