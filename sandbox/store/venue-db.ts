// The Demo venue on disk, one row per record in a SQLite file (WAL): each write the sandbox takes commits just the
// records it changed, in one transaction before its answer leaves, so a write costs the same at 5,000 people as at 30
// and a kill at any moment leaves the last complete venue. A file that cannot be used is set aside, never lost.
import Database from 'better-sqlite3'
import { closeSync, existsSync, openSync, renameSync } from 'node:fs'
import { RECORD_LISTS, type RecordList, type Store, type StoreRecords } from './store'
import { isVenueState, type VenueExtras, type VenueKey, type VenueRead } from './venue-state'

const FORMAT = 2

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS venue (name TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS records (
    list TEXT NOT NULL,
    key TEXT NOT NULL,
    position INTEGER NOT NULL,
    json TEXT NOT NULL,
    PRIMARY KEY (list, key)
  );
  CREATE INDEX IF NOT EXISTS records_in_order ON records (list, position);
`

export class VenueDb {
  private db: Database.Database | undefined
  private prepared: Record<'remove' | 'update' | 'insert' | 'setVenue', Database.Statement> | undefined
  /** The last place in creation order given to a record. */
  private position = 0

  constructor(
    readonly path: string,
    private readonly key: VenueKey,
  ) {}

  /** The venue kept in the file, if there is one made with the same settings; otherwise an empty file to fill. */
  read(): VenueRead {
    const existed = existsSync(this.path)
    let reason: string
    try {
      this.open()
      if (!existed) return { kind: 'none' }
      const venue = new Map(
        this.db!.prepare<[], { name: string; value: string }>('SELECT name, value FROM venue')
          .all()
          .map((row) => [row.name, row.value]),
      )
      if (venue.size === 0) return { kind: 'none' }
      const seed = Number(venue.get('seed'))
      const size = venue.get('size')
      if (venue.get('format') !== String(FORMAT)) reason = `it is in another format (${venue.get('format')})`
      else if (seed !== this.key.seed || size !== this.key.size)
        reason = `it was made for another venue (seed ${seed}, size ${size})`
      else {
        const state = {
          records: this.records(venue.get('lastId') ?? ''),
          series: JSON.parse(venue.get('series') ?? 'null') as unknown,
          followed: JSON.parse(venue.get('followed') ?? 'null') as unknown,
        }
        if (isVenueState(state)) return { kind: 'read', state }
        reason = 'its records are incomplete'
      }
    } catch (error) {
      reason = `it cannot be read (${(error as Error).message})`
    }
    this.close()
    const aside = `${this.path}.set-aside-${Date.now()}`
    renameSync(this.path, aside)
    for (const companion of ['-wal', '-shm']) {
      if (existsSync(this.path + companion)) renameSync(this.path + companion, aside + companion)
    }
    this.open()
    return { kind: 'set-aside', path: aside, reason }
  }

  /** Commits what changed in the store since the last save, with the extras and the last id made, in one transaction. */
  save(store: Store, extras: VenueExtras): void {
    const db = this.db
    if (!db) return
    const changes = store.takeChanges()
    const { remove, update, insert } = this.statements(db)
    db.transaction(() => {
      for (const list of RECORD_LISTS) {
        for (const [key, added] of changes[list]) {
          const record = store.plainRecord(list, key)
          if (record === undefined) remove.run(list, key)
          else (added ? insert : update).run(list, key, ++this.position, JSON.stringify(record))
        }
      }
      this.saveVenue(db, store, extras)
    })()
  }

  /** Writes the whole venue in place of what the file held (a venue seeded, started over or carried over). */
  replace(store: Store, extras: VenueExtras): void {
    const db = this.db
    if (!db) return
    store.takeChanges()
    const { insert } = this.statements(db)
    db.transaction(() => {
      db.exec('DELETE FROM records')
      this.position = 0
      for (const list of RECORD_LISTS) {
        const records = store[list].plainEntries()
        for (const [key, record] of records) insert.run(list, key, ++this.position, JSON.stringify(record))
      }
      this.saveVenue(db, store, extras)
    })()
  }

  private saveVenue(db: Database.Database, store: Store, extras: VenueExtras): void {
    const { setVenue } = this.statements(db)
    setVenue.run('format', String(FORMAT))
    setVenue.run('seed', String(this.key.seed))
    setVenue.run('size', this.key.size)
    setVenue.run('lastId', store.ids.last)
    setVenue.run('series', JSON.stringify(extras.series))
    setVenue.run('followed', JSON.stringify(extras.followed))
  }

  private statements(db: Database.Database) {
    this.prepared ??= {
      remove: db.prepare('DELETE FROM records WHERE list = ? AND key = ?'),
      // A changed record keeps its place; a new one (or one made again) goes last.
      update: db.prepare(
        `INSERT INTO records (list, key, position, json) VALUES (?, ?, ?, ?)
         ON CONFLICT (list, key) DO UPDATE SET json = excluded.json`,
      ),
      insert: db.prepare(
        `INSERT INTO records (list, key, position, json) VALUES (?, ?, ?, ?)
         ON CONFLICT (list, key) DO UPDATE SET json = excluded.json, position = excluded.position`,
      ),
      setVenue: db.prepare(
        'INSERT INTO venue (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
      ),
    }
    return this.prepared
  }

  close(): void {
    this.db?.close()
    this.db = undefined
    this.prepared = undefined
  }

  private open(): void {
    if (this.db) return
    // Private to the user, as everything in the data folder is (participants' emails are in it); SQLite gives its
    // -wal and -shm files the same mode.
    closeSync(openSync(this.path, 'a', 0o600))
    const db = new Database(this.path)
    try {
      db.pragma('journal_mode = WAL')
      // A commit survives the process being killed (not a power cut): as the venue file written whole did.
      db.pragma('synchronous = NORMAL')
      db.exec(SCHEMA)
      const { last } = db.prepare<[], { last: number | null }>('SELECT max(position) AS last FROM records').get()!
      this.position = last ?? 0
    } catch (error) {
      db.close()
      throw error
    }
    this.db = db
  }

  /** Every list's records in creation order. */
  private records(lastId: string): StoreRecords {
    const rows = this.db!.prepare<[RecordList], { key: string; json: string }>(
      'SELECT key, json FROM records WHERE list = ? ORDER BY position',
    )
    // Each list as its records; match → streams as [match id, stream ids] pairs, as the store lists them.
    const lists = RECORD_LISTS.map((list) => [
      list,
      rows.all(list).map((row): unknown => {
        const record: unknown = JSON.parse(row.json)
        return list === 'matchStreams' ? [row.key, record] : record
      }),
    ])
    return { ...Object.fromEntries(lists), lastId } as StoreRecords
  }
}
