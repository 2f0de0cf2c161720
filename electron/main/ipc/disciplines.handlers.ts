// Handlers of disciplines:*: the service's games and sports; the list from the cache (names offline too).
import type { ActiveWork } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function disciplinesHandlers(active: ActiveWork): HandlersOf<'disciplines'> {
  const api = () => active.api()
  return {
    'disciplines:list': async () => (await active.session().reads.disciplines()).items,
    'disciplines:get': ({ id }) => api().disciplines.get(id),
  }
}
