// One resource of the organizer interface at one root path — a Range list, get, create, update and delete, each answer
// parsed by the resource's schema — for the modern family and the legacy tournament-scoped one alike.
import { z } from 'zod'
import { toQueryString, type RangeUnit } from '../../../shared/api'
import type { OrganizerClient } from './client'
import { listEndpoint, NoContent } from './list-endpoint'

type Query = Parameters<typeof toQueryString>[0]

export interface ResourceSpec<ListItem extends z.ZodType, Item extends z.ZodType> {
  unit: RangeUnit
  /** "/streams", "/tournaments/{id}/streams". */
  root: string
  /** The form of a list's items, and of one item read, created or updated. */
  listItem: ListItem
  item: Item
  /** How answers name one: "stream", "participant". */
  noun: string
}

const base = { base: 'organizer', auth: 'token' } as const

export function resourceEndpoints<
  ListItem extends z.ZodType,
  Item extends z.ZodType,
  Create,
  Update,
  ListQuery extends Query = Query,
>(client: OrganizerClient, { unit, root, listItem, item, noun }: ResourceSpec<ListItem, Item>) {
  const at = (id: string) => `${root}/${encodeURIComponent(id)}`
  const one = async (method: 'GET' | 'POST' | 'PATCH', path: string, what: string, body?: unknown) =>
    (await client.request({ ...base, method, path, body, schema: item, what })).data
  return {
    list: (query: ListQuery = {} as ListQuery) =>
      listEndpoint(client, unit, {
        ...base,
        path: root,
        query: toQueryString({ ...query }),
        schema: z.array(listItem),
        what: `the ${noun} list`,
      }),
    get: (id: string) => one('GET', at(id), `${noun} ${id}`),
    create: (body: Create) => one('POST', root, `the new ${noun}`, body),
    update: (id: string, body: Update) => one('PATCH', at(id), `${noun} ${id}`, body),
    remove: async (id: string) =>
      void (await client.request({
        ...base,
        method: 'DELETE',
        path: at(id),
        schema: NoContent,
        what: `${noun} ${id}`,
      })),
  }
}
