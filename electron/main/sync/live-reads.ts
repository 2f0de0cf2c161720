// The live ticks of a cached list: a bracket reads its frontier and one rolling window, a participant list four rolling
// windows, laid over the local copy so views and desks hear only what changed; anything else, or a list that moved, is
// read whole. A view's tick asked moments after the desks' live ticks read the same list shares that tick's answer.
import type { BracketNode } from '../../../shared/api'
import type { CachedResource } from './cache'
import { refreshTransaction } from '../db/db'
import { changesBetween } from './scope-changes'
import { fedBy, frontierWindows, sweepWindow, windowsOver, type NodeWindow } from './frontier'
import type { ReadDeps } from './read-deps'
import { newerHere } from './read-reconcile'
import { SingleFlight } from './single-flight'

/** A participant list's live tick: this many Range windows of this many rows (the service's largest). */
const ROLLING_WINDOWS = 4
const ROLLING_UNIT = 50
/**
 * A view's tick of a list that ticked this recently (the desks' live ticks, another view) answers from that tick: a
 * view's every 10 s rides on the desks' every 5 s instead of reading the same tournament again.
 */
export const SHARED_TICK_MS = 4_000

/** What one live tick did: requests sent to the service, and how many items changed. */
export interface Tick {
  requests: number
  changed: number
  refreshedAt: number | null
}

/** A window's answer did not line up with the cached list (nodes added, removed or moved): read it whole. */
class ListMoved extends Error {}

export class LiveReads {
  private readonly flights = new SingleFlight()
  /** Per list, where its rolling window is. */
  private readonly sweeps = new Map<string, number>()
  /** Per list, its last tick: when, the matches it read beside the frontier, and what it did. */
  private readonly last = new Map<string, { at: number; watched: ReadonlySet<string> | undefined; tick: Tick }>()

  constructor(
    private readonly deps: ReadDeps,
    /** Reads a list whole (a list that moved, or one without windows). */
    private readonly readWhole: (resource: CachedResource, scope: string) => Promise<void>,
  ) {}

  /**
   * A live tick: a bracket reads its frontier and one rolling window (every node again within a cycle of ticks);
   * other lists, and a bracket asked `full`, are read whole. Views hear only what changed. `watched` nodes (the
   * matches queued on streams) are read every tick whatever their state. With `sharedWithinMs` (a view's tick), a
   * tick that read at least as much that recently answers instead, without asking the service.
   */
  async tick(
    resource: CachedResource,
    scope: string,
    full = false,
    watched?: ReadonlySet<string>,
    sharedWithinMs = 0,
  ): Promise<Tick> {
    const key = `${resource}:${scope}`
    const at = this.deps.clock.now()
    const last = this.last.get(key)
    if (!full && last && at - last.at < sharedWithinMs && covers(last.watched, watched)) return last.tick
    const tick = await this.read(resource, scope, full, watched)
    this.last.set(key, { at, watched, tick })
    return tick
  }

  private async read(
    resource: CachedResource,
    scope: string,
    full: boolean,
    watched: ReadonlySet<string> | undefined,
  ): Promise<Tick> {
    const { cache } = this.deps
    const partly =
      resource === 'nodes'
        ? () => this.nodesFrontier(scope, watched)
        : resource === 'participants'
          ? () => this.participantsRolling(scope)
          : undefined
    if (partly && !full && cache.refreshedAt(resource, scope)) {
      try {
        return await this.flights.run(`${resource}:${scope}`, partly)
      } catch (error) {
        if (!(error instanceof ListMoved)) throw error
      }
    }
    const before = cache.rows(resource, scope)
    await this.readWhole(resource, scope)
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
    const newer = newerHere(this.deps.outbox, 'participants', mark)
    const fetched = answers.flat().filter((p) => !newer(p.id))
    return { requests: windows.length, ...this.laidOver('participants', tournamentId, fetched) }
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
}

/** Whether a tick that read `read` beside the frontier also read every match of `wanted`. */
function covers(read: ReadonlySet<string> | undefined, wanted: ReadonlySet<string> | undefined): boolean {
  if (!wanted || wanted.size === 0) return true
  return read !== undefined && [...wanted].every((id) => read.has(id))
}
