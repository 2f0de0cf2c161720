// Handlers of profiles:*: connection profiles, their secrets taken in but never given back.
import type { Connections } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function profilesHandlers(connections: Connections): HandlersOf<'profiles'> {
  return {
    'profiles:list': () => connections.list(),
    'profiles:save': (input) => connections.save(input),
    'profiles:test': (input) => connections.test(input),
    'profiles:delete': async ({ id }) => {
      await connections.delete(id)
      return { id }
    },
    'profiles:activate': ({ id }) => connections.activate(id),
    'profiles:reset-demo': () => connections.resetDemo(),
    'profiles:chosen-tournament': () => connections.work.session().choice.tournament(),
    'profiles:choose-tournament': ({ tournament }) => {
      connections.work.session().choice.chooseTournament(tournament)
      return tournament
    },
  }
}
