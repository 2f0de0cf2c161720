// Handlers of the writes that work offline (checkin:set, participants:update, streams:*, match-streams:replace) and sync:*.
import type { Connections } from '../services/connections'
import type { Handlers } from './dispatch'

type Channels =
  | 'checkin:set'
  | 'participants:update'
  | 'streams:create'
  | 'streams:update'
  | 'streams:delete'
  | 'match-streams:replace'
  | 'sync:status'
  | 'sync:retry'
  | 'sync:discard'

export function offlineHandlers(connections: Connections): Pick<Handlers, Channels> {
  const offline = () => connections.active.offline
  return {
    'checkin:set': ({ participantId, checkedIn, requestId }) =>
      offline().writes.checkinSet(participantId, checkedIn, requestId),
    'participants:update': ({ id, body, requestId }) => offline().writes.participantUpdate(id, body, requestId),
    'streams:create': ({ body, requestId }) => offline().writes.streamCreate(body, requestId),
    'streams:update': ({ id, body, requestId }) => offline().writes.streamUpdate(id, body, requestId),
    'streams:delete': ({ id, requestId }) => offline().writes.streamDelete(id, requestId),
    'match-streams:replace': ({ matchId, streamIds, requestId }) =>
      offline().writes.matchStreamsReplace(matchId, streamIds, requestId),
    'sync:status': () => offline().status(),
    'sync:retry': ({ seq }) => offline().retry(seq),
    'sync:discard': ({ seq }) => offline().discard(seq),
  }
}
