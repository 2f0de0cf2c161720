// The durable queue of writes waiting for the service: FIFO per entity, collapsing writes that supersede each other.
import type { TableRecovery } from '../db/table-recovery'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'
import { entityOf, touches, waitsForLocalId, type OutboxWrite } from './writes'

/** Writes waiting for the service and the ids it gave to local creations: kept through a recovery. */
export const OUTBOX_TABLES = { outbox: 'kept', id_map: 'kept' } as const satisfies TableRecovery

export interface OutboxRow {
  seq: number
  entity: string
  write: OutboxWrite
  state: 'pending' | 'attention'
  attempts: number
  nextAttemptAt: number
  lastError: string | null
  outcomeUnknown: boolean
  createdAt: number
}

interface RawRow {
  seq: number
  entity: string
  kind: OutboxWrite['kind']
  payload: string
  state: 'pending' | 'attention'
  attempts: number
  next_attempt_at: number
  last_error: string | null
  outcome_unknown: number
  created_at: number
}

const toRow = (raw: RawRow): OutboxRow => ({
  seq: raw.seq,
  entity: raw.entity,
  write: { kind: raw.kind, payload: JSON.parse(raw.payload) as OutboxWrite['payload'] } as OutboxWrite,
  state: raw.state,
  attempts: raw.attempts,
  nextAttemptAt: raw.next_attempt_at,
  lastError: raw.last_error,
  outcomeUnknown: raw.outcome_unknown === 1,
  createdAt: raw.created_at,
})

/** How many entities `touchedSince` remembers: far more than writes made while one read is under way. */
const TOUCHES_KEPT = 20_000

export class Outbox {
  /** Rows being sent right now: never merged into, never sent twice at once. */
  private readonly inFlight = new Set<number>()
  /** Counts writes added and acknowledged since start; each entity's last such count, oldest first. */
  private changes = 0
  private readonly touched = new Map<string, number>()

  constructor(private readonly db: Db) {}

  rows(): OutboxRow[] {
    return (prepared(this.db, 'SELECT * FROM outbox ORDER BY seq').all() as RawRow[]).map(toRow)
  }

  /** The rows in one state, oldest first, at most `limit`: what the Sync view lists, read without the rest. */
  inState(state: OutboxRow['state'], limit: number): OutboxRow[] {
    return (
      prepared(this.db, 'SELECT * FROM outbox WHERE state = ? ORDER BY seq LIMIT ?').all(state, limit) as RawRow[]
    ).map(toRow)
  }

  row(seq: number): OutboxRow | undefined {
    const raw = prepared(this.db, 'SELECT * FROM outbox WHERE seq = ?').get(seq) as RawRow | undefined
    return raw && toRow(raw)
  }

  ofEntity(entity: string): OutboxRow[] {
    return (prepared(this.db, 'SELECT * FROM outbox WHERE entity = ? ORDER BY seq').all(entity) as RawRow[]).map(toRow)
  }

  /** Where the outbox stands now: a read sent now is older than any write added or acknowledged after this mark. */
  changeMark(): number {
    return this.changes
  }

  /**
   * True when a write for `entity` was added or acknowledged after `mark`: a read sent at `mark` and answered now
   * carries an older value than the local copy's (the service may have answered the read before it saw the write).
   */
  touchedSince(entity: string, mark: number): boolean {
    return (this.touched.get(entity) ?? 0) > mark
  }

  private touch(entity: string): void {
    this.touched.delete(entity)
    this.touched.set(entity, ++this.changes)
    if (this.touched.size > TOUCHES_KEPT) this.touched.delete(this.touched.keys().next().value!)
  }

  /** The entities with a write still here (sending, waiting or needing attention): one indexed read. */
  unsentEntities(): Set<string> {
    const rows = prepared(this.db, 'SELECT DISTINCT entity FROM outbox').all() as { entity: string }[]
    return new Set(rows.map((row) => row.entity))
  }

  counts(): { pending: number; attention: number } {
    const rows = prepared(this.db, 'SELECT state, COUNT(*) AS n FROM outbox GROUP BY state').all() as {
      state: string
      n: number
    }[]
    return {
      pending: rows.find((r) => r.state === 'pending')?.n ?? 0,
      attention: rows.find((r) => r.state === 'attention')?.n ?? 0,
    }
  }

  /**
   * Adds a write, collapsing it into the entity's last waiting row when one supersedes the other. Returns the seq
   * holding it, or null when the write cancelled out (a stream created and deleted before the service saw it).
   * Call inside the transaction that also changes the cache.
   */
  append(write: OutboxWrite, now: number): number | null {
    const entity = entityOf(write)
    this.touch(entity)
    const rows = this.ofEntity(entity)
    const tail = rows.at(-1)
    const mergeable = tail && this.unsent(tail) ? tail : undefined

    if (write.kind === 'stream.delete') {
      const create = rows.find((row) => row.write.kind === 'stream.create')
      if (create && this.unsent(create)) {
        prepared(this.db, 'DELETE FROM outbox WHERE entity = ?').run(entity)
        this.forgetStream(write.payload.id)
        return null
      }
      if (mergeable?.write.kind === 'stream.update')
        prepared(this.db, 'DELETE FROM outbox WHERE seq = ?').run(mergeable.seq)
    } else if (write.kind === 'match-streams.replace' && mergeable?.write.kind === 'match-streams.replace') {
      // The new list may name streams created after the old row: it takes its turn at the end, not the old place.
      prepared(this.db, 'DELETE FROM outbox WHERE seq = ?').run(mergeable.seq)
    } else if (mergeable) {
      const merged = merge(mergeable.write, write)
      if (merged) {
        prepared(this.db, 'UPDATE outbox SET payload = ? WHERE seq = ?').run(
          JSON.stringify(merged.payload),
          mergeable.seq,
        )
        return mergeable.seq
      }
    }
    const result = prepared(this.db, 'INSERT INTO outbox (entity, kind, payload, created_at) VALUES (?, ?, ?, ?)').run(
      entity,
      write.kind,
      JSON.stringify(write.payload),
      now,
    )
    return Number(result.lastInsertRowid)
  }

  /**
   * A row that may still change: waiting, not being sent, and — for a creation — never sent. A creation that left
   * may exist on the service as it was sent; it is found again by that body, so it must not change or vanish.
   */
  private unsent(row: OutboxRow): boolean {
    return (
      row.state === 'pending' &&
      !this.inFlight.has(row.seq) &&
      !(row.write.kind === 'stream.create' && row.outcomeUnknown)
    )
  }

  /** Rows that may be sent now, oldest first: none waits behind an earlier row touching the same entity. */
  eligible(now: number, limit: number): OutboxRow[] {
    const blocked = new Set<string>()
    const ready: OutboxRow[] = []
    // Rows are read in order only as far as needed: a long queue of independent writes costs a few rows a call.
    // A statement of its own each call, never a kept one: an iteration left open would leave a kept statement busy.
    for (const raw of this.db.prepare('SELECT * FROM outbox ORDER BY seq').iterate() as IterableIterator<RawRow>) {
      const row = toRow(raw)
      const keys = touches(row.write)
      const free = keys.every((key) => !blocked.has(key))
      for (const key of keys) blocked.add(key)
      if (
        !free ||
        row.state !== 'pending' ||
        row.nextAttemptAt > now ||
        this.inFlight.has(row.seq) ||
        waitsForLocalId(row.write)
      )
        continue
      ready.push(row)
      if (ready.length === limit) break
    }
    return ready
  }

  /** The replayer takes a row to send it: until released, it is neither merged into nor handed out again. */
  claim(seq: number): void {
    this.inFlight.add(seq)
  }

  release(seq: number): void {
    this.inFlight.delete(seq)
  }

  /** True while the replayer is sending this row: its outcome is not known yet. */
  isSending(seq: number): boolean {
    return this.inFlight.has(seq)
  }

  /** Back online: every waiting row may go now instead of at its backoff time. */
  dueNow(): void {
    prepared(this.db, "UPDATE outbox SET next_attempt_at = 0 WHERE state = 'pending'").run()
  }

  /**
   * A creation is about to be sent: from now on its outcome counts as unknown until the service answers. `before`
   * names the identical streams that exist already, which a later lookup must never take for this one.
   */
  markSending(seq: number, before: string[]): void {
    prepared(
      this.db,
      "UPDATE outbox SET outcome_unknown = 1, payload = json_set(payload, '$.before', json(?)) WHERE seq = ?",
    ).run(JSON.stringify(before), seq)
  }

  /** The service answered a creation with a refusal: it was not made, its outcome is known again. */
  notMade(seq: number): void {
    prepared(this.db, 'UPDATE outbox SET outcome_unknown = 0 WHERE seq = ?').run(seq)
  }

  /** True when a write created here already took this service id: it is nobody else's to adopt. */
  isAdopted(serverId: string): boolean {
    return prepared(this.db, 'SELECT 1 FROM id_map WHERE server_id = ?').get(serverId) !== undefined
  }

  /** When the earliest waiting row may be tried again (null: nothing waits on time). */
  nextWake(): number | null {
    const row = prepared(this.db, "SELECT MIN(next_attempt_at) AS at FROM outbox WHERE state = 'pending'").get() as {
      at: number | null
    }
    return row.at
  }

  /** A write the service acknowledged: gone from the queue, and newer than any read sent before it. */
  done(seq: number): void {
    const row = prepared(this.db, 'SELECT entity FROM outbox WHERE seq = ?').get(seq) as { entity: string } | undefined
    if (row) this.touch(row.entity)
    prepared(this.db, 'DELETE FROM outbox WHERE seq = ?').run(seq)
  }

  postpone(seq: number, error: string, nextAttemptAt: number): void {
    prepared(
      this.db,
      'UPDATE outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE seq = ?',
    ).run(error, nextAttemptAt, seq)
  }

  needsAttention(seq: number, reason: string): void {
    prepared(
      this.db,
      "UPDATE outbox SET state = 'attention', last_error = ?, attempts = attempts + 1 WHERE seq = ?",
    ).run(reason, seq)
  }

  retry(seq: number): void {
    prepared(this.db, "UPDATE outbox SET state = 'pending', next_attempt_at = 0 WHERE seq = ?").run(seq)
  }

  /** Drops a write; dropping a creation also drops the writes that named its stream. Returns what was dropped. */
  discard(seq: number): OutboxRow[] {
    const row = this.row(seq)
    if (!row) return []
    if (row.write.kind === 'stream.create') {
      const dropped = this.ofEntity(row.entity)
      prepared(this.db, 'DELETE FROM outbox WHERE entity = ?').run(row.entity)
      this.forgetStream(row.write.payload.localId)
      return dropped
    }
    prepared(this.db, 'DELETE FROM outbox WHERE seq = ?').run(seq)
    return [row]
  }

  /** The service gave a created stream its id: every waiting write naming the local id now names it. */
  mapLocalId(localId: string, serverId: string): void {
    this.touch(`stream:${serverId}`)
    prepared(this.db, 'INSERT OR REPLACE INTO id_map (local_id, server_id) VALUES (?, ?)').run(localId, serverId)
    prepared(
      this.db,
      'UPDATE outbox SET entity = replace(entity, ?, ?), payload = replace(payload, ?, ?) WHERE entity = ? OR instr(payload, ?) > 0',
    ).run(
      localId,
      serverId,
      JSON.stringify(localId),
      JSON.stringify(serverId),
      `stream:${localId}`,
      JSON.stringify(localId),
    )
  }

  resolve(id: string): string {
    const row = prepared(this.db, 'SELECT server_id FROM id_map WHERE local_id = ?').get(id) as
      { server_id: string } | undefined
    return row?.server_id ?? id
  }

  /** A stream that will never exist: waiting match links stop naming it. */
  private forgetStream(localId: string): void {
    for (const row of this.rows()) {
      if (row.write.kind === 'match-streams.replace' && row.write.payload.streamIds.includes(localId)) {
        const payload = { ...row.write.payload, streamIds: row.write.payload.streamIds.filter((id) => id !== localId) }
        prepared(this.db, 'UPDATE outbox SET payload = ? WHERE seq = ?').run(JSON.stringify(payload), row.seq)
      }
    }
  }
}

/** The write that replaces `earlier` followed by `later`, or undefined when they cannot be merged. */
function merge(earlier: OutboxWrite, later: OutboxWrite): OutboxWrite | undefined {
  if (earlier.kind === 'participant.update' && later.kind === 'participant.update') {
    return {
      kind: earlier.kind,
      payload: { ...later.payload, body: { ...earlier.payload.body, ...later.payload.body } },
    }
  }
  if (earlier.kind === 'stream.create' && later.kind === 'stream.update') {
    return {
      kind: earlier.kind,
      payload: { ...earlier.payload, body: { ...earlier.payload.body, ...later.payload.body } },
    }
  }
  if (earlier.kind === 'stream.update' && later.kind === 'stream.update') {
    return {
      kind: earlier.kind,
      payload: { ...later.payload, body: { ...earlier.payload.body, ...later.payload.body } },
    }
  }
  return undefined
}
