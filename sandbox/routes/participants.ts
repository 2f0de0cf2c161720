// /participants and the deprecated /tournaments/{tournament_id}/participants family.
import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  CustomFieldRequiredQuery,
  LegacyParticipantCreate,
  LegacyParticipantUpdate,
  LegacyParticipantsQuery,
  ParticipantCreate,
  ParticipantsQuery,
  PlayerParticipantUpdate,
  TeamParticipantUpdate,
} from '../../shared/api'
import type { SandboxContext } from '../context'
import { notFound, parseOr, sendError, sendRange } from '../http/replies'
import { participantForms } from '../store/forms'
import type { ParticipantRecord } from '../store/records'
import { createParticipant, filterParticipants, sortParticipants, updateParticipant } from './participant-ops'

type Id = { Params: { id: string } }
type Scoped = { Params: { tournament_id: string; id: string } }
const config = { access: ['organizer:participant'] as const }

export function participantRoutes(app: FastifyInstance, { store }: SandboxContext): void {
  const find = (reply: FastifyReply, id: string, tournamentId?: string): ParticipantRecord | undefined => {
    const record = store.participants.get(id)
    if (record && (!tournamentId || record.tournament_id === tournamentId)) return record
    notFound(reply, 'participant', id)
    return undefined
  }
  const tournamentOf = (reply: FastifyReply, id: string) =>
    store.tournaments.get(id) ?? void notFound(reply, 'tournament', id)
  const update = (reply: FastifyReply, record: ParticipantRecord, raw: unknown, legacy: boolean) => {
    const schema = legacy
      ? LegacyParticipantUpdate
      : record.type === 'team'
        ? TeamParticipantUpdate
        : PlayerParticipantUpdate
    const body = parseOr(reply, schema, raw, 'body')
    if (!body) return undefined
    updateParticipant(store, record, body)
    return record
  }

  app.get('/participants', { config }, (request, reply) => {
    const query = parseOr(reply, ParticipantsQuery, request.query, 'query')
    if (!query) return reply
    return sendRange(request, reply, 'participants', filterParticipants(store, query), { form: participantForms.list })
  })

  app.post('/participants', { config }, (request, reply) => {
    if (!parseOr(reply, CustomFieldRequiredQuery, request.query, 'query')) return reply
    const body = parseOr(reply, ParticipantCreate, request.body, 'body')
    if (!body) return reply
    const tournament = store.tournaments.get(body.tournament_id)
    if (!tournament) {
      return sendError(reply, 400, `tournament_id ${body.tournament_id} is not a tournament`, {
        scope: 'body',
        property_path: 'tournament_id',
        invalid_value: body.tournament_id,
        type: 'not_found',
      })
    }
    const expected = tournament.participant_type === 'team' ? 'team' : 'player'
    if (body.type !== expected) {
      return sendError(
        reply,
        400,
        `type must be ${expected}: the tournament takes ${tournament.participant_type} participants`,
        { scope: 'body', property_path: 'type', invalid_value: body.type, type: 'choice' },
      )
    }
    return reply.code(201).send(participantForms.detailed(createParticipant(store, tournament, body)))
  })

  app.get<Id>('/participants/:id', { config }, (request, reply) => {
    const record = find(reply, request.params.id)
    return record ? participantForms.detailed(record) : reply
  })

  app.patch<Id>('/participants/:id', { config }, (request, reply) => {
    if (!parseOr(reply, CustomFieldRequiredQuery, request.query, 'query')) return reply
    const record = find(reply, request.params.id)
    const updated = record && update(reply, record, request.body, false)
    return updated ? participantForms.detailed(updated) : reply
  })

  app.delete<Id>('/participants/:id', { config }, (request, reply) => {
    if (!find(reply, request.params.id)) return reply
    store.participants.delete(request.params.id)
    return reply.code(204).send()
  })

  app.get<Scoped>('/tournaments/:tournament_id/participants', { config }, (request, reply) => {
    const query = parseOr(reply, LegacyParticipantsQuery, request.query, 'query')
    if (!query || !tournamentOf(reply, request.params.tournament_id)) return reply
    const items = filterParticipants(store, {
      ...query,
      sort: undefined,
      tournament_ids: [request.params.tournament_id],
    })
    return sendRange(request, reply, 'participants', sortParticipants(items, query.sort), {
      form: participantForms.legacy,
    })
  })

  app.post<Scoped>('/tournaments/:tournament_id/participants', { config }, (request, reply) => {
    const tournament = tournamentOf(reply, request.params.tournament_id)
    const body = tournament && parseOr(reply, LegacyParticipantCreate, request.body, 'body')
    if (!tournament || !body) return reply
    return reply.code(201).send(participantForms.legacy(createParticipant(store, tournament, body)))
  })

  app.get<Scoped>('/tournaments/:tournament_id/participants/:id', { config }, (request, reply) => {
    const record = find(reply, request.params.id, request.params.tournament_id)
    return record ? participantForms.legacy(record) : reply
  })

  app.patch<Scoped>('/tournaments/:tournament_id/participants/:id', { config }, (request, reply) => {
    const record = find(reply, request.params.id, request.params.tournament_id)
    const updated = record && update(reply, record, request.body, true)
    return updated ? participantForms.legacy(updated) : reply
  })

  app.delete<Scoped>('/tournaments/:tournament_id/participants/:id', { config }, (request, reply) => {
    if (!find(reply, request.params.id, request.params.tournament_id)) return reply
    store.participants.delete(request.params.id)
    return reply.code(204).send()
  })
}
