// A list read from main's cache, owned by the view that creates it: loads when its input changes (showing at once the
// last answer to the same input, if a list had it), patches in what main says changed (or reads again when it cannot
// say), asks main for a live tick every few seconds while the window is visible (if asked to), stops with the view.
import { untrack } from 'svelte'
import type { Channel } from '../../../../shared/ipc/channels'
import type { Input, Output } from '../../../../shared/ipc/contract'
import { invoke, subscribe } from './ipc'
import { write } from './write'

type ListChannel = 'tournaments:list' | 'stages:list' | 'participants:list' | 'streams:list' | 'bracket:nodes'
type Item<C extends ListChannel> = Output<C>['items'][number]

/** Which cache:updated resource each list follows. */
const RESOURCE = {
  'tournaments:list': 'tournaments',
  'stages:list': 'stages',
  'participants:list': 'participants',
  'streams:list': 'streams',
  'bracket:nodes': 'nodes',
} as const satisfies Record<ListChannel, string>

/**
 * The last answer to each of the latest few inputs (channel and input): a view that opens on a list another view has
 * just shown (Check-in → Participants, 5,000 people) shows it at once, then reads it again; the read's answer replaces
 * it within a round trip, so a change made while no view showed the list is never shown for longer.
 */
// eslint-disable-next-line svelte/prefer-svelte-reactivity -- read once when a list opens, never shown: nothing to react to
const lastAnswers = new Map<string, { items: readonly unknown[]; refreshedAt: number | null }>()
const LAST_ANSWERS_KEPT = 4

function keepAnswer(key: string, items: readonly unknown[], refreshedAt: number | null): void {
  lastAnswers.delete(key)
  lastAnswers.set(key, { items, refreshedAt })
  for (const oldest of lastAnswers.keys()) if (lastAnswers.size > LAST_ANSWERS_KEPT) lastAnswers.delete(oldest)
}

/** Another connection (or a Demo venue started over): what was shown belongs to the one before. */
export function forgetLastAnswers(): void {
  lastAnswers.clear()
}

export interface CachedListOptions {
  /** Seconds between background reloads while the window is visible; 0 or absent: only on cache:updated. */
  every?: () => number
}

export class CachedList<C extends ListChannel> {
  #items = $state.raw<Item<C>[]>([])
  #refreshedAt = $state<number | null>(null)
  #loading = $state(false)
  #error = $state<string | null>(null)
  #input: Input<C> | undefined
  /** Counts reads: only the latest one's answer is shown, whatever order the answers arrive in. */
  #reads = 0
  /** A read is on its way; a refresh announced meanwhile needs its answer to be at least `#wanted` fresh. */
  #inFlight = false
  #wanted = 0

  /**
   * Create it while a component initialises: `input` is read in an effect, so the list loads whenever what it
   * depends on changes (the chosen tournament, a filter), and everything stops when the component goes away. The
   * effect runs before the DOM is built (`$effect.pre`): the read is on its way to main while the view mounts.
   */
  constructor(
    private readonly channel: C,
    input: () => Input<C> | null | undefined,
    options: CachedListOptions = {},
  ) {
    $effect.pre(() => {
      const next = input()
      untrack(() => void (next ? this.load(next) : this.clear()))
    })
    $effect(() =>
      subscribe('cache:updated', ({ resource, scope, changes, refreshedAt }) => {
        if (resource !== RESOURCE[this.channel] || scope !== this.scope()) return
        if (changes && !this.narrowed()) this.apply(changes.upserted as Item<C>[], changes.removed, refreshedAt ?? null)
        else if (this.#inFlight && refreshedAt) this.#wanted = Math.max(this.#wanted, refreshedAt)
        else void this.reload()
      }),
    )
    $effect(() => {
      const seconds = options.every?.() ?? 0
      if (!seconds) return
      const timer = setInterval(() => {
        if (document.visibilityState === 'visible') void this.refresh(false)
      }, seconds * 1000)
      return () => clearInterval(timer)
    })
  }

  get items(): Item<C>[] {
    return this.#items
  }

  /** When the service last confirmed these items (null: never). */
  get refreshedAt(): number | null {
    return this.#refreshedAt
  }

  /** True while the first load of an input has nothing to show yet. */
  get loading(): boolean {
    return this.#loading
  }

  get error(): string | null {
    return this.#error
  }

  /** Reads the list again for the current input. */
  async reload(): Promise<void> {
    const input = this.#input
    if (!input) return
    const read = ++this.#reads
    this.#inFlight = true
    this.#wanted = 0
    const result = await invoke(this.channel as Channel, input as never)
    if (read !== this.#reads) return // a later read (or another input) is on its way: its answer counts
    this.#inFlight = false
    this.#loading = false
    if (result.ok) {
      const value = result.value as Output<C>
      this.#items = value.items
      this.#refreshedAt = value.refreshedAt
      this.#error = null
      this.keep()
      // A refresh announced while this read travelled, and newer than its answer: read once more.
      if (this.#wanted > (value.refreshedAt ?? 0)) void this.reload()
    } else {
      this.#error = result.error.message
    }
  }

  /**
   * Asks main for a live tick of this list (`full`: read it all from the service, as a Refresh button does); what
   * changed arrives by cache:updated. False when the service could not be reached.
   */
  async refresh(full = true): Promise<boolean> {
    const scope = this.scope()
    if (!scope) return false
    const result = await invoke('cache:refresh', { resource: RESOURCE[this.channel], scope, full })
    if (!result.ok) this.#error = result.error.message
    return result.ok
  }

  /** Lays changed items over the list in their places, drops those gone, and notes when the service confirmed them. */
  private apply(upserted: Item<C>[], removed: string[], refreshedAt: number | null): void {
    if (upserted.length > 0) {
      const byId: Record<string, Item<C>> = Object.fromEntries(upserted.map((item) => [item.id, item]))
      this.#items = this.#items.map((item) => byId[item.id] ?? item)
    }
    if (removed.length > 0) {
      const gone: Record<string, true> = Object.fromEntries(removed.map((id) => [id, true]))
      this.#items = this.#items.filter((item) => !gone[item.id])
    }
    if (refreshedAt !== null) this.#refreshedAt = refreshedAt
    this.#error = null
    this.keep()
  }

  /** Notes this list as the last answer to its input. */
  private keep(): void {
    if (this.#input) keepAnswer(this.key(this.#input), this.#items, this.#refreshedAt)
  }

  private key(input: Input<C>): string {
    return `${this.channel}\u0000${JSON.stringify(input)}`
  }

  /** True when the list shows part of the cached scope (a filter): changes cannot be laid over it, it is read again. */
  private narrowed(): boolean {
    const filters = (this.#input as { filters?: Record<string, unknown> } | undefined)?.filters
    return (
      !!filters &&
      Object.values(filters).some(
        (value) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
      )
    )
  }

  /** Puts one item as a write's receipt gave it back, in its place, without reading the whole list again. */
  patch(item: Item<C>): void {
    this.#items = this.#items.map((existing) => (existing.id === item.id ? item : existing))
    this.keep()
  }

  /**
   * The delete of every list view: asks first (`question`), deletes through the shared write helper, then reads the
   * list again. True when the item is gone.
   */
  async remove<D extends Channel>(question: string, channel: D, input: Input<D>, done: string): Promise<boolean> {
    if (!confirm(question)) return false
    const result = await write(channel, input, done)
    if (result.ok) await this.reload()
    return result.ok
  }

  private async load(input: Input<C>): Promise<void> {
    const changed = JSON.stringify(input) !== JSON.stringify(this.#input)
    this.#input = input
    const last = changed ? lastAnswers.get(this.key(input)) : undefined
    if (last) {
      this.#items = last.items as Item<C>[]
      this.#refreshedAt = last.refreshedAt
    }
    if (changed) this.#loading = this.#items.length === 0
    await this.reload()
  }

  private clear(): void {
    this.#input = undefined
    this.#reads++
    this.#inFlight = false
    this.#items = []
    this.#refreshedAt = null
    this.#loading = false
    this.#error = null
  }

  /** The cache scope this list shows: its tournament, or "all" for the tournament list. */
  private scope(): string | undefined {
    const input = this.#input as { tournamentId?: string } | undefined
    return input && (input.tournamentId ?? 'all')
  }
}
