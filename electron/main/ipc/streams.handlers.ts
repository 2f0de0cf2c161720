// Handlers of streams:list, match-streams:get and bracket:nodes: what the stream desk and the bracket read, from the cache.
import type { Connections } from '../services/connections'
import { filterNodes, filterStreams } from '../services/local-filters'
import type { Handlers } from './dispatch'

type Channels = 'streams:list' | 'match-streams:get' | 'match-streams:of-tournament' | 'bracket:nodes'

export function streamHandlers(connections: Connections): Pick<Handlers, Channels> {
  const reads = () => connections.active.offline.reads
  return {
    'streams:list': async ({ tournamentId, filters }) => {
      const cached = await reads().streams(tournamentId)
      return { ...cached, items: filterStreams(cached.items, filters) }
    },
    'match-streams:get': ({ matchId }) => reads().matchStreams(matchId),
    'match-streams:of-tournament': ({ tournamentId }) => reads().linksOfTournament(tournamentId),
    'bracket:nodes': async ({ tournamentId, filters }) => {
      const cached = await reads().nodes(tournamentId)
      return { ...cached, items: filterNodes(cached.items, filters) }
    },
  }
}
