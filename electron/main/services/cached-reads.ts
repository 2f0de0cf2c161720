// Reads answered from the cache at once; refreshed from the service in the background; offline, the cache is the answer.
import type { BracketNode, Participant, Stage, Stream, TournamentListItem } from '../../../shared/api'
import type { OrganizerApi } from '../api/organizer-api'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { EventBus } from '../event-bus'
import type { Cache, CacheChange, CachedResource } from '../offline/cache'
import type { Db } from '../offline/db'
import { reapplyWaiting } from '../offline/local-effects'
import type { Outbox } from '../offline/outbox'
import type { PagingOptions } from '../api/paging'

export interface CachedReadsDeps {
  db: Db
  cache: Cache
  outbox: Outbox
  api: OrganizerApi
  clock: Clock
  bus: EventBus
  /** Told after a refresh replaced part of the cache. */
  onChanged(change: CacheChange): void
  /** A read newer than this is answered without asking the service again. */
  freshForMs?: number
}

export interface Cached<T> {
  items: T[]
  refreshedAt: number | null
}

export class CachedReads {
  private readonly refreshing = new Map<string, Promise<void>>()

  constructor(private readonly deps: CachedReadsDeps) {}

  tournaments(): Promise<Cached<TournamentListItem>> {
    return this.read('tournaments', 'all', () =>
      this.deps.api.tournaments.list({ archived: true }).all(this.progress('tournaments')),
    )
  }

  stages(tournamentId: string): Promise<Cached<Stage>> {
    return this.read('stages', tournamentId, () => this.deps.api.stages.list([tournamentId]).all())
  }

  participants(tournamentId: string): Promise<Cached<Participant>> {
    return this.read('participants', tournamentId, () =>
      this.deps.api.participants.list({ tournament_ids: [tournamentId] }).all(this.progress('participants')),
    )
  }

  nodes(tournamentId: string): Promise<Cached<BracketNode>> {
    return this.read('nodes', tournamentId, () =>
      this.deps.api.bracketNodes.list({ tournament_ids: [tournamentId] }).all(this.progress('bracket')),
    )
  }

  streams(tournamentId: string): Promise<Cached<Stream>> {
    return this.read('streams', tournamentId, () =>
      this.deps.api.streams.list({ tournament_ids: [tournamentId] }).all(),
    )
  }

  async matchStreams(matchId: string): Promise<{ streamIds: string[]; refreshedAt: number | null }> {
    const { cache, db, outbox, api, clock } = this.deps
    const node = cache.get<BracketNode>('nodes', matchId)
    if (!node) throw new AppError('not_found', `Match ${matchId} is not in the local copy: open its bracket first.`)
    const refresh = async () => {
      const ids = await api.streams.ofMatch(matchId).get()
      db.transaction(() => {
        cache.setMatchStreams(matchId, node.tournament_id, ids)
        cache.markRefreshed('match-streams', matchId, clock.now())
        reapplyWaiting(cache, outbox, 'match-streams', node.tournament_id, clock.now())
      })()
      this.deps.onChanged({ resource: 'match-streams', tournamentId: node.tournament_id })
    }
    await this.whenStale('match-streams', matchId, refresh, cache.matchStreams(matchId) !== undefined)
    return { streamIds: cache.matchStreams(matchId) ?? [], refreshedAt: cache.refreshedAt('match-streams', matchId) }
  }

  /** The streams linked to every match of a tournament not yet played, a few matches at a time. */
  async linksOfTournament(tournamentId: string): Promise<Record<string, string[]>> {
    const { items } = await this.nodes(tournamentId)
    const open = items.filter((node) => node.status !== 'completed')
    const links: Record<string, string[]> = {}
    let next = 0
    const worker = async () => {
      while (next < open.length) {
        const node = open[next++]!
        links[node.id] = (await this.matchStreams(node.id)).streamIds
      }
    }
    await Promise.all(Array.from({ length: 6 }, worker))
    return links
  }

  /** Paging progress of a long load, published for the renderer's progress bar. */
  private progress(resource: string): PagingOptions {
    return { onProgress: (done, total) => this.deps.bus.publish('load:progress', { resource, done, total }) }
  }

  /** Forces a refresh of one resource of a tournament (after a discard, or on the user's request). */
  refresh(resource: CachedResource, scope: string): Promise<void> {
    const fetchers: Partial<Record<CachedResource, () => Promise<unknown>>> = {
      tournaments: () => this.tournaments(),
      stages: () => this.stages(scope),
      participants: () => this.participants(scope),
      nodes: () => this.nodes(scope),
      streams: () => this.streams(scope),
    }
    this.deps.cache.markRefreshed(resource, scope, 0)
    return fetchers[resource]?.().then(() => undefined) ?? Promise.resolve()
  }

  private async read<T extends { id: string }>(
    resource: CachedResource,
    scope: string,
    fetchAll: () => Promise<T[]>,
  ): Promise<Cached<T>> {
    const { cache, db, outbox, clock, bus } = this.deps
    await this.whenStale(
      resource,
      scope,
      async () => {
        const items = await fetchAll()
        db.transaction(() => {
          cache.replaceScope(resource, scope, items, clock.now())
          reapplyWaiting(cache, outbox, resource, scope, clock.now())
        })()
        bus.publish('cache:updated', { resource, scope })
        if (resource !== 'tournaments') this.deps.onChanged({ resource, tournamentId: scope })
      },
      cache.list(resource, scope).length > 0,
    )
    return { items: cache.list<T>(resource, scope), refreshedAt: cache.refreshedAt(resource, scope) }
  }

  /**
   * Never refreshed: wait for the service (or, when it cannot be reached, answer with what local writes left).
   * Refreshed a while ago: answer now, refresh behind. Fresh: answer now.
   */
  private async whenStale(
    resource: CachedResource,
    scope: string,
    refresh: () => Promise<void>,
    hasLocalCopy: boolean,
  ): Promise<void> {
    const at = this.deps.cache.refreshedAt(resource, scope)
    const key = `${resource}:${scope}`
    const start = () => {
      let running = this.refreshing.get(key)
      if (!running) {
        running = refresh().finally(() => this.refreshing.delete(key))
        this.refreshing.set(key, running)
      }
      return running
    }
    if (at === null || at === 0) {
      try {
        await start()
      } catch (error) {
        if (at === null && !hasLocalCopy) throw error
      }
      return
    }
    if (this.deps.clock.now() - at > (this.deps.freshForMs ?? 3000)) start().catch(() => undefined)
  }
}
