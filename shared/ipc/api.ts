// The shape of the bridge the renderer calls: the same under Electron (preload) and in web mode (HTTP bridge).
import type { Channel, EventName } from './channels'
import type { Input } from './contract'
import type { EventPayload } from './events'
import type { Result } from './result'

export interface BridgeApi {
  /** The answer as it crosses: a list answer's items packed (wire.ts); `unpackAnswer` gives the contract's output. */
  invoke<C extends Channel>(channel: C, input: Input<C>): Promise<Result<unknown>>
  subscribe<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void
  /**
   * Told whether events are arriving (web mode's event stream can drop and come back); absent under Electron, whose
   * events cannot drop.
   */
  watchEvents?(listener: (live: boolean) => void): () => void
}
