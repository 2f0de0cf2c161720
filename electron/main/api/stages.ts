// Stages: /stages, the legacy tournament-scoped reads, and the public v1 listing.
import { z } from 'zod'
import { LegacyStage, Stage, V1Stage, toQueryString, type StageCreate, type StageUpdate } from '../../../shared/api'
import type { OrganizerClient } from './client'
import { listEndpoint, NoContent } from './list-endpoint'

const base = { base: 'organizer', auth: 'token' } as const
const at = (id: string) => `/stages/${encodeURIComponent(id)}`

export function stagesApi(client: OrganizerClient) {
  return {
    list: (tournamentIds: string[] = []) =>
      listEndpoint(client, 'stages', {
        ...base,
        path: '/stages',
        query: toQueryString({ tournament_ids: tournamentIds }),
        schema: z.array(Stage),
        what: 'the stage list',
      }),
    get: async (id: string) =>
      (await client.request({ ...base, method: 'GET', path: at(id), schema: Stage, what: `stage ${id}` })).data,
    create: async (body: StageCreate) =>
      (await client.request({ ...base, method: 'POST', path: '/stages', body, schema: Stage, what: 'the new stage' }))
        .data,
    update: async (id: string, body: StageUpdate) =>
      (await client.request({ ...base, method: 'PATCH', path: at(id), body, schema: Stage, what: `stage ${id}` })).data,
    remove: async (id: string) =>
      void (await client.request({ ...base, method: 'DELETE', path: at(id), schema: NoContent, what: `stage ${id}` })),
    legacy: {
      list: async (tournamentId: string) =>
        (
          await client.request({
            ...base,
            method: 'GET',
            path: `/tournaments/${encodeURIComponent(tournamentId)}/stages`,
            schema: z.array(LegacyStage),
            what: 'the stage list',
          })
        ).data,
      get: async (tournamentId: string, id: string) =>
        (
          await client.request({
            ...base,
            method: 'GET',
            path: `/tournaments/${encodeURIComponent(tournamentId)}/stages/${encodeURIComponent(id)}`,
            schema: LegacyStage,
            what: `stage ${id}`,
          })
        ).data,
    },
    /** The public v1 listing (published tournaments only, no credentials). */
    v1: async (tournamentId: string) =>
      (
        await client.request({
          base: 'v1',
          auth: 'none',
          method: 'GET',
          path: `/tournaments/${encodeURIComponent(tournamentId)}/stages`,
          schema: z.array(V1Stage),
          what: 'the public stage list',
        })
      ).data,
  }
}
