// Handlers of sync:*: what waits to be sent, and retrying or discarding a write that needs attention.
import type { ActiveWork } from '../services/connections'
import type { HandlersOf } from './dispatch'

export function syncHandlers(active: ActiveWork): HandlersOf<'sync'> {
  const offline = () => active.session()
  return {
    'sync:status': () => offline().status(),
    'sync:retry': ({ seq }) => offline().retry(seq),
    'sync:discard': ({ seq }) => offline().discard(seq),
  }
}
