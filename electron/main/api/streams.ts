// Streams and match links: /streams, /matches/{id}/streams, and the legacy tournament-scoped family.
import { z } from 'zod'
import {
  LegacyStream,
  Stream,
  toQueryString,
  type StreamCreate,
  type StreamUpdate,
  type StreamsQuery,
} from '../../../shared/api'
import type { OrganizerClient } from './client'
import { listEndpoint, NoContent } from './list-endpoint'

const base = { base: 'organizer', auth: 'token' } as const
const enc = encodeURIComponent
const StreamIds = z.array(z.string())

export function streamsApi(client: OrganizerClient) {
  const links = (path: string, what: string) => ({
    get: async () => (await client.request({ ...base, method: 'GET', path, schema: StreamIds, what })).data,
    replace: async (ids: string[]) =>
      (await client.request({ ...base, method: 'PUT', path, body: ids, schema: StreamIds, what })).data,
  })
  return {
    list: (filters: StreamsQuery = {}) =>
      listEndpoint(client, 'streams', {
        ...base,
        path: '/streams',
        query: toQueryString({ ...filters }),
        schema: z.array(Stream),
        what: 'the stream list',
      }),
    get: async (id: string) =>
      (
        await client.request({
          ...base,
          method: 'GET',
          path: `/streams/${enc(id)}`,
          schema: Stream,
          what: `stream ${id}`,
        })
      ).data,
    create: async (body: StreamCreate) =>
      (
        await client.request({
          ...base,
          method: 'POST',
          path: '/streams',
          body,
          schema: Stream,
          what: 'the new stream',
        })
      ).data,
    update: async (id: string, body: StreamUpdate) =>
      (
        await client.request({
          ...base,
          method: 'PATCH',
          path: `/streams/${enc(id)}`,
          body,
          schema: Stream,
          what: `stream ${id}`,
        })
      ).data,
    remove: async (id: string) =>
      void (await client.request({
        ...base,
        method: 'DELETE',
        path: `/streams/${enc(id)}`,
        schema: NoContent,
        what: `stream ${id}`,
      })),
    ofMatch: (matchId: string) => links(`/matches/${enc(matchId)}/streams`, `the streams of match ${matchId}`),
    legacy: (tournamentId: string) => {
      const root = `/tournaments/${enc(tournamentId)}/streams`
      return {
        list: (languages: string[] = []) =>
          listEndpoint(client, 'streams', {
            ...base,
            path: root,
            query: toQueryString({ languages }),
            schema: z.array(LegacyStream),
            what: 'the stream list',
          }),
        create: async (body: StreamUpdate) =>
          (
            await client.request({
              ...base,
              method: 'POST',
              path: root,
              body,
              schema: LegacyStream,
              what: 'the new stream',
            })
          ).data,
        get: async (id: string) =>
          (
            await client.request({
              ...base,
              method: 'GET',
              path: `${root}/${enc(id)}`,
              schema: LegacyStream,
              what: `stream ${id}`,
            })
          ).data,
        update: async (id: string, body: StreamUpdate) =>
          (
            await client.request({
              ...base,
              method: 'PATCH',
              path: `${root}/${enc(id)}`,
              body,
              schema: LegacyStream,
              what: `stream ${id}`,
            })
          ).data,
        remove: async (id: string) =>
          void (await client.request({
            ...base,
            method: 'DELETE',
            path: `${root}/${enc(id)}`,
            schema: NoContent,
            what: `stream ${id}`,
          })),
        ofMatch: (matchId: string) =>
          links(`/tournaments/${enc(tournamentId)}/matches/${enc(matchId)}/streams`, `the streams of match ${matchId}`),
      }
    },
  }
}
