// Streams and match links: /streams, /matches/{id}/streams, and the legacy tournament-scoped family.
import { z } from 'zod'
import { LegacyStream, Stream, type StreamCreate, type StreamUpdate, type StreamsQuery } from '../../../shared/api'
import type { OrganizerClient } from './client'
import { resourceEndpoints } from './resource'

const enc = encodeURIComponent
const StreamIds = z.array(z.string())

export function streamsApi(client: OrganizerClient) {
  const links = (path: string, matchId: string) => {
    const what = `the streams of match ${matchId}`
    const spec = { base: 'organizer', auth: 'token', path, schema: StreamIds, what } as const
    return {
      get: async () => (await client.request({ ...spec, method: 'GET' })).data,
      replace: async (ids: string[]) => (await client.request({ ...spec, method: 'PUT', body: ids })).data,
    }
  }
  return {
    ...resourceEndpoints<typeof Stream, typeof Stream, StreamCreate, StreamUpdate, StreamsQuery>(client, {
      unit: 'streams',
      root: '/streams',
      listItem: Stream,
      item: Stream,
      noun: 'stream',
    }),
    ofMatch: (matchId: string) => links(`/matches/${enc(matchId)}/streams`, matchId),
    /** The legacy /tournaments/{tournament_id}/streams routes: the same resource without tournament_id. */
    legacy: (tournamentId: string) => ({
      ...resourceEndpoints<
        typeof LegacyStream,
        typeof LegacyStream,
        StreamUpdate,
        StreamUpdate,
        { languages?: string[] }
      >(client, {
        unit: 'streams',
        root: `/tournaments/${enc(tournamentId)}/streams`,
        listItem: LegacyStream,
        item: LegacyStream,
        noun: 'stream',
      }),
      ofMatch: (matchId: string) => links(`/tournaments/${enc(tournamentId)}/matches/${enc(matchId)}/streams`, matchId),
    }),
  }
}
