// The app data folder: private to the user (0700), and held by one process at a time through an OS file lock.
import Database from 'better-sqlite3'
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { AppError } from './app-error'

/** Who holds a data folder, written beside the lock so a second process can name it. */
export interface FolderHolder {
  pid: number
  /** What kind of Matchdesk process: the desktop app, web mode, a test. */
  kind: string
  since: string
}

const LOCK_FILE = 'matchdesk.lock'
const HOLDER_FILE = 'matchdesk.lock.json'

/** The names Matchdesk puts in its data folder (lock, profiles and their set-aside copies, the db folder, databases). */
const isOurs = (name: string) =>
  name === 'db' || name.startsWith('matchdesk.lock') || name.startsWith('profiles.json') || name.includes('.sqlite')

/**
 * Creates the folder (and any missing parent) private to the user (0700). An existing folder is tightened only when
 * it holds nothing but Matchdesk's files: a folder of the person's (`--data-dir ~/Documents`) keeps its mode, and
 * Matchdesk's files in it are private by their own modes.
 */
export function ensurePrivateFolder(dir: string): void {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    chmodSync(dir, 0o700)
    return
  }
  const entries = readdirSync(dir)
  if (entries.every(isOurs)) chmodSync(dir, 0o700)
}

/**
 * Creates a file SQLite is about to open, private (0600) before SQLite sees it: SQLite gives its journal, -wal and -shm
 * files the mode of the database file.
 */
export function createPrivateFile(file: string): void {
  closeSync(openSync(file, 'a', 0o600))
  chmodSync(file, 0o600)
}

/**
 * An exclusive lock on a data folder: SQLite's own file lock on `matchdesk.lock`, held for the life of the process
 * and released by the OS if it dies (a crash or SIGKILL never leaves a stale lock behind).
 */
export class DataFolderLock {
  private constructor(
    readonly dir: string,
    private readonly db: Database.Database,
  ) {}

  /** Takes the folder or throws a `conflict` naming the folder and the process that holds it. */
  static acquire(dir: string, kind: string, { probe = false } = {}): DataFolderLock {
    ensurePrivateFolder(dir)
    createPrivateFile(join(dir, LOCK_FILE))
    const db = new Database(join(dir, LOCK_FILE), { timeout: 0 })
    try {
      db.pragma('locking_mode = EXCLUSIVE')
      // The first write takes the exclusive lock; in this locking mode it is kept until the connection closes.
      db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS held (at TEXT); COMMIT')
    } catch (error) {
      db.close()
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error
      throw new AppError('conflict', describeHeld(dir))
    }
    if (!probe) {
      const holder: FolderHolder = { pid: process.pid, kind, since: new Date().toISOString() }
      writeFileSync(join(dir, HOLDER_FILE), JSON.stringify(holder) + '\n', { mode: 0o600 })
    }
    return new DataFolderLock(dir, db)
  }

  /** True when another process holds the folder right now (web mode asks before choosing its default folder). */
  static isHeld(dir: string): boolean {
    try {
      DataFolderLock.acquire(dir, 'probe', { probe: true }).release()
      return false
    } catch (error) {
      if (error instanceof AppError && error.code === 'conflict') return true
      throw error
    }
  }

  release(): void {
    if (this.db.open) this.db.close()
  }
}

function describeHeld(dir: string): string {
  let holder: FolderHolder | undefined
  try {
    holder = JSON.parse(readFileSync(join(dir, HOLDER_FILE), 'utf8')) as FolderHolder
  } catch {
    // let go: the holder's note unreadable, the answer names "another Matchdesk process" instead
    holder = undefined
  }
  const who = holder ? `${holder.kind} (process ${holder.pid}, since ${holder.since})` : 'another Matchdesk process'
  return `The data folder ${dir} is in use by ${who}. Close it first, or give this one another folder.`
}
