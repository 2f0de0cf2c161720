// Handlers of cache:*: a live tick of a cached list, asked by a view while it is visible (riding on the desks' live
// ticks when they read the list moments ago), or a whole read by its Refresh button.
import type { ActiveWork } from '../services/connections'
import { SHARED_TICK_MS } from '../sync/live-reads'
import type { HandlersOf } from './dispatch'

export function cacheHandlers(active: ActiveWork): HandlersOf<'cache'> {
  return {
    'cache:refresh': ({ resource, scope, full }) =>
      active.session().reads.tick(resource, scope, full, undefined, full ? 0 : SHARED_TICK_MS),
  }
}
