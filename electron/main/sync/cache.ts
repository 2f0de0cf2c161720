// Cached copies of what the service last said, per resource and scope (a tournament), with when each was refreshed.
import type {
  BracketNode,
  DisciplineSummary,
  Participant,
  Stage,
  Stream,
  TournamentListItem,
} from '../../../shared/api'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'
import type { TableRecovery } from '../db/table-recovery'

/** What the service said: read again after a recovery. */
export const CACHE_TABLES = {
  cache_rows: 'read again',
  match_streams: 'read again',
  refreshed: 'read again',
} as const satisfies TableRecovery

export const CACHED_RESOURCES = ['tournaments', 'stages', 'participants', 'nodes', 'streams', 'disciplines'] as const
export type CachedResource = (typeof CACHED_RESOURCES)[number] | 'match-streams'
export type CachedName = (typeof CACHED_RESOURCES)[number]

/** What the cache holds of each resource, as the service answered it: reads answer these types, no cast needed. */
export interface CachedItems {
  /** The list form; a tournament read whole adds the rest of its fields. */
  tournaments: TournamentListItem
  stages: Stage
  participants: Participant
  nodes: BracketNode
  streams: Stream
  disciplines: DisciplineSummary
}

/** A part of the cache that changed: a resource of a tournament (refreshed, written locally, or confirmed). */
export interface CacheChange {
  resource: CachedResource
  tournamentId: string
  /** The items that changed, when known (a write, a refresh that kept the list's order); absent: any may have. */
  ids?: readonly string[]
}

/** Freezes a parsed item through and through: lists are shared between readers, so none may change one. */
function frozen<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value
  for (const inner of Object.values(value)) frozen(inner)
  return Object.freeze(value)
}

export class Cache {
  /**
   * Each scope's list as last parsed (a 2,048-entrant bracket is 3 MB of JSON: parsing it took most of a read), its
   * items frozen; dropped on any write to its resource, and never kept from inside a transaction (which may still be
   * rolled back).
   */
  readonly #lists = new Map<string, readonly unknown[]>()
  /** Each kept list's items by id (see byId); gone with the list. */
  readonly #indexes = new WeakMap<readonly unknown[], ReadonlyMap<string, unknown>>()
  /** Each tournament's stream links as last read (see linksOfTournament); dropped on any link written. */
  readonly #links = new Map<string, ReadonlyMap<string, readonly string[]>>()

  constructor(private readonly db: Db) {}

  list<R extends CachedName>(resource: R, scope: string): CachedItems[R][] {
    return [...this.kept(resource, scope)]
  }

  /**
   * A scope's list as last parsed, itself (not a copy): the same array until the resource is written, so a desk can
   * tell nothing changed by its identity and keep what it worked out from it.
   */
  kept<R extends CachedName>(resource: R, scope: string): readonly CachedItems[R][] {
    const key = `${resource}\u0000${scope}`
    const kept = this.#lists.get(key)
    if (kept) return kept as readonly CachedItems[R][]
    const rows = prepared(this.db, 'SELECT data FROM cache_rows WHERE resource = ? AND scope = ? ORDER BY rowid').all(
      resource,
      scope,
    ) as { data: string }[]
    const items = Object.freeze(rows.map((row) => frozen(JSON.parse(row.data) as CachedItems[R])))
    if (!this.db.inTransaction) this.#lists.set(key, items)
    return items
  }

  /**
   * A scope's items by id, from the list as last parsed (built once per kept list): a desk that looks up hundreds of
   * participants at a time reads none of them from the database.
   */
  byId<R extends CachedName>(resource: R, scope: string): ReadonlyMap<string, CachedItems[R]> {
    const items = this.kept(resource, scope)
    let index = this.#indexes.get(items)
    if (!index) {
      index = new Map(items.map((item) => [(item as { id: string }).id, item]))
      // A list parsed inside a transaction is not kept: neither is its index.
      if (!this.db.inTransaction) this.#indexes.set(items, index)
    }
    return index as ReadonlyMap<string, CachedItems[R]>
  }

  /** A write to a resource may change any of its scopes' lists (a row can move scope): they are parsed again. */
  private changed(resource: CachedResource): void {
    for (const key of this.#lists.keys()) if (key.startsWith(`${resource}\u0000`)) this.#lists.delete(key)
  }

  /** A scope's rows as stored (id → JSON text), in list order: what a refresh compares against. */
  rows(resource: CachedResource, scope: string): Map<string, string> {
    const rows = prepared(
      this.db,
      'SELECT id, data FROM cache_rows WHERE resource = ? AND scope = ? ORDER BY rowid',
    ).all(resource, scope) as { id: string; data: string }[]
    return new Map(rows.map((row) => [row.id, row.data]))
  }

  /** Some rows of a scope as stored (id → JSON text); an id no longer there is left out. */
  rowsOf(resource: CachedResource, scope: string, ids: Iterable<string>): Map<string, string> {
    const one = prepared(this.db, 'SELECT data FROM cache_rows WHERE resource = ? AND scope = ? AND id = ?')
    const found = new Map<string, string>()
    for (const id of ids) {
      const row = one.get(resource, scope, id) as { data: string } | undefined
      if (row) found.set(id, row.data)
    }
    return found
  }

  /**
   * The participants of a tournament a badge code may name: its id or custom_user_identifier, trimmed, in any ASCII
   * case — found by SQLite, without reading the whole list into JavaScript (a scan at a 5,000-person door).
   */
  participantsByCode(tournamentId: string, code: string): Participant[] {
    const wanted = code.trim().toLowerCase()
    // The expression is the one index cache_rows_badge holds (migration 4): the lookup is a seek, not a scan.
    const rows = prepared(
      this.db,
      `SELECT data FROM cache_rows WHERE resource = 'participants' AND scope = ?
           AND lower(trim(json_extract(data, '$.custom_user_identifier'))) = ? ORDER BY rowid`,
    ).all(tournamentId, wanted) as { data: string }[]
    const byCode = rows.map((row) => JSON.parse(row.data) as Participant)
    const byId = this.get('participants', code.trim())
    return byId && byId.tournament_id === tournamentId && !byCode.some((p) => p.id === byId.id)
      ? [byId, ...byCode]
      : byCode
  }

  /** Whether an item is in the local copy, without parsing it. */
  has(resource: CachedName, id: string): boolean {
    return prepared(this.db, 'SELECT 1 FROM cache_rows WHERE resource = ? AND id = ?').get(resource, id) !== undefined
  }

  /** Whether a scope holds any item, without parsing its list. */
  holdsAny(resource: CachedName, scope: string): boolean {
    return (
      prepared(this.db, 'SELECT 1 FROM cache_rows WHERE resource = ? AND scope = ? LIMIT 1').get(resource, scope) !==
      undefined
    )
  }

  get<R extends CachedName>(resource: R, id: string): CachedItems[R] | undefined {
    const row = prepared(this.db, 'SELECT data FROM cache_rows WHERE resource = ? AND id = ?').get(resource, id) as
      { data: string } | undefined
    return row ? (JSON.parse(row.data) as CachedItems[R]) : undefined
  }

  put(resource: CachedResource, scope: string, id: string, data: unknown): void {
    this.changed(resource)
    prepared(
      this.db,
      'INSERT INTO cache_rows (resource, id, scope, data) VALUES (?, ?, ?, ?) ON CONFLICT (resource, id) DO UPDATE SET data = excluded.data, scope = excluded.scope',
    ).run(resource, id, scope, JSON.stringify(data))
  }

  remove(resource: CachedResource, id: string): void {
    this.changed(resource)
    prepared(this.db, 'DELETE FROM cache_rows WHERE resource = ? AND id = ?').run(resource, id)
  }

  /**
   * Replaces a scope with the service's list; keeps the order it came in. A list just as stored is only marked
   * refreshed: its kept parse stays (a 4,094-match bracket read again unchanged is not parsed again). Call inside a
   * transaction.
   */
  replaceScope(resource: CachedResource, scope: string, items: { id: string }[], at: number): void {
    const stored = [...this.rows(resource, scope)]
    const texts = items.map((item) => JSON.stringify(item))
    const same =
      stored.length === items.length && stored.every(([id, data], i) => id === items[i]!.id && data === texts[i])
    if (!same) {
      this.changed(resource)
      prepared(this.db, 'DELETE FROM cache_rows WHERE resource = ? AND scope = ?').run(resource, scope)
      const insert = prepared(
        this.db,
        'INSERT OR REPLACE INTO cache_rows (resource, id, scope, data) VALUES (?, ?, ?, ?)',
      )
      items.forEach((item, i) => insert.run(resource, item.id, scope, texts[i]))
    }
    this.markRefreshed(resource, scope, at)
  }

  markRefreshed(resource: CachedResource, scope: string, at: number): void {
    prepared(this.db, 'INSERT OR REPLACE INTO refreshed (resource, scope, at) VALUES (?, ?, ?)').run(
      resource,
      scope,
      at,
    )
  }

  refreshedAt(resource: CachedResource, scope: string): number | null {
    const row = prepared(this.db, 'SELECT at FROM refreshed WHERE resource = ? AND scope = ?').get(resource, scope) as
      { at: number } | undefined
    return row?.at ?? null
  }

  allRefreshed(): { resource: string; scope: string; at: number }[] {
    return prepared(this.db, 'SELECT resource, scope, at FROM refreshed ORDER BY at DESC').all() as {
      resource: string
      scope: string
      at: number
    }[]
  }

  matchStreams(matchId: string): string[] | undefined {
    const row = prepared(this.db, 'SELECT stream_ids FROM match_streams WHERE match_id = ?').get(matchId) as
      { stream_ids: string } | undefined
    return row ? (JSON.parse(row.stream_ids) as string[]) : undefined
  }

  /** Writes a match's links; the same links as stored are left alone (the kept links stay). */
  setMatchStreams(matchId: string, tournamentId: string, streamIds: string[]): void {
    const row = prepared(this.db, 'SELECT tournament_id, stream_ids FROM match_streams WHERE match_id = ?').get(
      matchId,
    ) as { tournament_id: string; stream_ids: string } | undefined
    if (row?.tournament_id === tournamentId && row.stream_ids === JSON.stringify(streamIds)) return
    // A match first read with no stream (a sweep reads dozens) leaves the tournament's linked matches as they were.
    if ((row !== undefined && row.stream_ids !== '[]') || streamIds.length > 0) this.#links.clear()
    prepared(
      this.db,
      'INSERT OR REPLACE INTO match_streams (match_id, tournament_id, stream_ids) VALUES (?, ?, ?)',
    ).run(matchId, tournamentId, JSON.stringify(streamIds))
  }

  /**
   * The tournament's matches known to be linked to a stream: match id → stream ids (a match with none is left out).
   * The same map until a link is written (as `kept` for lists).
   */
  linksOfTournament(tournamentId: string): ReadonlyMap<string, readonly string[]> {
    const kept = this.#links.get(tournamentId)
    if (kept) return kept
    const rows = prepared(
      this.db,
      "SELECT match_id, stream_ids FROM match_streams WHERE tournament_id = ? AND stream_ids <> '[]'",
    ).all(tournamentId) as { match_id: string; stream_ids: string }[]
    const links = new Map(rows.map((row) => [row.match_id, frozen(JSON.parse(row.stream_ids) as string[])]))
    if (!this.db.inTransaction) this.#links.set(tournamentId, links)
    return links
  }

  /** Every match link of a tournament that names `streamId`. */
  matchesLinking(streamId: string): { matchId: string; tournamentId: string; streamIds: string[] }[] {
    const rows = prepared(
      this.db,
      'SELECT match_id, tournament_id, stream_ids FROM match_streams WHERE stream_ids LIKE ?',
    ).all(`%${JSON.stringify(streamId)}%`) as { match_id: string; tournament_id: string; stream_ids: string }[]
    return rows.map((row) => ({
      matchId: row.match_id,
      tournamentId: row.tournament_id,
      streamIds: JSON.parse(row.stream_ids) as string[],
    }))
  }
}
