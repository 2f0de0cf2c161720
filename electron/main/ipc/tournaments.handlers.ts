// Handlers of tournaments:* and disciplines:*.
import type { Connections } from '../services/connections'
import type { Handlers } from './dispatch'
import { filterTournaments } from '../services/local-filters'

type Channels = 'tournaments:list' | 'tournaments:get' | 'tournaments:create' | 'disciplines:list' | 'disciplines:get'

export function tournamentHandlers(connections: Connections): Pick<Handlers, Channels> {
  const api = () => connections.active.api
  return {
    'tournaments:list': async ({ filters }) => {
      const cached = await connections.active.offline.reads.tournaments()
      return { ...cached, items: filterTournaments(cached.items, filters) }
    },
    'tournaments:get': ({ id }) => api().tournaments.get(id),
    'tournaments:create': ({ body }) => api().tournaments.create(body),
    'disciplines:list': () => api().disciplines.list().all(),
    'disciplines:get': ({ id }) => api().disciplines.get(id),
  }
}
