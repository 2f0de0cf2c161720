// The venue's sharing as main tells it: read once, then each change pushed (the Venue view's panel, the status bar).
import type { SharingState } from '../../../../shared/venue/sharing'
import { invoke, subscribe } from '../ipc/ipc'

/** Calls `told` with the sharing now and after every change; answers how to stop. */
export function followSharing(told: (state: SharingState) => void): () => void {
  void invoke('venue:sharing', {}).then((answer) => answer.ok && told(answer.value))
  return subscribe('venue:changed', told)
}
