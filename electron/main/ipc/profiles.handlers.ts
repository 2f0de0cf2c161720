// Handlers of profiles:* and auth:*: connection profiles and sign-in, secrets never returned.
import type { Connections } from '../services/connections'
import type { Handlers } from './dispatch'

type Channels =
  | 'profiles:list'
  | 'profiles:save'
  | 'profiles:delete'
  | 'profiles:activate'
  | 'auth:sign-in'
  | 'auth:sign-out'
  | 'auth:status'

export function profileHandlers(connections: Connections): Pick<Handlers, Channels> {
  return {
    'profiles:list': () => connections.list(),
    'profiles:save': (input) => connections.save(input),
    'profiles:delete': async ({ id }) => {
      await connections.delete(id)
      return { id }
    },
    'profiles:activate': ({ id }) => connections.activate(id),
    'auth:sign-in': () => connections.signIn(),
    'auth:sign-out': () => connections.signOut(),
    'auth:status': () => connections.status(),
  }
}
