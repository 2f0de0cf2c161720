// Opens a profile's database; a damaged one (not a database, malformed, or failing integrity_check) is kept aside and
// replaced by a fresh cache, carrying over what a cache cannot read again: waiting writes, ids, receipts, the desk.
// Any other failure (a newer schema, a busy or unreadable file) is not damage: it is reported and the file left alone.
import Database from 'better-sqlite3'
import { setAside } from '../set-aside'
import { CACHE_TABLES } from '../sync/cache'
import { CHECKIN_PLACES_TABLES } from '../store/checkin-places'
import { DESK_CHOICE_TABLES } from '../store/desk-choice'
import { integrityCheck, openDatabase, type Db } from '../db/db'
import { FLOOR_TABLES } from '../store/floor-store'
import { OUTBOX_TABLES } from '../sync/outbox'
import { PRODUCER_TABLES } from '../store/producer-store'
import { LIVE_LAYER_TABLES } from '../store/live-layers'
import { ON_AIR_LOG_TABLES } from '../store/on-air-log'
import { SHOW_SEQUENCE_TABLES } from '../store/show-sequences'
import { SPONSOR_TABLES } from '../store/sponsors'
import { VENUE_DOC_TABLES } from '../venue/record-store'
import { PICK_LIST_TABLES } from '../store/pick-lists'
import { REQUEST_LOG_TABLES } from '../sync/request-log'
import { TOURNAMENT_LOOK_TABLES } from '../store/tournament-looks'
import type { TableRecovery } from '../db/table-recovery'
import { moduleLog } from '../log'

const log = moduleLog('recover-database')

export interface OpenedDatabase {
  db: Db
  /** What happened to a damaged file, for the person to read; absent when the database opened cleanly. */
  problem?: string
}

/** Every table of the schema, as its owner declares it (a test fails for a table nobody declared). */
export const TABLES: TableRecovery = {
  ...CACHE_TABLES,
  ...OUTBOX_TABLES,
  ...REQUEST_LOG_TABLES,
  ...PRODUCER_TABLES,
  ...LIVE_LAYER_TABLES,
  ...ON_AIR_LOG_TABLES,
  ...SHOW_SEQUENCE_TABLES,
  ...SPONSOR_TABLES,
  ...VENUE_DOC_TABLES,
  ...PICK_LIST_TABLES,
  ...CHECKIN_PLACES_TABLES,
  ...TOURNAMENT_LOOK_TABLES,
  ...FLOOR_TABLES,
  ...DESK_CHOICE_TABLES,
}

/** What must survive, since the cache can always be read again from the service and these cannot. */
const KEPT_TABLES = Object.keys(TABLES).filter((table) => TABLES[table] === 'kept')

/** SQLite's words for a file that is not, or no longer, a usable database. */
const DAMAGE = /SQLITE_CORRUPT|SQLITE_NOTADB|malformed|not a database|file is encrypted/

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
    if (!DAMAGE.test(`${(error as { code?: string }).code ?? ''} ${reason}`)) throw error
  }
  const kept = setAside(file, 'damaged', ['-wal', '-shm'])
  const salvaged = salvage(kept)
  const db = openDatabase(file)
  const carriedOver = salvaged.readable && carryOver(db, salvaged)
  const waiting = salvaged.tables['outbox']?.length ?? 0
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
function carryOver(db: Db, salvaged: Salvaged): boolean {
  try {
    db.transaction(() => {
      for (const table of KEPT_TABLES) {
        const known = new Set((db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name))
        for (const row of salvaged.tables[table] ?? []) {
          const columns = Object.keys(row).filter((column) => known.has(column))
          const sql = `INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`
          db.prepare(sql).run(...columns.map((column) => row[column]))
        }
      }
    })()
    return true
  } catch (error) {
    log.warn('what could be read of the damaged database could not be carried over', { err: error })
    return false
  }
}

/** The kept tables' rows read from the damaged copy; not readable when the file could not be opened at all. */
type Salvaged = { readable: boolean; tables: Record<string, Row[]> }

/** Reads what it can of the kept tables from the damaged copy, read-only; a table it cannot read comes back empty. */
function salvage(file: string): Salvaged {
  const tables: Record<string, Row[]> = {}
  let damaged: Database.Database | undefined
  try {
    damaged = new Database(file, { readonly: true, fileMustExist: true })
    damaged.prepare('SELECT seq FROM outbox LIMIT 1').all()
  } catch {
    damaged?.close()
    return { readable: false, tables }
  }
  for (const table of KEPT_TABLES) {
    try {
      tables[table] = damaged.prepare(`SELECT * FROM ${table}`).all() as Row[]
    } catch (error) {
      // An older schema without this table, or a damaged page of it: nothing of it to carry.
      log.warn(`the damaged database's ${table} did not read: nothing of it is carried over`, { err: error })
    }
  }
  damaged.close()
  return { readable: true, tables }
}
