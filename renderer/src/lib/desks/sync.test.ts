// Sync status arrives by main's push; it is polled only while web mode's event stream is down.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answer, calls, emit, fakeApi } from '../../test-support/fake-api'
import { sync } from './sync.svelte'

const status = (pending: number) => ({
  connection: 'online',
  syncing: false,
  pending,
  waiting: [],
  attention: [],
  refreshed: [],
})
const reads = () => calls.filter((c) => c.channel === 'sync:status').length

afterEach(() => {
  vi.useRealTimers()
  delete fakeApi.watchEvents
})

describe('sync status', () => {
  it('reads once, then follows the push alone when events cannot drop (Electron)', async () => {
    vi.useFakeTimers()
    answer('sync:status', () => status(0))
    const stop = sync.start()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(reads()).toBe(1)
    emit('sync:status', status(3))
    expect(sync.status?.pending).toBe(3)
    stop()
  })

  it('polls every 5 s while the event stream is down, and stops once it is back', async () => {
    vi.useFakeTimers()
    answer('sync:status', () => status(1))
    let watcher: (live: boolean) => void = () => undefined
    fakeApi.watchEvents = (listener) => {
      watcher = listener
      return () => undefined
    }
    const stop = sync.start()
    watcher(false)
    const before = reads()
    await vi.advanceTimersByTimeAsync(15_000)
    expect(reads() - before).toBe(3)
    const back = reads()
    watcher(true)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(reads() - back).toBe(1) // one read when the stream returns, then the push only
    stop()
  })
})
