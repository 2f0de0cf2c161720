// Handlers of streams:list, match-streams:get and bracket:nodes: what the stream desk and the bracket read.
import type { EventBus } from '../event-bus'
import type { Connections } from '../services/connections'
import type { Handlers } from './dispatch'
import { reportProgress } from './progress'

type Channels = 'streams:list' | 'match-streams:get' | 'bracket:nodes'

export function streamHandlers(connections: Connections, bus: EventBus): Pick<Handlers, Channels> {
  const api = () => connections.active.api
  return {
    'streams:list': ({ tournamentId, filters }) => api().streams.list({ ...filters, tournament_ids: [tournamentId] }).all(),
    'match-streams:get': ({ matchId }) => api().streams.ofMatch(matchId).get(),
    'bracket:nodes': ({ tournamentId, filters }) =>
      api().bracketNodes.list({ ...filters, tournament_ids: [tournamentId] }).all(reportProgress(bus, 'bracket')),
  }
}
