// The one way the views write: call the channel, then tell the person the same way everywhere — done, done but
// waiting to sync (queued while offline), or why it was refused. Sync status itself arrives by main's push.
import type { Channel } from '../../../../shared/ipc/channels'
import type { Input, Output } from '../../../../shared/ipc/contract'
import type { Result } from '../../../../shared/ipc/result'
import { invoke } from './ipc'
import { notices } from './notices.svelte'

/**
 * `done` is what to say when it worked ("Stream “Main” saved"); null says nothing on success (a view that shows the
 * outcome itself, such as the check-in flash). A refusal is always said.
 */
export async function write<C extends Channel>(
  channel: C,
  input: Input<C>,
  done: string | null,
): Promise<Result<Output<C>>> {
  const result = await invoke(channel, input)
  if (!result.ok) notices.show('error', result.error.message)
  else if (done !== null) notices.show('info', isPending(result.value) ? `${done} — waiting to sync.` : done, 2500)
  return result
}

/** True for the receipt of a write that waits in the outbox (offline-capable writes answer { state, value }). */
export function isPending(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { state?: unknown }).state === 'pending'
}
