// Tournaments: the filtered list, create (plain or multilingual) and get, with language preferences.
import { z } from 'zod'
import {
  Tournament,
  TournamentListItem,
  toQueryString,
  type TournamentCreate,
  type TournamentsQuery,
} from '../../../shared/api'
import type { OrganizerClient } from './client'
import { listEndpoint } from './list-endpoint'

const base = { base: 'organizer', auth: 'token' } as const

export function tournamentsApi(client: OrganizerClient) {
  return {
    list: (filters: TournamentsQuery = {}) =>
      listEndpoint(client, 'tournaments', {
        ...base,
        path: '/tournaments',
        query: toQueryString({ ...filters }),
        schema: z.array(TournamentListItem),
        what: 'the tournament list',
      }),
    get: async (id: string, options: { multilingual?: boolean; languages?: string[] } = {}) =>
      (
        await client.request({
          ...base,
          method: 'GET',
          path: `/tournaments/${encodeURIComponent(id)}`,
          query: toQueryString({ multilingual: options.multilingual }),
          headers: options.languages?.length ? { 'accept-language': options.languages.join(', ') } : {},
          schema: Tournament,
          what: `tournament ${id}`,
        })
      ).data,
    create: async (body: TournamentCreate, options: { multilingual?: boolean; contentLanguages?: string[] } = {}) =>
      (
        await client.request({
          ...base,
          method: 'POST',
          path: '/tournaments',
          query: toQueryString({ multilingual: options.multilingual }),
          headers: options.contentLanguages?.length ? { 'content-language': options.contentLanguages.join(', ') } : {},
          body,
          schema: Tournament,
          what: 'the new tournament',
        })
      ).data,
  }
}
