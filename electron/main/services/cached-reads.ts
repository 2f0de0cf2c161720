// Reads answered from the cache at once; refreshed from the service in the background; offline, the cache is the answer.
import type {
  BracketNode,
  DisciplineSummary,
  Participant,
  Stage,
  Stream,
  TournamentListItem,
} from '../../../shared/api'
import type { OrganizerApi } from '../api/organizer-api'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import { PageActivity } from '../page-activity'
import type { EventBus } from '../event-bus'
import type { Cache, CacheChange, CachedItems, CachedName, CachedResource } from '../offline/cache'
import { refreshTransaction, type Db } from '../offline/db'
import { linksLessDeletedHere, reapplyWaiting } from '../offline/local-effects'
import type { Outbox } from '../offline/outbox'
import { entityOfRow } from '../offline/writes'
import type { PagingOptions } from '../api/paging'
import { changesBetween } from '../offline/scope-changes'
import { fedBy, frontierIds, frontierWindows, sweepWindow, windowsOver, type NodeWindow } from './frontier'
import { moduleLog } from '../log'

const log = moduleLog('cached-reads')

/** Match links read per sweep beyond the frontier (see linksOfTournament). */
const LINKS_PER_SWEEP = 64
/**
 * A tournament's links are swept at most this often; calls between answer from the local copy. Each link read says
 * it changed, and a desk reads the links again when told: without a pause, a desk of 128 streams (hundreds of linked
 * matches) kept the service and main busy with link reads for as long as it was open.
 */
export const LINKS_SWEEP_MS = 5_000
/**
 * A stale copy answered at once is refreshed once the page has asked nothing for this long (time for the view to draw
 * what it was answered, and for the next view it opens to draw too), and at the latest this long after.
 */
const READ_BEHIND_QUIET_MS = 250
const READ_BEHIND_LATEST_MS = 3_000
/** A participant list's live tick: this many Range windows of this many rows (the service's largest). */
const ROLLING_WINDOWS = 4
const ROLLING_UNIT = 50

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
  /** When the page last asked main something (default: a page that never asks). */
  activity?: PageActivity
}

export interface Cached<T> {
  items: T[]
  refreshedAt: number | null
}

/** What one live tick did: requests sent to the service, and how many items changed. */
export interface Tick {
  requests: number
  changed: number
  refreshedAt: number | null
}

/** A window's answer did not line up with the cached list (nodes added, removed or moved): read it whole. */
class ListMoved extends Error {}

export class CachedReads {
  private readonly refreshing = new Map<string, Promise<void>>()
  /** Per tournament, how many live ticks its bracket has had: where the rolling window is. */
  private readonly sweeps = new Map<string, number>()
  /** Per tournament, where the rolling window of match links is. */
  private readonly linkSweeps = new Map<string, number>()
  /** When each tournament's links were last swept (see LINKS_SWEEP_MS). */
  private readonly linkSweptAt = new Map<string, number>()

  /** Refreshes waiting behind their answers, by list, with what cancels each. */
  private readonly behind = new Map<string, () => void>()
  private readonly activity: PageActivity

  constructor(private readonly deps: CachedReadsDeps) {
    this.activity = deps.activity ?? new PageActivity()
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

  async matchStreams(matchId: string): Promise<{ streamIds: string[]; refreshedAt: number | null }> {
    const { cache, db, outbox, api, clock } = this.deps
    const node = cache.get('nodes', matchId)
    if (!node) throw new AppError('not_found', `Match ${matchId} is not in the local copy: open its bracket first.`)
    const refresh = async () => {
      const mark = outbox.changeMark()
      const ids = await api.streams.ofMatch(matchId).get()
      // Links written here (or acknowledged) while the service was asked are newer than its answer: they stay, and
      // the match's links stay due for a read.
      if (outbox.touchedSince(entityOfRow('match-streams', matchId)!, mark)) return
      const linked = linksLessDeletedHere(cache, ids, this.newerHere('streams', mark))
      const before = JSON.stringify(cache.matchStreams(matchId) ?? null)
      refreshTransaction(db, () => {
        cache.setMatchStreams(matchId, node.tournament_id, linked)
        cache.markRefreshed('match-streams', matchId, clock.now())
        reapplyWaiting(cache, outbox, 'match-streams', node.tournament_id, clock.now())
      })
      // Links read again as they were tell no desk (a sweep reads dozens, and each told change rebuilds feeds).
      if (JSON.stringify(cache.matchStreams(matchId) ?? null) !== before)
        this.deps.onChanged({ resource: 'match-streams', tournamentId: node.tournament_id })
    }
    await this.whenStale('match-streams', matchId, refresh, cache.matchStreams(matchId) !== undefined)
    return { streamIds: cache.matchStreams(matchId) ?? [], refreshedAt: cache.refreshedAt('match-streams', matchId) }
  }

  /**
   * The streams linked to every match of a tournament not yet played, from the local copy. The service is asked
   * (six matches at a time) for the links that can matter next: matches at the frontier and those already on a
   * stream, plus a rolling window of 64 others per sweep (at most one every LINKS_SWEEP_MS), so a large bracket's
   * links are all read within a few minutes instead of thousands of requests at once (the service has no list of a
   * tournament's links).
   */
  async linksOfTournament(tournamentId: string): Promise<Record<string, string[]>> {
    const { cache } = this.deps
    const { items } = await this.nodes(tournamentId)
    const open = items.filter((node) => node.status !== 'completed')
    // From the tournament's kept links (one map until a link is written), not a database read per open match.
    const local = () => {
      const links = cache.linksOfTournament(tournamentId)
      return Object.fromEntries(open.map((node) => [node.id, [...(links.get(node.id) ?? [])]]))
    }
    const sweptAt = this.linkSweptAt.get(tournamentId)
    if (sweptAt !== undefined && this.deps.clock.now() - sweptAt < LINKS_SWEEP_MS) return local()
    this.linkSweptAt.set(tournamentId, this.deps.clock.now())
    const frontier = frontierIds(items, { also: new Set(cache.linksOfTournament(tournamentId).keys()) })
    const rest = open.filter((node) => !frontier.has(node.id))
    const cursor = this.linkSweeps.get(tournamentId) ?? 0
    this.linkSweeps.set(tournamentId, rest.length ? (cursor + LINKS_PER_SWEEP) % rest.length : 0)
    const window = rest.length <= LINKS_PER_SWEEP ? rest : [...rest, ...rest].slice(cursor, cursor + LINKS_PER_SWEEP)
    const wanted = [...open.filter((node) => frontier.has(node.id)), ...window]
    let next = 0
    const worker = async () => {
      while (next < wanted.length) await this.matchStreams(wanted[next++]!.id)
    }
    await Promise.all(Array.from({ length: 6 }, worker))
    return local()
  }

  /** Paging progress of a long load, published for the renderer's progress bar. */
  private progress(resource: string): PagingOptions {
    return { onProgress: (done, total) => this.deps.bus.publish('load:progress', { resource, done, total }) }
  }

  /**
   * A live tick: a bracket reads its frontier and one rolling window (every node again within a cycle of ticks);
   * other lists, and a bracket asked `full`, are read whole. Views hear only what changed. `watched` nodes (the
   * matches queued on streams) are read every tick whatever their state.
   */
  async tick(resource: CachedResource, scope: string, full = false, watched?: ReadonlySet<string>): Promise<Tick> {
    const { cache } = this.deps
    const partly =
      resource === 'nodes'
        ? () => this.nodesFrontier(scope, watched)
        : resource === 'participants'
          ? () => this.participantsRolling(scope)
          : undefined
    if (partly && !full && cache.refreshedAt(resource, scope)) {
      try {
        return await this.once(`${resource}:${scope}`, partly)
      } catch (error) {
        if (!(error instanceof ListMoved)) throw error
      }
    }
    const before = cache.rows(resource, scope)
    await this.refresh(resource, scope)
    const after = cache.rows(resource, scope)
    const unit = resource === 'nodes' ? 128 : 50
    return {
      requests: Math.max(1, Math.ceil(after.size / unit)),
      changed: changesBetween(before, after)?.upserted.length ?? after.size,
      refreshedAt: cache.refreshedAt(resource, scope),
    }
  }

  private async nodesFrontier(tournamentId: string, watched?: ReadonlySet<string>): Promise<Tick> {
    const { cache, api } = this.deps
    const nodes = cache.list('nodes', tournamentId)
    const cursor = this.sweeps.get(tournamentId) ?? 0
    this.sweeps.set(tournamentId, cursor + 1)
    const sweep = sweepWindow(nodes, cursor)
    const expectedTotal = (window: NodeWindow) =>
      window.roundIds ? nodes.filter((n) => window.roundIds!.includes(n.round_id)).length : nodes.length
    let requests = 0
    const read = async (windows: NodeWindow[]) => {
      requests += windows.length
      const answers = await Promise.all(
        windows.map(async (window) => {
          const answer = await api.bracketNodes
            .list({ tournament_ids: [tournamentId], ...(window.roundIds && { round_ids: window.roundIds }) })
            .range(window.first, window.last)
          const ids = answer.items.map((n) => n.id)
          if (answer.total !== expectedTotal(window) || ids.join() !== window.expected.join()) throw new ListMoved()
          return answer.items
        }),
      )
      return answers.flat()
    }
    const fetched = await read([
      ...frontierWindows(nodes, { ...(watched && { also: watched }) }),
      ...(sweep ? [sweep] : []),
    ])
    // A match that finished (or whose result changed) moved its winner and loser on: read the matches it feeds.
    const known = new Map(nodes.map((n) => [n.id, n]))
    const outcome = (n: BracketNode | undefined) => n && `${n.status}:${n.opponents.map((o) => o.result).join()}`
    const finished = new Set(
      fetched.filter((n) => n.status === 'completed' && outcome(n) !== outcome(known.get(n.id))).map((n) => n.id),
    )
    const got = new Set(fetched.map((n) => n.id))
    const fed = new Set([...fedBy(nodes, finished)].filter((id) => !got.has(id)))
    if (fed.size > 0) fetched.push(...(await read(windowsOver(nodes, fed))))
    return { requests, ...this.laidOver('nodes', tournamentId, fetched) }
  }

  /**
   * A participant list's live tick: four Range windows of 50 rolling through the list (every row read again within
   * a cycle of ticks), instead of the whole list (100 requests for 5,000 people). Rows with writes still waiting keep
   * the local copy's value (this desk's and its doors' check-ins show at once). A list that moved (someone added or
   * removed) is read whole.
   */
  private async participantsRolling(tournamentId: string): Promise<Tick> {
    const { cache, api } = this.deps
    const local = [...cache.rows('participants', tournamentId).keys()]
    if (local.length <= ROLLING_WINDOWS * ROLLING_UNIT) throw new ListMoved()
    let position = this.sweeps.get(`participants:${tournamentId}`) ?? 0
    const windows: { first: number; last: number }[] = []
    for (let i = 0; i < ROLLING_WINDOWS; i++) {
      if (position >= local.length) position = 0
      const last = Math.min(position + ROLLING_UNIT, local.length) - 1
      windows.push({ first: position, last })
      position = last + 1
    }
    this.sweeps.set(`participants:${tournamentId}`, position)
    const mark = this.deps.outbox.changeMark()
    const answers = await Promise.all(
      windows.map(async ({ first, last }) => {
        const answer = await api.participants.list({ tournament_ids: [tournamentId] }).range(first, last)
        const ids = answer.items.map((p) => p.id)
        if (answer.total !== local.length || ids.join() !== local.slice(first, last + 1).join()) throw new ListMoved()
        return answer.items
      }),
    )
    const newer = this.newerHere('participants', mark)
    const fetched = answers.flat().filter((p) => !newer(p.id))
    return { requests: windows.length, ...this.laidOver('participants', tournamentId, fetched) }
  }

  /**
   * Which rows of a list read from `mark` on are newer in the local copy than in the answer: a write for them still
   * waits, or was made or acknowledged after the read was sent (the service may have answered before it saw it).
   */
  private newerHere(resource: CachedResource, mark: number): (id: string) => boolean {
    const { outbox } = this.deps
    const moved = outbox.changeMark() !== mark
    // Read from the outbox at the first question only: a links read with every stream known asks none.
    let waiting: Set<string> | undefined
    return (id) => {
      const entity = entityOfRow(resource, id)
      if (entity === undefined) return false
      waiting ??= outbox.unsentEntities()
      return waiting.has(entity) || (moved && outbox.touchedSince(entity, mark))
    }
  }

  /** After a whole list replaced a scope: rows written here while it was read keep the local copy's value. */
  private keepNewer(
    resource: CachedResource,
    scope: string,
    before: ReadonlyMap<string, string>,
    items: readonly { id: string }[],
    mark: number,
  ): void {
    const { cache, outbox } = this.deps
    if (outbox.changeMark() === mark) return
    const newer = this.newerHere(resource, mark)
    for (const id of new Set([...before.keys(), ...items.map((item) => item.id)])) {
      if (!newer(id)) continue
      const kept = before.get(id)
      if (kept === undefined) cache.remove(resource, id)
      else cache.put(resource, scope, id, JSON.parse(kept) as unknown)
    }
  }

  /** Lays rows read in windows over the local copy: only those that differ are written and told to views and desks. */
  private laidOver(
    resource: 'nodes' | 'participants',
    tournamentId: string,
    fetched: readonly { id: string }[],
  ): Omit<Tick, 'requests'> {
    const { cache, db, clock, bus } = this.deps
    const before = cache.rows(resource, tournamentId)
    const changed: { id: string }[] = []
    const at = clock.now()
    refreshTransaction(db, () => {
      for (const item of fetched) {
        const data = JSON.stringify(item)
        if (before.get(item.id) === data) continue
        before.set(item.id, data)
        cache.put(resource, tournamentId, item.id, item)
        changed.push(item)
      }
      cache.markRefreshed(resource, tournamentId, at)
    })
    bus.publish('cache:updated', {
      resource,
      scope: tournamentId,
      refreshedAt: at,
      changes: { upserted: changed, removed: [] },
    })
    if (changed.length > 0) this.deps.onChanged({ resource, tournamentId, ids: changed.map((item) => item.id) })
    return { changed: changed.length, refreshedAt: at }
  }

  /** Runs one refresh of a key at a time: a caller arriving meanwhile shares the one under way. */
  private once<T>(key: string, run: () => Promise<T>): Promise<T> {
    const running = this.refreshing.get(key) as Promise<T> | undefined
    if (running) return running
    const started = run().finally(() => this.refreshing.delete(key))
    const shared = started.then(() => undefined)
    shared.catch(() => undefined) // the caller handles the failure; a sharer awaiting it sees it too
    this.refreshing.set(key, shared)
    return started
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
          this.keepNewer(resource, scope, before, items, mark)
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
