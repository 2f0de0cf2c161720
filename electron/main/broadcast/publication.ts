// What each stream publishes and who hears it: the last published feed per stream (kept in the profile's database so
// a held stream keeps showing it), the stream's followers (the hub's overlays and feeds) and its other targets (OBS), what
// a held stream has staged, and the desk's one event per change. The producer's desk decides; this only publishes.
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import type { EventBus } from '../event-bus'
import type { ProducerStore } from '../store/producer-store'
import { sameFeed } from './hold'

export type FeedListener = (feed: Feed) => void

/** Another place a stream's published feeds go (OBS): told after the hub's followers, never awaited. */
export interface PublicationTarget {
  published(streamId: string, feed: Feed): void
  /** True when the target shows this stream (so the desk keeps its data fresh, as for an open overlay). */
  follows(streamId: string): boolean
  /** Another connection became the active one: its streams are others. */
  switched(): void
}

/** What follows a stream: an overlay by its kind, or "feed" for any other client of the feed. */
export type SourceKind = string

export class Publication {
  private readonly listeners = new Map<string, Set<FeedListener>>()
  private readonly kinds = new Map<FeedListener, SourceKind>()
  private readonly published = new Map<string, Feed>()
  private readonly staged = new Map<string, string>()
  /** While a desk action's transaction runs: what it publishes is told once it commits, and undone if it does not. */
  private pending: { tell: (() => void)[]; undo: (() => void)[] } | undefined

  constructor(
    private readonly bus: EventBus,
    private readonly store: () => ProducerStore,
    private readonly targets: readonly PublicationTarget[] = [],
  ) {}

  /** What a stream shows now: published since start, or what the profile's database kept from before. */
  shown(streamId: string): Feed | undefined {
    return this.published.get(streamId) ?? this.store().published(streamId) ?? undefined
  }

  /** What a stream published since start (a held stream's kept feed comes back through `shown`). */
  live(streamId: string): Feed | undefined {
    return this.published.get(streamId)
  }

  /** True when a stream published since start, or someone follows it. */
  isLive(streamId: string): boolean {
    return this.published.has(streamId) || this.listeners.has(streamId)
  }

  /** Streams that published since start or are followed. */
  liveStreams(): string[] {
    return [...new Set([...this.published.keys(), ...this.listeners.keys()])]
  }

  /** True when someone follows the stream's feed: a hub client, or another target (OBS). */
  followed(streamId: string): boolean {
    return this.listeners.has(streamId) || this.targets.some((target) => target.follows(streamId))
  }

  /**
   * Runs a desk action's transaction: what it publishes reaches the followers, the targets (OBS) and the desk's windows
   * only once `transaction` has returned (committed); if it throws, nothing was told and what was kept is put back.
   */
  afterCommit<T>(transaction: () => T): T {
    if (this.pending) return transaction()
    const pending: NonNullable<Publication['pending']> = { tell: [], undo: [] }
    this.pending = pending
    try {
      const result = transaction()
      this.pending = undefined
      for (const tell of pending.tell) tell()
      return result
    } catch (error) {
      this.pending = undefined
      for (const undo of pending.undo.reverse()) undo()
      throw error
    }
  }

  /** Publishes a feed to the stream's followers and keeps it; an unchanged feed goes nowhere (false). */
  publish(streamId: string, feed: Feed): boolean {
    const before = this.published.get(streamId)
    if (sameFeed(before ?? null, feed)) return false
    const stagedBefore = this.staged.get(streamId)
    this.published.set(streamId, feed)
    this.store().setPublished(streamId, feed)
    this.staged.delete(streamId)
    this.pending?.undo.push(() => {
      if (before) this.published.set(streamId, before)
      else this.published.delete(streamId)
      if (stagedBefore !== undefined) this.staged.set(streamId, stagedBefore)
    })
    this.tell(() => {
      for (const listener of this.listeners.get(streamId) ?? []) listener(feed)
      for (const target of this.targets) target.published(streamId, feed)
    })
    return true
  }

  /** Tells the desk's windows a stream's new state (one event, carrying what they show). */
  announce(state: StreamState): void {
    this.tell(() => this.bus.publish('broadcast:changed', state))
  }

  /** Tells at once, or once the desk action's transaction under way has committed. */
  private tell(tell: () => void): void {
    if (this.pending) this.pending.tell.push(tell)
    else tell()
  }

  /** A held stream's staged changes, as text: true when they differ from what was last said. */
  restaged(streamId: string, staged: string): boolean {
    if (this.staged.get(streamId) === staged) return false
    this.staged.set(streamId, staged)
    return true
  }

  /** Follows a stream's published feed: `current` at once, then each change; `kind` says what follows it. */
  subscribe(streamId: string, current: Feed, listener: FeedListener, kind: SourceKind = 'feed'): () => void {
    const set = this.listeners.get(streamId) ?? new Set<FeedListener>()
    set.add(listener)
    this.kinds.set(listener, kind)
    this.listeners.set(streamId, set)
    listener(current)
    return () => {
      set.delete(listener)
      this.kinds.delete(listener)
      if (set.size === 0) this.listeners.delete(streamId)
    }
  }

  /** How many sources follow a stream now, by kind. */
  sources(streamId: string): Record<SourceKind, number> {
    const counts: Record<SourceKind, number> = {}
    for (const listener of this.listeners.get(streamId) ?? []) {
      const kind = this.kinds.get(listener) ?? 'feed'
      counts[kind] = (counts[kind] ?? 0) + 1
    }
    return counts
  }

  /** Another connection: nothing published yet (its database keeps its own); the targets follow its streams. */
  forget(): void {
    this.published.clear()
    this.staged.clear()
    for (const target of this.targets) target.switched()
  }
}
