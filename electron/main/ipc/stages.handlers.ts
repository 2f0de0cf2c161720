// Handlers of stages:*: the list from the cache, and the admin writes (online only).
import type { ActiveWork } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function stagesHandlers(active: ActiveWork): HandlersOf<'stages'> {
  const api = () => active.api()
  return {
    'stages:list': ({ tournamentId }) => active.session().reads.stages(tournamentId),
    'stages:create': ({ body }) => api().stages.create(body),
    'stages:update': ({ id, body }) => api().stages.update(id, body),
    'stages:delete': async ({ id }) => {
      await api().stages.remove(id)
      return { id }
    },
  }
}
