// Handlers of match-streams:*: which streams show a match, read from the cache and replaced offline-first.
import type { ActiveWork } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function matchStreamsHandlers(active: ActiveWork): HandlersOf<'match-streams'> {
  const offline = () => active.session()
  return {
    'match-streams:get': ({ matchId }) => offline().reads.matchStreams(matchId),
    'match-streams:of-tournament': ({ tournamentId }) => offline().reads.linksOfTournament(tournamentId),
    'match-streams:replace': ({ matchId, streamIds, requestId }) =>
      offline().writes.matchStreamsReplace(matchId, streamIds, requestId),
  }
}
