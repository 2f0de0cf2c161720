// Handlers of participants:*: the list from the cache, edits that wait offline, and create/delete (online only).
import type { ActiveWork } from '../services/connections'
import { filterParticipants } from '../services/local-filters'
import type { HandlersOf } from './dispatch'

export function participantsHandlers(active: ActiveWork): HandlersOf<'participants'> {
  const api = () => active.api()
  return {
    'participants:list': async ({ tournamentId, filters }) => {
      const cached = await active.session().reads.participants(tournamentId)
      return { ...cached, items: filterParticipants(cached.items, filters) }
    },
    'participants:get': ({ id }) => api().participants.get(id),
    'participants:create': ({ body }) => api().participants.create(body),
    'participants:update': ({ id, body, requestId }) => active.session().writes.participantUpdate(id, body, requestId),
    'participants:delete': async ({ id }) => {
      await api().participants.remove(id)
      return { id }
    },
  }
}
