// Handlers of match-streams:*: which streams show a match, read from the cache and replaced offline-first.
import type { Connections } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function matchStreamsHandlers(connections: Connections): HandlersOf<'match-streams'> {
  const offline = () => connections.active.offline
  return {
    'match-streams:get': ({ matchId }) => offline().reads.matchStreams(matchId),
    'match-streams:of-tournament': ({ tournamentId }) => offline().reads.linksOfTournament(tournamentId),
    'match-streams:replace': ({ matchId, streamIds, requestId }) =>
      offline().writes.matchStreamsReplace(matchId, streamIds, requestId),
  }
}
