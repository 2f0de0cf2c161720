// Group commit for one SQLite database in WAL mode: writes are committed without their own fsync (synchronous=NORMAL)
// and made durable together by one fsync of the -wal file, run off the event loop, before any of them is acknowledged.
// So "acknowledged means on disk" holds as with synchronous=FULL, while main never blocks on a disk flush.
import { open, type FileHandle } from 'node:fs/promises'
import { moduleLog } from '../log'

const log = moduleLog('wal-sync')

/** Flushes one open file to disk (the default is the file's own fsync). */
export type FlushFile = (handle: FileHandle) => Promise<void>

const fsyncFile: FlushFile = (handle) => handle.sync()

export class WalSync {
  /** Commits made since the last flush started: the next flush must cover them. */
  private owed = false
  /** The flush under way, or the last one started. */
  private running: Promise<void> = Promise.resolve()
  /** The flush that starts when the running one ends, shared by everyone who owes one meanwhile. */
  private next: Promise<void> | undefined
  private handle: Promise<FileHandle | undefined> | undefined
  private closed = false
  /**
   * A flush that failed: the disk may have dropped what it was given, and a later flush that succeeds proves nothing
   * of it. Every answer from then on is refused with it, until the database is opened again.
   */
  private failure: Error | undefined
  /** Flushes started: a burst of commits shares one. */
  flushes = 0

  constructor(
    /** The database file; its `-wal` companion is what a commit wrote. `:memory:` has nothing to flush. */
    private readonly databaseFile: string,
    private readonly flush: FlushFile = fsyncFile,
  ) {}

  /** A commit was made without its own fsync. */
  owe(): void {
    this.owed = true
  }

  /** Resolves once every commit made before the call is on disk (at once when none is waiting for a flush). */
  onDisk(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure)
    // Nothing owed: the flush under way (if any) covers every commit so far.
    // let go: a failed flush was told to its own writers (and `failure` refuses every later one)
    if (!this.owed) return this.running.catch(() => undefined)
    this.next ??= this.running
      // let go: as above, told to that flush's own writers
      .catch(() => undefined)
      .then(() => {
        this.next = undefined
        this.owed = false
        this.running = this.flushNow()
        return this.running
      })
    return this.next
  }

  /** Stops flushing: the database is closing, and SQLite syncs the WAL itself when it does. */
  async close(): Promise<void> {
    this.closed = true
    // let go: a handle that never opened has nothing to close, and its failure was told to the flush that opened it
    const handle = await this.handle?.catch(() => undefined)
    this.handle = undefined
    await handle?.close().catch((error: unknown) => log.failed('closing the WAL file', 'debug')(error))
  }

  private async flushNow(): Promise<void> {
    if (this.closed || this.databaseFile === ':memory:') return
    this.flushes++
    const handle = await (this.handle ??= open(`${this.databaseFile}-wal`, 'r+').catch(
      (error: NodeJS.ErrnoException) => {
        // No -wal file: nothing was ever committed through it, so nothing is owed to the disk.
        this.handle = undefined
        if (error.code === 'ENOENT') return undefined
        throw error
      },
    ))
    try {
      if (handle) await this.flush(handle)
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error))
      throw this.failure
    }
  }
}
