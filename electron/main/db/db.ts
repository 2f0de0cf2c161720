// The local SQLite database of one profile: WAL, synchronous=FULL (but for refreshes of the local copy, and writes whose
// acknowledgement waits for a group flush), versioned migrations run in order.
import Database from 'better-sqlite3'
import { chmodSync, existsSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { createPrivateFile, ensurePrivateFolder } from '../data-folder'
import { MIGRATIONS } from './migrations'

export { MIGRATIONS }

export type Db = Database.Database

/** Removes a closed database and its -wal and -shm companions: what it held is gone. */
export function removeDatabase(file: string): void {
  for (const part of [file, `${file}-wal`, `${file}-shm`]) rmSync(part, { force: true })
}

/** Opens (creating if needed) a database private to the user: 0600, as SQLite's -wal and -shm then are too. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') {
    ensurePrivateFolder(dirname(file))
    createPrivateFile(file)
  }
  const db = new Database(file)
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    migrate(db)
  } catch (error) {
    db.close()
    throw error
  }
  for (const companion of [`${file}-wal`, `${file}-shm`]) if (existsSync(companion)) chmodSync(companion, 0o600)
  return db
}

/**
 * Runs `write` in a transaction whose commit is not synced to disk: for a refresh of the local copy of the service's
 * data (hundreds of link reads a minute at a large desk, each a commit). A power cut may undo it (the data is read
 * again) but never half of it (WAL), and the next synced commit, an outbox write, syncs it along. Inside a transaction
 * already, `write` is part of that one.
 */
export function refreshTransaction<T>(db: Db, write: () => T): T {
  if (db.inTransaction) return write()
  return unsynced(db, () => db.transaction(write)())
}

/**
 * Runs `commit` (one transaction) with this connection's commits left to the OS (synchronous=NORMAL), then back to
 * FULL: for a refresh, or for a write whose acknowledgement waits for a group flush (`WalSync`).
 */
export function unsynced<T>(db: Db, commit: () => T): T {
  // Inside a transaction already, the commit is the outer one's, with its own setting (which SQLite will not change).
  if (db.inTransaction) return commit()
  // Never a kept prepared statement: SQLite applies this PRAGMA when it compiles it, not each time it runs.
  db.pragma('synchronous = NORMAL')
  try {
    return commit()
  } finally {
    db.pragma('synchronous = FULL')
  }
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number
  if (current > MIGRATIONS.length) {
    throw new Error(
      `this database was written by a newer Matchdesk (schema ${current}); update Matchdesk to open it (the file is left as it is)`,
    )
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!)
      db.pragma(`user_version = ${version + 1}`)
    })()
  }
}

export function integrityCheck(db: Db): string {
  return db.pragma('integrity_check', { simple: true }) as string
}
