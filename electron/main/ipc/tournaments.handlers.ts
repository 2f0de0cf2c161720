// Handlers of tournaments:* and disciplines:*.
import type { EventBus } from '../event-bus'
import type { Connections } from '../services/connections'
import type { Handlers } from './dispatch'
import { reportProgress } from './progress'

type Channels = 'tournaments:list' | 'tournaments:get' | 'tournaments:create' | 'disciplines:list' | 'disciplines:get'

export function tournamentHandlers(connections: Connections, bus: EventBus): Pick<Handlers, Channels> {
  const api = () => connections.active.api
  return {
    'tournaments:list': ({ filters }) => api().tournaments.list(filters).all(reportProgress(bus, 'tournaments')),
    'tournaments:get': ({ id }) => api().tournaments.get(id),
    'tournaments:create': ({ body }) => api().tournaments.create(body),
    'disciplines:list': () => api().disciplines.list().all(),
    'disciplines:get': ({ id }) => api().disciplines.get(id),
  }
}
