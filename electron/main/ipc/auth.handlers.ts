// Handlers of auth:*: signing the active connection in and out, and what its session is now.
import type { Connections } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function authHandlers(connections: Connections): HandlersOf<'auth'> {
  return {
    'auth:sign-in': () => connections.signIn(),
    'auth:sign-out': () => connections.signOut(),
    'auth:cancel-sign-in': () => connections.cancelSignIn(),
    'auth:status': () => connections.status(),
  }
}
