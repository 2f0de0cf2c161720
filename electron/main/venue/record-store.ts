// The venue's record on this desk's disk (the profile's database): every change appended as it is made, all of them
// merged into one row when they grow many or large (at start and while the desk runs: what a stream's shared state
// held before is then dropped), read back whole at start — a row that does not read is skipped and named, never the
// reason a desk does not start; and this desk's own id in the venue, and the venue it is part of (its root key).
import { randomUUID } from 'node:crypto'
import * as Y from 'yjs'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'
import type { TableRecovery } from '../db/table-recovery'
import { moduleLog } from '../log'

const log = moduleLog('venue-record-store')

/** The desk's copy of what several desks share, and its id: nothing reads them again from anywhere, so kept. */
export const VENUE_DOC_TABLES = { venue_doc_updates: 'kept', venue_desk: 'kept' } as const satisfies TableRecovery

/** Past this many rows, or this many bytes appended, the rows are merged into one. */
const COMPACT_AFTER = 500
const COMPACT_AFTER_BYTES = 4 * 1024 * 1024

export class RecordStore {
  private rows = 0
  private bytes = 0

  constructor(private readonly db: Db) {}

  /** This desk's id in the venue, made once. */
  deskId(): string {
    const row = prepared(this.db, 'SELECT desk_id AS deskId FROM venue_desk WHERE id = 1').get() as
      { deskId: string } | undefined
    if (row) return row.deskId
    const made = randomUUID()
    prepared(this.db, 'INSERT INTO venue_desk (id, desk_id) VALUES (1, ?)').run(made)
    return made
  }

  /** The venue this desk is part of: its root key (null: none yet). */
  root(): string | null {
    this.deskId()
    const row = prepared(this.db, 'SELECT venue_root AS root FROM venue_desk WHERE id = 1').get() as {
      root: string | null
    }
    return row.root
  }

  setRoot(root: string): void {
    this.deskId()
    prepared(this.db, 'UPDATE venue_desk SET venue_root = ? WHERE id = 1').run(root)
  }

  /**
   * The record as kept (merged into one row first when its rows grew many); then every change is kept as made. A row
   * that does not read is skipped (and logged with its number): the desk starts on what it can read.
   */
  open(doc: Y.Doc): () => void {
    const rows = prepared(this.db, 'SELECT id, doc_update AS bytes FROM venue_doc_updates ORDER BY id').all() as {
      id: number
      bytes: Uint8Array
    }[]
    this.rows = rows.length
    this.bytes = rows.reduce((sum, row) => sum + row.bytes.byteLength, 0)
    if (rows.length) {
      try {
        Y.applyUpdate(doc, Y.mergeUpdates(rows.map((row) => row.bytes)), this)
      } catch {
        const skipped: number[] = []
        for (const row of rows)
          try {
            Y.applyUpdate(doc, row.bytes, this)
          } catch {
            // let go: the rows skipped are logged together below
            skipped.push(row.id)
          }
        log.warn(`the venue record's rows ${skipped.join(', ')} did not read: the desk starts without them`)
      }
      this.compactIfLarge(doc)
    }
    const keep = (update: Uint8Array, origin: unknown) => {
      if (origin === this) return
      this.append(update)
      this.compactIfLarge(doc)
    }
    doc.on('update', keep)
    return () => doc.off('update', keep)
  }

  /** Many rows (or many bytes) become one: the document as it is now, in one committed step. */
  private compactIfLarge(doc: Y.Doc): void {
    if (this.rows <= COMPACT_AFTER && this.bytes <= COMPACT_AFTER_BYTES) return
    this.db.transaction(() => {
      prepared(this.db, 'DELETE FROM venue_doc_updates').run()
      this.rows = 0
      this.bytes = 0
      this.append(Y.encodeStateAsUpdate(doc))
    })()
  }

  private append(update: Uint8Array): void {
    prepared(this.db, 'INSERT INTO venue_doc_updates (doc_update) VALUES (?)').run(Buffer.from(update))
    this.rows += 1
    this.bytes += update.byteLength
  }
}
