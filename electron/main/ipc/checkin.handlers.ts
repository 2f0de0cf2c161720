// Handlers of checkin:*: checking a participant in or out, applied at once and sent when the service answers.
import type { Connections } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function checkinHandlers(connections: Connections): HandlersOf<'checkin'> {
  return {
    'checkin:set': ({ participantId, checkedIn, requestId }) =>
      connections.active.offline.writes.checkinSet(participantId, checkedIn, requestId),
  }
}
