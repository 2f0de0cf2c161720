// Handlers of stages:*.
import type { Connections } from '../services/connections'
import type { Handlers } from './dispatch'

type Channels = 'stages:list' | 'stages:create' | 'stages:update' | 'stages:delete'

export function stageHandlers(connections: Connections): Pick<Handlers, Channels> {
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
