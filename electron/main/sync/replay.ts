// Sends waiting writes when the service answers (run by the job runner, eight at a time, one while main is busy): each entity's oldest first,
// backoff with full jitter between tries.
import type { Stream } from '../../../shared/api'
import type { OrganizerApi } from '../api/organizer-api'
import { ApiError } from '../api/api-error'
import { backoffDelay } from '../backoff'
import { JobRunner } from '../job-runner'
import { mainLoad } from '../main-load'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { Cache, CacheChange } from './cache'
import type { Connectivity } from './connectivity'
import { refreshTransaction, type Db } from '../db/db'
import { changeOf, linksLessDeletedHere, reapplyWaiting } from './local-effects'
import type { Outbox, OutboxRow } from './outbox'
import { entityOfRow, type OutboxWrite } from './writes'

export interface ReplayDeps {
  db: Db
  cache: Cache
  outbox: Outbox
  api: OrganizerApi
  clock: Clock
  connectivity: Connectivity
  /** Called whenever the outbox changed (a write synced, was postponed or needs attention). */
  onChange(): void
  /** Told which part of the cache a write the service confirmed changed. */
  onCacheChanged(change: CacheChange): void
  /** Writes sent at once (default 8). */
  concurrency?: number
  /** True while foreground work (doors, the page) waits on a busy main: then one write is sent at a time. */
  contended?: () => boolean
  baseMs?: number
  capMs?: number
}

/**
 * What the service confirmed, written down: the row done and the cache as the service answered. Its commit is not
 * synced to disk by itself (the next acknowledged write's is): a kill keeps it, and a power cut that undid it would
 * only send a write the service already has once more, as a kill between the answer and this commit always could.
 * At ten doors scanning flat out, that is one disk sync a scan fewer on main's event loop.
 */
const confirmed = <T>(db: Db, write: () => T): T => refreshTransaction(db, write)

type Outcome = { kind: 'done' } | { kind: 'retry'; error: string } | { kind: 'attention'; reason: string }
type StreamCreateWrite = Extract<OutboxWrite, { kind: 'stream.create' }>

export class Replayer {
  private readonly runner: JobRunner<OutboxRow>

  constructor(private readonly deps: ReplayDeps) {
    const { outbox, clock, connectivity, concurrency = 8, contended = () => mainLoad.contended() } = deps
    this.runner = new JobRunner<OutboxRow>({
      clock,
      what: 'sending a waiting write',
      // A door flood keeps main busy: its scans are answered first, the service learns of them a moment later.
      concurrency: () => (contended() ? 1 : concurrency),
      ready: () => connectivity.state !== 'offline',
      queue: () => ({
        due: (now, room) => outbox.eligible(now, room),
        nextDue: () => outbox.nextWake(),
        take: (row) => outbox.claim(row.seq),
        release: (row) => outbox.release(row.seq),
      }),
      run: (row) => this.send(row),
      ended: () => deps.onChange(),
    })
  }

  get sending(): boolean {
    return this.runner.busy
  }

  kick(): void {
    this.runner.kick()
  }

  /** Back online: writes postponed by the outage go now instead of at their backoff time. */
  online(): void {
    this.deps.outbox.dueNow()
    this.kick()
  }

  stop(): void {
    this.runner.stop()
  }

  /** Resolves once nothing waits that could be sent (tests and benchmarks). */
  async drain(timeoutMs = 60_000): Promise<void> {
    const until = Date.now() + timeoutMs
    while (this.deps.outbox.counts().pending > 0 || this.runner.busy) {
      if (Date.now() > until)
        throw new Error(`the outbox did not drain in ${timeoutMs} ms (${this.deps.outbox.counts().pending} waiting)`)
      this.kick()
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  private async send(row: OutboxRow): Promise<void> {
    let outcome: Outcome
    try {
      await this.perform(row)
      outcome = { kind: 'done' }
      this.deps.onCacheChanged(changeOf(row.write))
    } catch (error) {
      // The profile closed while the write was on its way: the row stays in the outbox and goes at the next start.
      if (!this.deps.db.open) return
      outcome = classify(row, error)
    }
    const { outbox, clock } = this.deps
    if (outcome.kind === 'retry') {
      const backoff = { baseMs: this.deps.baseMs ?? 500, capMs: this.deps.capMs ?? 30_000 }
      outbox.postpone(row.seq, outcome.error, clock.now() + backoffDelay(backoff, row.attempts, () => clock.random()))
    } else if (outcome.kind === 'attention') {
      outbox.needsAttention(row.seq, outcome.reason)
    }
  }

  private async perform(row: OutboxRow): Promise<void> {
    const { api, db, cache, outbox, clock } = this.deps
    const write = row.write
    const last = () => outbox.ofEntity(row.entity).length === 1
    switch (write.kind) {
      case 'participant.update': {
        const updated = await api.participants.update(write.payload.id, write.payload.body)
        return confirmed(db, () => {
          if (last()) cache.put('participants', write.payload.tournamentId, updated.id, updated)
          outbox.done(row.seq)
        })
      }
      case 'stream.create': {
        const stream = (await this.findCreated(row, write)) ?? (await this.create(row, write))
        const { localId, tournamentId } = write.payload
        // A creation's new id is written down synced, as it is made: rare, and later writes name it.
        return db.transaction(() => {
          outbox.done(row.seq)
          outbox.mapLocalId(localId, stream.id)
          cache.remove('streams', localId)
          cache.put('streams', tournamentId, stream.id, stream)
          for (const link of cache.matchesLinking(localId)) {
            cache.setMatchStreams(
              link.matchId,
              link.tournamentId,
              link.streamIds.map((id) => (id === localId ? stream.id : id)),
            )
          }
          reapplyWaiting(cache, outbox, 'streams', tournamentId, clock.now())
        })()
      }
      case 'stream.update': {
        const updated = await api.streams.update(write.payload.id, write.payload.body)
        return confirmed(db, () => {
          if (last()) cache.put('streams', write.payload.tournamentId, updated.id, updated)
          outbox.done(row.seq)
        })
      }
      case 'stream.delete':
        try {
          await api.streams.remove(write.payload.id)
        } catch (error) {
          // Already gone is what a delete wants.
          if (!(error instanceof ApiError && error.status === 404)) throw error
        }
        return outbox.done(row.seq)
      case 'match-streams.replace': {
        const ids = await api.streams.ofMatch(write.payload.matchId).replace(write.payload.streamIds)
        return confirmed(db, () => {
          if (last()) {
            // A stream deleted while the links were on their way: its deletion waits behind them, so it is unsent.
            let waiting: Set<string> | undefined
            const linked = linksLessDeletedHere(cache, ids, (id) =>
              (waiting ??= outbox.unsentEntities()).has(entityOfRow('streams', id)!),
            )
            cache.setMatchStreams(write.payload.matchId, write.payload.tournamentId, linked)
          }
          outbox.done(row.seq)
        })
      }
    }
  }

  /** Sends a creation; an answer that refused it (any status) means it was not made, so nothing is left to adopt. */
  private async create(row: OutboxRow, write: StreamCreateWrite): Promise<Stream> {
    try {
      return await this.deps.api.streams.create(write.payload.body)
    } catch (error) {
      if (error instanceof ApiError && error.status !== undefined) this.deps.outbox.notMade(row.seq)
      throw error
    }
  }

  /**
   * Before a creation is sent, the identical streams already on the service are written down with the row; a POST
   * whose answer was lost may then have created one, which the next attempt adopts. Only a stream that was not
   * there before the first attempt, and not adopted by another write, can be ours: someone else's twin never is.
   */
  private async findCreated(row: OutboxRow, write: StreamCreateWrite): Promise<Stream | undefined> {
    const { body, before = [] } = write.payload
    let existing: Stream[]
    try {
      // Whole although others delete meanwhile: a stream skipped here would be created a second time.
      existing = await this.deps.api.streams
        .list({ tournament_ids: [body.tournament_id], languages: [body.language] })
        .whole()
    } catch (error) {
      // Without the scope to list streams, nothing can be looked up: the creation goes as it is.
      if (error instanceof AppError && error.code === 'forbidden') existing = []
      else throw error
    }
    const identical = existing.filter((s) => s.name === body.name && s.url === body.url && s.language === body.language)
    const earlier = new Set(before)
    const ours = row.outcomeUnknown
      ? identical.find((s) => !earlier.has(s.id) && !this.deps.outbox.isAdopted(s.id))
      : undefined
    // Not found: the POST goes (again); from here its outcome is unknown until the service answers.
    if (!ours) this.deps.outbox.markSending(row.seq, [...new Set([...before, ...identical.map((s) => s.id)])])
    return ours
  }
}

/** What a write's "not found" means, in the words of the person who made it (the service's names ids). */
const GONE: Record<OutboxWrite['kind'], string> = {
  'participant.update': 'the participant no longer exists on the service',
  'stream.create': 'the tournament no longer exists on the service',
  'stream.update': 'the stream no longer exists on the service',
  'stream.delete': 'the stream no longer exists on the service',
  'match-streams.replace': 'the match or one of the streams no longer exists on the service',
}

function classify(row: OutboxRow, error: unknown): Outcome {
  const message = error instanceof Error ? error.message : String(error)
  if (!(error instanceof AppError)) return { kind: 'retry', error: message }
  switch (error.code) {
    case 'not_found':
      return { kind: 'attention', reason: GONE[row.write.kind] }
    case 'forbidden':
      return { kind: 'attention', reason: `this connection may not make this change (${message})` }
    case 'validation':
    case 'conflict':
      return { kind: 'attention', reason: message }
    default:
      // offline, timeout, server, rate limited, unauthorized (a session to renew): try again later.
      return { kind: 'retry', error: message }
  }
}
