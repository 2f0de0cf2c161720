// A damaged database is replaced by a fresh one that keeps what the service cannot give back: every table's owner
// says whether it is kept, and a recovery of a database with every table filled keeps exactly those.
import Database from 'better-sqlite3'
import { closeSync, mkdtempSync, openSync, statSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openDatabase, type Db } from '../db/db'
import { openOrRecoverDatabase, TABLES } from './recover-database'

const tablesOf = (db: Db) =>
  (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[]
  ).map((row) => row.name)

/** Columns whose values the schema checks. */
const CHOSEN: Record<string, string> = { state: 'pending' }

/** One row in a table, each column given a value of its declared type (text as JSON, which some columns hold). */
function fillRow(db: Db, table: string, n: number): void {
  const columns = db.pragma(`table_info(${table})`) as { name: string; type: string; pk: number }[]
  const value = (column: string, type: string) =>
    CHOSEN[column] ?? (/INT/i.test(type) ? n : JSON.stringify(`${table}-${n}`))
  const names = columns.map((c) => c.name)
  db.prepare(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(
    ...columns.map((c) => value(c.name, c.type)),
  )
}

describe('database recovery', () => {
  it('every table of the schema is declared kept or read again by its owner', () => {
    const db = openDatabase(':memory:')
    expect(tablesOf(db)).toEqual(Object.keys(TABLES).sort())
    db.close()
  })

  it('recovers a database with every table filled: the kept tables come back whole, the cache is read again', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'matchdesk-recover-')), 'profile.sqlite')
    const db = openDatabase(file)
    for (const table of tablesOf(db)) for (let n = 1; n <= 3; n++) fillRow(db, table, n)
    // Enough cached rows after them that their pages lie at the end of the file, where the damage will be.
    const insert = db.prepare('INSERT INTO cache_rows (resource, scope, id, data) VALUES (?, ?, ?, ?)')
    for (let n = 0; n < 400; n++) insert.run('participants', 't', `p${n}`, JSON.stringify({ note: 'x'.repeat(900) }))
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()
    expect(new Database(file).pragma('integrity_check', { simple: true })).toBe('ok')

    const size = statSync(file).size
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(4096 * 4, 0x5a), 0, 4096 * 4, size - 4096 * 6)
    closeSync(fd)

    const { db: fresh, problem } = openOrRecoverDatabase(file)
    expect(problem).toMatch(/could not be used .* the 3 writes waiting to sync were kept/)
    const counts = Object.fromEntries(
      tablesOf(fresh).map((table) => [
        table,
        (fresh.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n,
      ]),
    )
    const expected = Object.fromEntries(Object.entries(TABLES).map(([table, fate]) => [table, fate === 'kept' ? 3 : 0]))
    expect(counts).toEqual(expected)
    expect(TABLES['checkin_places']).toBe('kept')
    fresh.close()
  })
})
