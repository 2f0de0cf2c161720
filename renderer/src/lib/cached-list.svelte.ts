// A list read from main's cache: items, when the service last confirmed them, loading and error; reloads on cache:updated.
import { untrack } from 'svelte'
import type { Channel } from '../../../shared/ipc/channels'
import type { Input, Output } from '../../../shared/ipc/contract'
import { invoke, subscribe } from './ipc'

type ListChannel = 'tournaments:list' | 'stages:list' | 'participants:list' | 'streams:list' | 'bracket:nodes'
type Item<C extends ListChannel> = Output<C>['items'][number]

/** Which cache:updated resource each list follows. */
const RESOURCE: Record<ListChannel, string> = {
  'tournaments:list': 'tournaments',
  'stages:list': 'stages',
  'participants:list': 'participants',
  'streams:list': 'streams',
  'bracket:nodes': 'nodes',
}

export class CachedList<C extends ListChannel> {
  items = $state<Item<C>[]>([])
  refreshedAt = $state<number | null>(null)
  loading = $state(false)
  error = $state<string | null>(null)
  private input: Input<C> | undefined
  private stop?: () => void

  constructor(private readonly channel: C) {}

  /** Loads for `input`, and from then on reloads whenever main refreshed that resource. */
  async load(input: Input<C>): Promise<void> {
    this.input = input
    this.stop ??= subscribe('cache:updated', ({ resource }) => {
      if (resource === RESOURCE[this.channel] && this.input) void this.reload()
    })
    // Read without tracking: a view's $effect calling load() must depend on its input, not on the items it loads.
    this.loading = untrack(() => this.items.length === 0)
    await this.reload()
  }

  async reload(): Promise<void> {
    if (!this.input) return
    const result = await invoke(this.channel as Channel, this.input as never)
    this.loading = false
    if (result.ok) {
      const value = result.value as Output<C>
      this.items = value.items
      this.refreshedAt = value.refreshedAt
      this.error = null
    } else {
      this.error = result.error.message
    }
  }

  dispose(): void {
    this.stop?.()
    this.stop = undefined
  }
}
