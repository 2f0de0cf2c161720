// Handlers of bracket:*: a tournament's bracket nodes from the cache, filtered by stage and group.
import type { Connections } from '../services/connections'
import { filterNodes } from '../services/local-filters'
import type { HandlersOf } from './dispatch'

export function bracketHandlers(connections: Connections): HandlersOf<'bracket'> {
  return {
    'bracket:nodes': async ({ tournamentId, filters }) => {
      const cached = await connections.active.offline.reads.nodes(tournamentId)
      return { ...cached, items: filterNodes(cached.items, filters) }
    },
  }
}
