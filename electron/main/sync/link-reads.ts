// A match's streams, and a tournament's links swept: the service has no list of a tournament's links, so its frontier
// and the matches already on a stream are read each sweep, and a rolling window of the rest (all within minutes).
import type { BracketNode } from '../../../shared/api'
import { AppError } from '../app-error'
import type { CachedResource } from './cache'
import { refreshTransaction } from '../db/db'
import { linksLessDeletedHere, reapplyWaiting } from './local-effects'
import { entityOfRow } from './writes'
import { frontierIds } from './frontier'
import type { ReadDeps } from './read-deps'
import { newerHere } from './read-reconcile'

/** Match links read per sweep beyond the frontier (see linksOfTournament). */
const LINKS_PER_SWEEP = 64
/**
 * A tournament's links are swept at most this often; calls between answer from the local copy. Each link read says
 * it changed, and a desk reads the links again when told: without a pause, a desk of 128 streams (hundreds of linked
 * matches) kept the service and main busy with link reads for as long as it was open.
 */
export const LINKS_SWEEP_MS = 5_000

/** What the sweep asks of the façade: the bracket, and its rule for a stale copy. */
export interface LinkReadsPorts {
  /** The tournament's bracket, from the local copy (read when stale). */
  nodes(tournamentId: string): Promise<{ items: BracketNode[] }>
  /** Answers at once from a local copy, reading behind when stale (the cached reads' rule). */
  whenStale(resource: CachedResource, scope: string, refresh: () => Promise<void>, hasLocalCopy: boolean): Promise<void>
}

export class LinkReads {
  /** Per tournament, where the rolling window of match links is. */
  private readonly linkSweeps = new Map<string, number>()
  /** When each tournament's links were last swept (see LINKS_SWEEP_MS). */
  private readonly linkSweptAt = new Map<string, number>()

  constructor(
    private readonly deps: ReadDeps,
    private readonly ports: LinkReadsPorts,
  ) {}

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
      const linked = linksLessDeletedHere(cache, ids, newerHere(outbox, 'streams', mark))
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
    await this.ports.whenStale('match-streams', matchId, refresh, cache.matchStreams(matchId) !== undefined)
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
    const { items } = await this.ports.nodes(tournamentId)
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
}
