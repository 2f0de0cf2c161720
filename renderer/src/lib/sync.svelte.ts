// Online or offline, waiting writes and what needs attention: pushed by main, shown everywhere.
import type { SyncStatus } from '../../../shared/ipc/sync'
import { invoke, subscribe } from './ipc'

class SyncState {
  status = $state<SyncStatus | null>(null)

  start(): () => void {
    void this.refresh()
    const stop = subscribe('sync:status', (status) => (this.status = status))
    const timer = setInterval(() => void this.refresh(), 5000)
    return () => {
      stop()
      clearInterval(timer)
    }
  }

  async refresh(): Promise<void> {
    const result = await invoke('sync:status', {})
    if (result.ok) this.status = result.value
  }

  async retry(seq: number): Promise<void> {
    const result = await invoke('sync:retry', { seq })
    if (result.ok) this.status = result.value
  }

  async discard(seq: number): Promise<void> {
    const result = await invoke('sync:discard', { seq })
    if (result.ok) this.status = result.value
  }
}

export const sync = new SyncState()
