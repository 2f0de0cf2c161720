// Opens a profile's database; one that cannot be opened or fails integrity_check is kept aside and replaced by a fresh
// cache, and the writes still waiting to sync are carried over whenever the damaged copy lets them be read.
import Database from 'better-sqlite3'
import { setAside } from '../set-aside'
import { integrityCheck, openDatabase, type Db } from './db'

export interface OpenedDatabase {
  db: Db
  /** What happened to a damaged file, for the person to read; absent when the database opened cleanly. */
  problem?: string
}

/** The outbox and the ids it maps: what must survive, since the cache can always be read again from the service. */
const KEPT_TABLES = ['outbox', 'id_map'] as const

export function openOrRecoverDatabase(file: string): OpenedDatabase {
  let reason: string
  try {
    const db = openDatabase(file)
    const check = integrityCheck(db)
    if (check === 'ok') return { db }
    db.close()
    reason = `integrity check: ${check.split('\n')[0]}`
  } catch (error) {
    reason = error instanceof Error ? error.message : String(error)
  }
  const kept = setAside(file, 'damaged', ['-wal', '-shm'])
  const salvaged = salvage(kept)
  const db = openDatabase(file)
  const carriedOver = salvaged.readable && carryOver(db, salvaged)
  const waiting = salvaged.outbox.length
  const carried =
    carriedOver && waiting > 0
      ? `the ${waiting} write${waiting === 1 ? '' : 's'} waiting to sync were kept`
      : carriedOver
        ? 'no write was waiting to sync'
        : 'the writes waiting to sync could not be read from it'
  return {
    db,
    problem: `The local database could not be used (${reason}). It was kept as ${kept}; a fresh cache was started and ${carried}.`,
  }
}

type Row = Record<string, unknown>

/** Copies the salvaged rows in one transaction, by the columns both schemas share; false when they do not fit. */
function carryOver(db: Db, salvaged: Record<(typeof KEPT_TABLES)[number], Row[]>): boolean {
  try {
    db.transaction(() => {
      for (const table of KEPT_TABLES) {
        const known = new Set((db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name))
        for (const row of salvaged[table]) {
          const columns = Object.keys(row).filter((column) => known.has(column))
          const sql = `INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
          db.prepare(sql).run(...columns.map((column) => row[column]))
        }
      }
    })()
    return true
  } catch {
    return false
  }
}

/** Reads what it can of the kept tables from the damaged copy, read-only; nothing when the file cannot be read. */
function salvage(file: string): { readable: boolean; outbox: Row[]; id_map: Row[] } {
  const empty = { readable: false, outbox: [], id_map: [] }
  let damaged: Database.Database | undefined
  try {
    damaged = new Database(file, { readonly: true, fileMustExist: true })
    const read = (table: string) => damaged!.prepare(`SELECT * FROM ${table}`).all() as Row[]
    return { readable: true, outbox: read('outbox'), id_map: read('id_map') }
  } catch {
    return empty
  } finally {
    damaged?.close()
  }
}
