// Handlers of participants:* (the reads and admin writes; check-in lives with the offline outbox).
import type { Connections } from '../services/connections'
import type { Handlers } from './dispatch'
import { filterParticipants } from '../services/local-filters'

type Channels = 'participants:list' | 'participants:get' | 'participants:create' | 'participants:delete'

export function participantHandlers(connections: Connections): Pick<Handlers, Channels> {
  const api = () => connections.active.api
  return {
    'participants:list': async ({ tournamentId, filters }) => {
      const cached = await connections.active.offline.reads.participants(tournamentId)
      return { ...cached, items: filterParticipants(cached.items, filters) }
    },
    'participants:get': ({ id }) => api().participants.get(id),
    'participants:create': ({ body }) => api().participants.create(body),
    'participants:delete': async ({ id }) => {
      await api().participants.remove(id)
      return { id }
    },
  }
}
