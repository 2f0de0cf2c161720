// Handlers of disciplines:*: the service's games and sports; the list from the cache (names offline too).
import type { Connections } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function disciplinesHandlers(connections: Connections): HandlersOf<'disciplines'> {
  const api = () => connections.active.api
  return {
    'disciplines:list': async () => (await connections.active.offline.reads.disciplines()).items,
    'disciplines:get': ({ id }) => api().disciplines.get(id),
  }
}
