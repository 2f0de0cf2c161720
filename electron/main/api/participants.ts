// Participants: /participants and the deprecated tournament-scoped family.
import { z } from 'zod'
import {
  LegacyParticipant,
  Participant,
  ParticipantDetailed,
  toQueryString,
  type LegacyParticipantCreate,
  type ParticipantsQuery,
  type ParticipantCreate,
  type PlayerParticipantUpdate,
  type TeamParticipantUpdate,
} from '../../../shared/api'
import type { OrganizerClient } from './client'
import { listEndpoint, NoContent } from './list-endpoint'

type Update = PlayerParticipantUpdate | TeamParticipantUpdate
const base = { base: 'organizer', auth: 'token' } as const

export function participantsApi(client: OrganizerClient) {
  const one = async (method: 'GET' | 'PATCH' | 'DELETE', id: string, body?: Update) =>
    (
      await client.request({
        ...base,
        method,
        path: `/participants/${encodeURIComponent(id)}`,
        body,
        schema: method === 'DELETE' ? NoContent : ParticipantDetailed,
        what: `participant ${id}`,
      })
    ).data
  const scoped = (tournamentId: string, id?: string) =>
    `/tournaments/${encodeURIComponent(tournamentId)}/participants${id ? `/${encodeURIComponent(id)}` : ''}`

  return {
    list: (filters: ParticipantsQuery = {}) =>
      listEndpoint(client, 'participants', {
        ...base,
        path: '/participants',
        query: toQueryString({ ...filters }),
        schema: z.array(Participant),
        what: 'the participant list',
      }),
    get: (id: string) => one('GET', id) as Promise<ParticipantDetailed>,
    create: async (body: ParticipantCreate) =>
      (
        await client.request({
          ...base,
          method: 'POST',
          path: '/participants',
          body,
          schema: ParticipantDetailed,
          what: 'the new participant',
        })
      ).data,
    update: (id: string, body: Update) => one('PATCH', id, body) as Promise<ParticipantDetailed>,
    remove: async (id: string) => void (await one('DELETE', id)),
    /** The deprecated /tournaments/{tournament_id}/participants routes. */
    legacy: {
      list: (tournamentId: string, query: Pick<ParticipantsQuery, 'name' | 'sort'> = {}) =>
        listEndpoint(client, 'participants', {
          ...base,
          path: scoped(tournamentId),
          query: toQueryString({ ...query }),
          schema: z.array(LegacyParticipant),
          what: 'the participant list',
        }),
      create: async (tournamentId: string, body: z.input<typeof LegacyParticipantCreate>) =>
        (
          await client.request({
            ...base,
            method: 'POST',
            path: scoped(tournamentId),
            body,
            schema: LegacyParticipant,
            what: 'the new participant',
          })
        ).data,
      get: async (tournamentId: string, id: string) =>
        (
          await client.request({
            ...base,
            method: 'GET',
            path: scoped(tournamentId, id),
            schema: LegacyParticipant,
            what: `participant ${id}`,
          })
        ).data,
      update: async (tournamentId: string, id: string, body: Update) =>
        (
          await client.request({
            ...base,
            method: 'PATCH',
            path: scoped(tournamentId, id),
            body,
            schema: LegacyParticipant,
            what: `participant ${id}`,
          })
        ).data,
      remove: async (tournamentId: string, id: string) =>
        void (await client.request({
          ...base,
          method: 'DELETE',
          path: scoped(tournamentId, id),
          schema: NoContent,
          what: `participant ${id}`,
        })),
    },
  }
}
