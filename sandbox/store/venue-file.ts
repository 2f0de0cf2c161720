// The Demo venue on disk: the store's records, which series each tournament belongs to and which have opened their
// next edition, written whole after each change (a temporary file renamed over the old one, so a kill at any moment
// leaves the last complete venue) and read back at start; a file that cannot be read is set aside, never lost.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import type { StoreRecords } from './store'

const FORMAT = 1

/** What is kept of a venue beside its records. */
export interface VenueState {
  records: StoreRecords
  /** Tournament id → the name of its series' plan. */
  series: [string, string][]
  /** Tournaments whose next edition is open already. */
  followed: string[]
}

/** What the sandbox was started with: a file made with other settings is not this venue. */
export interface VenueKey {
  seed: number
  size: string
}

export type VenueRead =
  | { kind: 'none' }
  | { kind: 'read'; state: VenueState }
  /** The file could not be used: where it was set aside, and why. */
  | { kind: 'set-aside'; path: string; reason: string }

const LISTS = ['tournaments', 'participants', 'stages', 'groups', 'rounds', 'nodes', 'streams', 'disciplines'] as const

function isVenueState(value: unknown): value is VenueState {
  const state = value as Partial<VenueState> | null
  const records = state?.records as Partial<StoreRecords> | undefined
  return (
    typeof records === 'object' &&
    records !== null &&
    LISTS.every((list) => Array.isArray(records[list])) &&
    Array.isArray(records.matchStreams) &&
    typeof records.lastId === 'string' &&
    /^\d{1,30}$/.test(records.lastId) &&
    Array.isArray(state?.series) &&
    Array.isArray(state?.followed)
  )
}

export class VenueFile {
  constructor(
    readonly path: string,
    private readonly key: VenueKey,
  ) {}

  /** The venue kept on disk, if there is one made with the same settings. */
  read(): VenueRead {
    if (!existsSync(this.path)) return { kind: 'none' }
    let reason: string
    try {
      const file = JSON.parse(readFileSync(this.path, 'utf8')) as { format?: unknown; key?: VenueKey; state?: unknown }
      if (file.format !== FORMAT) reason = `it is in another format (${String(file.format)})`
      else if (file.key?.seed !== this.key.seed || file.key?.size !== this.key.size)
        reason = `it was made for another venue (seed ${file.key?.seed}, size ${file.key?.size})`
      else if (!isVenueState(file.state)) reason = 'its records are incomplete'
      else return { kind: 'read', state: file.state }
    } catch (error) {
      reason = `it cannot be read (${(error as Error).message})`
    }
    const aside = `${this.path}.set-aside-${Date.now()}`
    renameSync(this.path, aside)
    return { kind: 'set-aside', path: aside, reason }
  }

  /** Writes the whole venue: complete or not at all. */
  write(state: VenueState): void {
    const temporary = `${this.path}.writing`
    // Private to the user, as everything in the data folder is (participants' emails are in it).
    writeFileSync(temporary, JSON.stringify({ format: FORMAT, key: this.key, state }), { mode: 0o600 })
    renameSync(temporary, this.path)
  }
}
