// Reads answered from the cache at once; refreshed from the service in the background; offline, the cache is the answer.
// The façade of the session's reads: whole lists here (stale-while-revalidate), live ticks in live-reads.ts, a match's
// links and a tournament's sweep in link-reads.ts, the meeting of a read and local writes in read-reconcile.ts.
import type {
  BracketNode,
  DisciplineSummary,
  Participant,
  Stage,
  Stream,
  TournamentListItem,
} from '../../../shared/api'
import { PageActivity } from '../page-activity'
import type { CachedItems, CachedName, CachedResource } from './cache'
import { refreshTransaction } from '../db/db'
import { reapplyWaiting } from './local-effects'
import type { PagingOptions } from '../api/paging'
import { changesBetween } from './scope-changes'
import { LinkReads } from './link-reads'
import { LiveReads, type Tick } from './live-reads'
import type { ReadDeps } from './read-deps'
import { keepNewer } from './read-reconcile'
import { SingleFlight } from './single-flight'
import { moduleLog } from '../log'

const log = moduleLog('cached-reads')

/**
 * A stale copy answered at once is refreshed once the page has asked nothing for this long (time for the view to draw
 * what it was answered, and for the next view it opens to draw too), and at the latest this long after.
 */
const READ_BEHIND_QUIET_MS = 250
const READ_BEHIND_LATEST_MS = 3_000

export interface CachedReadsDeps extends ReadDeps {
  /** A read newer than this is answered without asking the service again. */
  freshForMs?: number
  /** When the page last asked main something (default: a page that never asks). */
  activity?: PageActivity
}

export interface Cached<T> {
  items: T[]
  refreshedAt: number | null
}

export type { Tick }

export class CachedReads {
  /** Whole reads of a list under way: one at a time, shared. */
  private readonly reading = new SingleFlight()
  /** Refreshes waiting behind their answers, by list, with what cancels each. */
  private readonly behind = new Map<string, () => void>()
  private readonly activity: PageActivity
  private readonly live: LiveReads
  private readonly links: LinkReads

  constructor(private readonly deps: CachedReadsDeps) {
    this.activity = deps.activity ?? new PageActivity()
    this.live = new LiveReads(deps, (resource, scope) => this.refresh(resource, scope))
    this.links = new LinkReads(deps, {
      nodes: (tournamentId) => this.nodes(tournamentId),
      whenStale: (resource, scope, refresh, hasLocalCopy) => this.whenStale(resource, scope, refresh, hasLocalCopy),
    })
  }

  /** The session closes: refreshes still waiting behind their answers are not started. */
  stop(): void {
    for (const cancel of this.behind.values()) cancel()
    this.behind.clear()
  }

  tournaments(): Promise<Cached<TournamentListItem>> {
    return this.read('tournaments', 'all', () =>
      this.deps.api.tournaments.list({ archived: true }).all(this.progress('tournaments')),
    )
  }

  /** The service's games and sports: names for the tournament list, offline too. */
  disciplines(): Promise<Cached<DisciplineSummary>> {
    return this.read('disciplines', 'all', () => this.deps.api.disciplines.list().all())
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

  /** The tournament a stream belongs to, asked of the service (a stream the local copy has not met yet). */
  async tournamentOfStream(streamId: string): Promise<string> {
    return (await this.deps.api.streams.get(streamId)).tournament_id
  }

  matchStreams(matchId: string): Promise<{ streamIds: string[]; refreshedAt: number | null }> {
    return this.links.matchStreams(matchId)
  }

  /** The streams linked to every open match of a tournament, from the local copy, swept (see LinkReads). */
  linksOfTournament(tournamentId: string): Promise<Record<string, string[]>> {
    return this.links.linksOfTournament(tournamentId)
  }

  /** A live tick of a list (see LiveReads). */
  tick(...asked: Parameters<LiveReads['tick']>): Promise<Tick> {
    return this.live.tick(...asked)
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
      disciplines: () => this.disciplines(),
    }
    this.deps.cache.markRefreshed(resource, scope, 0)
    return fetchers[resource]?.().then(() => undefined) ?? Promise.resolve()
  }

  private async read<R extends CachedName>(
    resource: R,
    scope: string,
    fetchAll: () => Promise<CachedItems[R][]>,
  ): Promise<Cached<CachedItems[R]>> {
    const { cache, db, outbox, clock, bus } = this.deps
    await this.whenStale(
      resource,
      scope,
      async () => {
        const mark = outbox.changeMark()
        const items = await fetchAll()
        const before = cache.rows(resource, scope)
        const at = clock.now()
        refreshTransaction(db, () => {
          cache.replaceScope(resource, scope, items, at)
          keepNewer(cache, outbox, resource, scope, before, items, mark)
          reapplyWaiting(cache, outbox, resource, scope, at)
        })
        // Views are told only what changed when the list kept its items in order; otherwise they read it again.
        const after = cache.rows(resource, scope)
        const changes = changesBetween(before, after)
        bus.publish('cache:updated', {
          resource,
          scope,
          refreshedAt: at,
          ...(changes && {
            changes: {
              upserted: changes.upserted.map((id) => JSON.parse(after.get(id)!) as { id: string }),
              removed: changes.removed,
            },
          }),
        })
        // A list read again as it was tells no desk (a change rebuilds every feed a producer follows).
        const unchanged = changes && changes.upserted.length === 0 && changes.removed.length === 0
        if (resource !== 'tournaments' && resource !== 'disciplines' && !unchanged)
          this.deps.onChanged({
            resource,
            tournamentId: scope,
            ...(changes && { ids: [...changes.upserted, ...changes.removed] }),
          })
      },
      cache.kept(resource, scope).length > 0,
      // A stale bracket or participant list is read behind as a live tick reads it (a few windows), not whole: a
      // 5,000-person list is 100 requests, a 4,094-match bracket 32, parsed in main while the view draws.
      resource === 'nodes' || resource === 'participants' ? () => this.tick(resource, scope) : undefined,
    )
    // The kept list itself (frozen: a reader that changed it would throw), so its answer is packed once for the page.
    return { items: cache.kept(resource, scope) as CachedItems[R][], refreshedAt: cache.refreshedAt(resource, scope) }
  }

  /**
   * Never refreshed: wait for the service (or, when it cannot be reached, answer with what local writes left).
   * Refreshed a while ago: answer now, refresh behind (by `behind` when given and there is a local copy). Fresh:
   * answer now.
   */
  private async whenStale(
    resource: CachedResource,
    scope: string,
    refresh: () => Promise<void>,
    hasLocalCopy: boolean,
    behind?: () => Promise<unknown>,
  ): Promise<void> {
    const at = this.deps.cache.refreshedAt(resource, scope)
    const key = `${resource}:${scope}`
    const start = () => this.reading.run(key, refresh)
    if (at === null || at === 0) {
      try {
        await start()
      } catch (error) {
        if (at === null && !hasLocalCopy) throw error
      }
      return
    }
    const freshFor = this.deps.freshForMs ?? 3000
    if (this.deps.clock.now() - at <= freshFor || this.behind.has(key)) return
    // Behind the answer and the picture the view draws from it, not before: working out a bracket's frontier and reading
    // its windows keeps main busy for tens of ms, which the view waited for (or shared the machine with). One refresh
    // waits per list however often it is read meanwhile, and none starts if the list was refreshed while it waited.
    const cancel = this.activity.whenQuiet(
      () => {
        this.behind.delete(key)
        const now = this.deps.cache.refreshedAt(resource, scope)
        if (now !== null && this.deps.clock.now() - now <= freshFor) return
        if (behind && hasLocalCopy) behind().catch(log.failed(`refreshing ${resource} behind an answer`, 'debug'))
        else start().catch(log.failed(`reading ${resource}`, 'debug'))
      },
      READ_BEHIND_QUIET_MS,
      READ_BEHIND_LATEST_MS,
    )
    this.behind.set(key, cancel)
  }
}
