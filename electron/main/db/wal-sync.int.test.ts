// Group commit on a real SQLite file: writes committed without their own fsync are acknowledged only after one flush
// of the WAL that started after them; a burst shares that flush; a write made during a flush waits for the next one.
import { mkdtempSync } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, unsynced, type Db } from './db'
import { WalSync } from './wal-sync'

/** A flush that is the real fsync, but waits for the test to let it go, and counts what it covered. */
function heldFlush() {
  const started: Array<() => void> = []
  return {
    started,
    flush: async (handle: FileHandle) => {
      await new Promise<void>((resolve) => started.push(resolve))
      await handle.sync()
    },
    /** Lets the oldest waiting flush go. */
    release: () => started.shift()!(),
  }
}

const settledState = async (promise: Promise<unknown>) => {
  let state = 'waiting'
  promise.then(
    () => (state = 'on disk'),
    () => (state = 'failed'),
  )
  await new Promise((resolve) => setImmediate(resolve))
  return state
}

let db: Db | undefined
afterEach(() => db?.close())

function openTable(): { db: Db; file: string; write: (n: number) => void } {
  const file = join(mkdtempSync(join(tmpdir(), 'matchdesk-walsync-')), 'desk.sqlite')
  const opened = openDatabase(file)
  opened.exec('CREATE TABLE scans (n INTEGER)')
  db = opened
  const insert = opened.prepare('INSERT INTO scans (n) VALUES (?)')
  return { db: opened, file, write: (n) => unsynced(opened, () => opened.transaction(() => insert.run(n))()) }
}

describe('WalSync', () => {
  it('answers at once when no write waits for the disk, without flushing', async () => {
    const { file } = openTable()
    const sync = new WalSync(file)
    await sync.onDisk()
    expect(sync.flushes).toBe(0)
  })

  it('acknowledges a burst of writes together, only once the one flush after them has ended', async () => {
    const { file, write } = openTable()
    const held = heldFlush()
    const sync = new WalSync(file, held.flush)
    const acks = Array.from({ length: 10 }, (_, n) => {
      write(n)
      sync.owe()
      return sync.onDisk()
    })
    await expect.poll(() => held.started.length).toBe(1)
    expect(await Promise.all(acks.map(settledState))).toEqual(Array(10).fill('waiting'))
    held.release()
    await Promise.all(acks)
    expect(sync.flushes).toBe(1)
  })

  it('makes a write that comes during a flush wait for the next flush, not the one already running', async () => {
    const { file, write } = openTable()
    const held = heldFlush()
    const sync = new WalSync(file, held.flush)
    write(1)
    sync.owe()
    const first = sync.onDisk()
    await expect.poll(() => held.started.length).toBe(1)
    write(2)
    sync.owe()
    const second = sync.onDisk()
    held.release()
    await first
    // The first flush started before the second write: its end does not acknowledge it.
    expect(await settledState(second)).toBe('waiting')
    await expect.poll(() => held.started.length).toBe(1)
    held.release()
    await second
    expect(sync.flushes).toBe(2)
  })

  it('tells every waiting write when the flush fails, and answers no write after it: the disk is not trusted again', async () => {
    const { file, write } = openTable()
    let fail = true
    const sync = new WalSync(file, async (handle) => {
      if (fail) throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' })
      await handle.sync()
    })
    write(1)
    sync.owe()
    await expect(Promise.all([sync.onDisk(), sync.onDisk()])).rejects.toThrow('EIO')
    // A write made since, or a question with nothing owed (a retry answered "already"), is refused too: a later flush
    // that succeeds says nothing of what the failed one dropped.
    fail = false
    write(2)
    sync.owe()
    await expect(sync.onDisk()).rejects.toThrow('EIO')
    await expect(new WalSync(file).onDisk()).resolves.toBeUndefined()
    expect(sync.flushes).toBe(1)
  })
})
