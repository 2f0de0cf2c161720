// Calls a write channel and tells the person what happened: saved (or waiting to sync), or why it was refused.
import type { Channel } from '../../../shared/ipc/channels'
import type { Input, Output } from '../../../shared/ipc/contract'
import type { Result } from '../../../shared/ipc/result'
import { invoke } from './ipc'
import { notices } from './notices.svelte'
import { sync } from './sync.svelte'

export async function write<C extends Channel>(channel: C, input: Input<C>, done: string): Promise<Result<Output<C>>> {
  const result = await invoke(channel, input)
  if (result.ok) {
    const value = result.value as { state?: string }
    notices.show('info', value.state === 'pending' ? `${done} — waiting to sync.` : done, 2500)
    void sync.refresh()
  } else {
    notices.show('error', result.error.message)
  }
  return result
}
