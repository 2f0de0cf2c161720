// Handlers of bracket:*: a tournament's bracket nodes from the cache, filtered by stage and group.
import type { ActiveWork } from '../services/connections'
import { filterNodes } from '../services/local-filters'
import type { HandlersOf } from './dispatch'

export function bracketHandlers(active: ActiveWork): HandlersOf<'bracket'> {
  return {
    'bracket:nodes': async ({ tournamentId, filters }) => {
      const cached = await active.session().reads.nodes(tournamentId)
      return { ...cached, items: filterNodes(cached.items, filters) }
    },
  }
}
