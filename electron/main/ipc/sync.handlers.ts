// Handlers of sync:*: what waits to be sent, and retrying or discarding a write that needs attention.
import type { Connections } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function syncHandlers(connections: Connections): HandlersOf<'sync'> {
  const offline = () => connections.active.offline
  return {
    'sync:status': () => offline().status(),
    'sync:retry': ({ seq }) => offline().retry(seq),
    'sync:discard': ({ seq }) => offline().discard(seq),
  }
}
