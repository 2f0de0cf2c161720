// Handlers of participants:*: the list from the cache, edits that wait offline, and create/delete (online only).
import type { Connections } from '../services/connections'
import { filterParticipants } from '../services/local-filters'
import type { HandlersOf } from './dispatch'

export function participantsHandlers(connections: Connections): HandlersOf<'participants'> {
  const api = () => connections.active.api
  return {
    'participants:list': async ({ tournamentId, filters }) => {
      const cached = await connections.active.offline.reads.participants(tournamentId)
      return { ...cached, items: filterParticipants(cached.items, filters) }
    },
    'participants:get': ({ id }) => api().participants.get(id),
    'participants:create': ({ body }) => api().participants.create(body),
    'participants:update': ({ id, body, requestId }) =>
      connections.active.offline.writes.participantUpdate(id, body, requestId),
    'participants:delete': async ({ id }) => {
      await api().participants.remove(id)
      return { id }
    },
  }
}
