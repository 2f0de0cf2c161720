// The local SQLite database of one profile: WAL, synchronous=FULL, versioned migrations run in order.
import Database from 'better-sqlite3'
import { chmodSync, closeSync, existsSync, openSync } from 'node:fs'
import { dirname } from 'node:path'
import { ensurePrivateFolder } from '../data-folder'

export type Db = Database.Database

/** Each entry moves the schema one version up; never edit a shipped one, add the next. */
export const MIGRATIONS: string[] = [
  `CREATE TABLE cache_rows (
     resource TEXT NOT NULL,
     id TEXT NOT NULL,
     scope TEXT NOT NULL,
     data TEXT NOT NULL,
     PRIMARY KEY (resource, id)
   );
   CREATE INDEX cache_rows_scope ON cache_rows (resource, scope);
   CREATE TABLE match_streams (match_id TEXT PRIMARY KEY, tournament_id TEXT NOT NULL, stream_ids TEXT NOT NULL);
   CREATE TABLE refreshed (resource TEXT NOT NULL, scope TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (resource, scope));
   CREATE TABLE outbox (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     entity TEXT NOT NULL,
     kind TEXT NOT NULL,
     payload TEXT NOT NULL,
     state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'attention')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     outcome_unknown INTEGER NOT NULL DEFAULT 0,
     created_at INTEGER NOT NULL
   );
   CREATE INDEX outbox_entity ON outbox (entity, seq);
   CREATE TABLE id_map (local_id TEXT PRIMARY KEY, server_id TEXT NOT NULL);
   CREATE TABLE requests (request_id TEXT PRIMARY KEY, receipt TEXT NOT NULL, at INTEGER NOT NULL);`,
  // 2: a requestId is scoped to the channel and payload it was given for.
  `ALTER TABLE requests ADD COLUMN channel TEXT;
   ALTER TABLE requests ADD COLUMN fingerprint TEXT;`,
]

/** Opens (creating if needed) a database private to the user: 0600, as SQLite's -wal and -shm then are too. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') {
    ensurePrivateFolder(dirname(file))
    // SQLite gives its -wal and -shm files the mode of the database file: create that one 0600 first.
    closeSync(openSync(file, 'a', 0o600))
    chmodSync(file, 0o600)
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

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number
  if (current > MIGRATIONS.length) {
    throw new Error(`this database was written by a newer Matchdesk (schema ${current}); update Matchdesk to open it`)
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
