// Prepared statements kept per database and SQL text: preparing one costs more than running it, and the desk and the
// doors run the same few statements hundreds of times a second (a status of 128 streams, a venue's scans).
import type { Statement } from 'better-sqlite3'
import type { Db } from './db'

const kept = new WeakMap<Db, Map<string, Statement>>()

/** The database's statement for this SQL, prepared on first use. */
export function prepared(db: Db, sql: string): Statement {
  let statements = kept.get(db)
  if (!statements) kept.set(db, (statements = new Map<string, Statement>()))
  let statement = statements.get(sql)
  if (!statement) statements.set(sql, (statement = db.prepare(sql)))
  return statement
}
