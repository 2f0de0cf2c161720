// Handlers of tournaments:*: the list from the cache, a tournament's detail, and creating one.
import type { ActiveWork } from '../services/connections'
import { filterTournaments } from '../services/local-filters'
import type { HandlersOf } from './dispatch'

export function tournamentsHandlers(active: ActiveWork): HandlersOf<'tournaments'> {
  const api = () => active.api()
  return {
    'tournaments:list': async ({ filters }) => {
      const cached = await active.session().reads.tournaments()
      return { ...cached, items: filterTournaments(cached.items, filters) }
    },
    'tournaments:get': ({ id }) => api().tournaments.get(id),
    'tournaments:create': ({ body }) => api().tournaments.create(body),
  }
}
