// Handlers of streams:*: a tournament's streams from the cache, and their writes, which wait offline.
import type { ActiveWork } from '../services/connections'
import { filterStreams } from '../services/local-filters'
import type { HandlersOf } from './dispatch'

export function streamsHandlers(active: ActiveWork): HandlersOf<'streams'> {
  const offline = () => active.session()
  return {
    'streams:list': async ({ tournamentId, filters }) => {
      const cached = await offline().reads.streams(tournamentId)
      return { ...cached, items: filterStreams(cached.items, filters) }
    },
    'streams:create': ({ body, requestId }) => offline().writes.streamCreate(body, requestId),
    'streams:update': ({ id, body, requestId }) => offline().writes.streamUpdate(id, body, requestId),
    'streams:delete': ({ id, requestId }) => offline().writes.streamDelete(id, requestId),
  }
}
