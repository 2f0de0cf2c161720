// Handlers of stages:*: the list from the cache, and the admin writes (online only).
import type { Connections } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function stagesHandlers(connections: Connections): HandlersOf<'stages'> {
  const api = () => connections.active.api
  return {
    'stages:list': ({ tournamentId }) => connections.active.offline.reads.stages(tournamentId),
    'stages:create': ({ body }) => api().stages.create(body),
    'stages:update': ({ id, body }) => api().stages.update(id, body),
    'stages:delete': async ({ id }) => {
      await api().stages.remove(id)
      return { id }
    },
  }
}
