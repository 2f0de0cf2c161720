// A profile's database commits with synchronous=FULL, and `unsynced` commits with NORMAL and then puts FULL back —
// every time, not only the first: SQLite applies a PRAGMA when it is compiled, so one kept prepared and run again
// does not (a commit meant to wait for the group flush would fsync, one meant to fsync would not).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { openDatabase, unsynced } from './db'

it('runs each unsynced commit with synchronous=NORMAL and leaves FULL after it, commit after commit', () => {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'matchdesk-db-')), 'profile.sqlite'))
  const level = () => db.pragma('synchronous', { simple: true })
  const NORMAL = 1
  const FULL = 2
  try {
    expect(level()).toBe(FULL)
    for (let i = 0; i < 5; i++) {
      expect(unsynced(db, () => level())).toBe(NORMAL)
      expect(level()).toBe(FULL)
    }
  } finally {
    db.close()
  }
})
