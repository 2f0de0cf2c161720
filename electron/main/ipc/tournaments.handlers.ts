// Handlers of tournaments:*: the list from the cache, a tournament's detail, and creating one.
import type { Connections } from '../services/connections'
import { filterTournaments } from '../services/local-filters'
import type { HandlersOf } from './dispatch'

export function tournamentsHandlers(connections: Connections): HandlersOf<'tournaments'> {
  const api = () => connections.active.api
  return {
    'tournaments:list': async ({ filters }) => {
      const cached = await connections.active.offline.reads.tournaments()
      return { ...cached, items: filterTournaments(cached.items, filters) }
    },
    'tournaments:get': ({ id }) => api().tournaments.get(id),
    'tournaments:create': ({ body }) => api().tournaments.create(body),
  }
}
