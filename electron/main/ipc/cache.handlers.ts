// Handlers of cache:*: a live tick of a cached list, asked by a view while it is visible (or by its Refresh button).
import type { Connections } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function cacheHandlers(connections: Connections): HandlersOf<'cache'> {
  return {
    'cache:refresh': ({ resource, scope, full }) => connections.active.offline.reads.tick(resource, scope, full),
  }
}
