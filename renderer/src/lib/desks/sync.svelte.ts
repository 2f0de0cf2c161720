// Online or offline, waiting writes and what needs attention: pushed by main, shown everywhere. Read once at start,
// then from the push alone; polled only while the event stream is down (web mode), until it is back.
import type { SyncStatus } from '../../../../shared/ipc/sync'
import { invoke, subscribe, watchEvents } from '../ipc/ipc'
import { write } from '../ipc/write'

const POLL_MS = 5000

class SyncState {
  #status = $state<SyncStatus | null>(null)
  /** Counts pushes: a read that started before the last push must not overwrite it. */
  #pushes = 0

  get status(): SyncStatus | null {
    return this.#status
  }

  start(): () => void {
    void this.read()
    const stopPush = subscribe('sync:status', (status) => {
      this.#pushes++
      this.#status = status
    })
    let poll: ReturnType<typeof setInterval> | undefined
    const stopWatch = watchEvents((live) => {
      const wasDown = poll !== undefined
      clearInterval(poll)
      poll = live ? undefined : setInterval(() => void this.read(), POLL_MS)
      // Back after an outage: what was pushed meanwhile was missed.
      if (live && wasDown) void this.read()
    })
    return () => {
      stopPush()
      stopWatch()
      clearInterval(poll)
    }
  }

  async retry(seq: number): Promise<void> {
    const result = await write('sync:retry', { seq }, null)
    if (result.ok) this.#status = result.value
  }

  async discard(seq: number): Promise<void> {
    const result = await write('sync:discard', { seq }, 'Discarded')
    if (result.ok) this.#status = result.value
  }

  private async read(): Promise<void> {
    const pushes = this.#pushes
    const result = await invoke('sync:status', {})
    if (result.ok && pushes === this.#pushes) this.#status = result.value
  }
}

export const sync = new SyncState()
