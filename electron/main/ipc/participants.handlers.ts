// Handlers of participants:* (the reads and admin writes; check-in lives with the offline outbox).
import type { EventBus } from '../event-bus'
import type { Connections } from '../services/connections'
import type { Handlers } from './dispatch'
import { reportProgress } from './progress'

type Channels = 'participants:list' | 'participants:get' | 'participants:create' | 'participants:delete'

export function participantHandlers(connections: Connections, bus: EventBus): Pick<Handlers, Channels> {
  const api = () => connections.active.api
  return {
    'participants:list': ({ tournamentId, filters }) =>
      api().participants.list({ ...filters, tournament_ids: [tournamentId] }).all(reportProgress(bus, 'participants')),
    'participants:get': ({ id }) => api().participants.get(id),
    'participants:create': ({ body }) => api().participants.create(body),
    'participants:delete': async ({ id }) => {
      await api().participants.remove(id)
      return { id }
    },
  }
}
