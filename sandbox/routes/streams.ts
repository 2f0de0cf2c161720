// /streams, /matches/{match_id}/streams and their legacy tournament-scoped forms; 128 per tournament, 32 per match.
import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  LIMITS,
  LegacyStreamCreate,
  LegacyStreamsQuery,
  MatchStreamIds,
  StreamCreate,
  StreamUpdate,
  StreamsQuery,
} from '../../shared/api'
import type { SandboxContext } from '../context'
import { notFound, parseOr, sendError, sendRange } from '../http/replies'
import { streamForms } from '../store/forms'
import type { StreamRecord } from '../store/records'

type Id = { Params: { id: string; tournament_id?: string } }
type Match = { Params: { match_id: string; tournament_id?: string } }
const view = { access: ['organizer:view'] as const }
const admin = { access: ['organizer:admin'] as const }
const result = { access: ['organizer:result'] as const }

export function streamRoutes(app: FastifyInstance, { store }: SandboxContext): void {
  const find = (reply: FastifyReply, id: string, tournamentId?: string): StreamRecord | undefined => {
    const stream = store.streams.get(id)
    if (stream && (!tournamentId || stream.tournament_id === tournamentId)) return stream
    notFound(reply, 'stream', id)
    return undefined
  }

  const create = (reply: FastifyReply, fields: Omit<StreamRecord, 'id'>): StreamRecord | undefined => {
    if (!store.tournaments.has(fields.tournament_id)) {
      notFound(reply, 'tournament', fields.tournament_id)
      return undefined
    }
    if (store.streamsOfTournament(fields.tournament_id).length >= LIMITS.streamsPerTournament) {
      sendError(reply, 400, `a tournament can have at most ${LIMITS.streamsPerTournament} streams`, {
        scope: 'body',
        property_path: 'tournament_id',
        invalid_value: fields.tournament_id,
        type: 'limit',
      })
      return undefined
    }
    const stream = { id: store.ids.next(), ...fields }
    store.streams.set(stream.id, stream)
    return stream
  }

  const update = (reply: FastifyReply, stream: StreamRecord, raw: unknown): StreamRecord | undefined => {
    const body = parseOr(reply, StreamUpdate, raw, 'body')
    if (!body) return undefined
    Object.assign(stream, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)))
    return stream
  }

  const matchOf = (reply: FastifyReply, matchId: string, tournamentId?: string) => {
    const node = store.nodes.get(matchId)
    if (node && (!tournamentId || node.tournament_id === tournamentId)) return node
    notFound(reply, 'match', matchId)
    return undefined
  }

  const replaceLinks = (reply: FastifyReply, matchId: string, tournamentId: string | undefined, raw: unknown) => {
    const node = matchOf(reply, matchId, tournamentId)
    const ids = node && parseOr(reply, MatchStreamIds, raw, 'body')
    if (!node || !ids) return reply
    const foreign = ids.findIndex((id) => store.streams.get(id)?.tournament_id !== node.tournament_id)
    if (foreign >= 0) {
      return sendError(reply, 400, `stream ${ids[foreign]} is not a stream of this match's tournament`, {
        scope: 'body',
        property_path: String(foreign),
        invalid_value: ids[foreign],
        type: 'not_found',
      })
    }
    store.matchStreams.set(node.id, ids)
    return ids
  }

  app.get('/streams', { config: view }, (request, reply) => {
    const q = parseOr(reply, StreamsQuery, request.query, 'query')
    if (!q) return reply
    const items = [...store.streams.values()].filter(
      (s) =>
        (!q.tournament_ids || q.tournament_ids.includes(s.tournament_id)) &&
        (!q.stream_ids || q.stream_ids.includes(s.id)) &&
        (!q.languages || q.languages.includes(s.language)),
    )
    return sendRange(request, reply, 'streams', items)
  })

  app.post('/streams', { config: admin }, (request, reply) => {
    const body = parseOr(reply, StreamCreate, request.body, 'body')
    const stream = body && create(reply, body)
    return stream ? reply.code(201).send(stream) : reply
  })

  app.get<Id>('/streams/:id', { config: view }, (request, reply) => find(reply, request.params.id) ?? reply)
  app.patch<Id>('/streams/:id', { config: admin }, (request, reply) => {
    const stream = find(reply, request.params.id)
    return (stream && update(reply, stream, request.body)) ?? reply
  })
  app.delete<Id>('/streams/:id', { config: admin }, (request, reply) => {
    if (!find(reply, request.params.id)) return reply
    store.deleteStream(request.params.id)
    return reply.code(204).send()
  })

  app.get<Match>('/matches/:match_id/streams', { config: result }, (request, reply) =>
    matchOf(reply, request.params.match_id) ? (store.matchStreams.get(request.params.match_id) ?? []) : reply,
  )
  app.put<Match>('/matches/:match_id/streams', { config: result }, (request, reply) =>
    replaceLinks(reply, request.params.match_id, undefined, request.body),
  )

  // Legacy tournament-scoped forms: the same records, answered without tournament_id.
  app.get<Id>('/tournaments/:tournament_id/streams', { config: admin }, (request, reply) => {
    const q = parseOr(reply, LegacyStreamsQuery, request.query, 'query')
    const tournamentId = request.params.tournament_id!
    if (!q) return reply
    if (!store.tournaments.has(tournamentId)) return notFound(reply, 'tournament', tournamentId)
    const items = store
      .streamsOfTournament(tournamentId)
      .filter((s) => !q.languages || q.languages.includes(s.language))
    return sendRange(request, reply, 'streams', items, { form: streamForms.legacy })
  })
  app.post<Id>('/tournaments/:tournament_id/streams', { config: admin }, (request, reply) => {
    const body = parseOr(reply, LegacyStreamCreate, request.body, 'body')
    if (!body) return reply
    const missing = (['name', 'url', 'language'] as const).find((field) => body[field] === undefined)
    if (missing)
      return sendError(reply, 400, `${missing} is required to create a stream`, {
        scope: 'body',
        property_path: missing,
        type: 'required',
      })
    const stream = create(reply, {
      tournament_id: request.params.tournament_id!,
      name: body.name!,
      url: body.url!,
      language: body.language!,
    })
    return stream ? reply.code(201).send(streamForms.legacy(stream)) : reply
  })
  app.get<Id>('/tournaments/:tournament_id/streams/:id', { config: admin }, (request, reply) => {
    const stream = find(reply, request.params.id, request.params.tournament_id)
    return stream ? streamForms.legacy(stream) : reply
  })
  app.patch<Id>('/tournaments/:tournament_id/streams/:id', { config: admin }, (request, reply) => {
    const stream = find(reply, request.params.id, request.params.tournament_id)
    const updated = stream && update(reply, stream, request.body)
    return updated ? streamForms.legacy(updated) : reply
  })
  app.delete<Id>('/tournaments/:tournament_id/streams/:id', { config: admin }, (request, reply) => {
    if (!find(reply, request.params.id, request.params.tournament_id)) return reply
    store.deleteStream(request.params.id)
    return reply.code(204).send()
  })
  app.get<Match>('/tournaments/:tournament_id/matches/:match_id/streams', { config: result }, (request, reply) =>
    matchOf(reply, request.params.match_id, request.params.tournament_id)
      ? (store.matchStreams.get(request.params.match_id) ?? [])
      : reply,
  )
  app.put<Match>('/tournaments/:tournament_id/matches/:match_id/streams', { config: result }, (request, reply) =>
    replaceLinks(reply, request.params.match_id, request.params.tournament_id, request.body),
  )
}
