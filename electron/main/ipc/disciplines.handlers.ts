// Handlers of disciplines:*: the service's games and sports, read as they are.
import type { Connections } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function disciplinesHandlers(connections: Connections): HandlersOf<'disciplines'> {
  const api = () => connections.active.api
  return {
    'disciplines:list': () => api().disciplines.list().all(),
    'disciplines:get': ({ id }) => api().disciplines.get(id),
  }
}
