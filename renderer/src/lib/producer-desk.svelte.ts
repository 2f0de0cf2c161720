// The producer's desk of a tournament, owned by the Stream desk view: each stream's state and published feed, read
// again whenever main says a stream changed, and the producer's actions (take, next, order, hold, apply).
import { untrack } from 'svelte'
import type { Feed, StreamDesk } from '../../../shared/broadcast/feed'
import { invoke, subscribe } from './ipc'
import { write } from './write'

export class ProducerDesk {
  #hub = $state('')
  #streams = $state.raw<StreamDesk[]>([])
  #feeds = $state.raw<Readonly<Record<string, Feed>>>({})
  #error = $state<string | null>(null)
  #tournamentId: string | undefined
  #reads = 0

  /** Create it while a component initialises: it follows `tournamentId` and stops with the component. */
  constructor(tournamentId: () => string | undefined) {
    $effect(() => {
      const id = tournamentId()
      untrack(() => {
        this.#tournamentId = id
        this.#streams = []
        this.#feeds = {}
        void this.reload()
      })
    })
    $effect(() =>
      subscribe('broadcast:changed', ({ streamId }) => {
        if (this.#streams.some((s) => s.streamId === streamId)) void this.reload()
      }),
    )
  }

  /** The hub's address, for overlay URLs ("" when no hub runs). */
  get hub(): string {
    return this.#hub
  }

  get streams(): StreamDesk[] {
    return this.#streams
  }

  get error(): string | null {
    return this.#error
  }

  desk(streamId: string): StreamDesk | undefined {
    return this.#streams.find((s) => s.streamId === streamId)
  }

  feed(streamId: string): Feed | undefined {
    return this.#feeds[streamId]
  }

  /** Reads every stream's desk again, and the feeds of those with something on air or queued. */
  async reload(): Promise<void> {
    const tournamentId = this.#tournamentId
    if (!tournamentId) return
    const read = ++this.#reads
    const status = await invoke('broadcast:status', { tournamentId })
    if (read !== this.#reads) return
    if (!status.ok) return void (this.#error = status.error.message)
    this.#error = null
    this.#hub = status.value.hub
    const active = status.value.streams.filter((s) => s.onAir || s.next.length > 0)
    const feeds = await Promise.all(active.map((s) => invoke('broadcast:feed', { streamId: s.streamId })))
    if (read !== this.#reads) return
    this.#streams = status.value.streams
    this.#feeds = Object.fromEntries(
      feeds.flatMap((feed, i) => (feed.ok ? [[active[i]!.streamId, feed.value] as const] : [])),
    )
  }

  take(streamId: string, matchId: string): Promise<void> {
    return this.act(write('broadcast:take', { streamId, matchId }, null))
  }

  next(streamId: string): Promise<void> {
    return this.act(write('broadcast:next', { streamId }, null))
  }

  order(streamId: string, matchIds: string[]): Promise<void> {
    return this.act(write('broadcast:order', { streamId, matchIds }, null))
  }

  hold(streamId: string, held: boolean): Promise<void> {
    return this.act(write('broadcast:hold', { streamId, held }, held ? 'Held: changes wait for you' : 'Released'))
  }

  apply(streamId: string, matchId?: string): Promise<void> {
    return this.act(write('broadcast:apply', { streamId, ...(matchId && { matchId }) }, 'Applied'))
  }

  /** After an action the desk is read again (main also says so; this is the answer the producer waits for). */
  private async act(action: Promise<{ ok: boolean }>): Promise<void> {
    if ((await action).ok) await this.reload()
  }
}
