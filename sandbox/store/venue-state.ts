// What the Demo venue keeps between runs, whatever holds it on disk: its records, which series each tournament belongs
// to and which have opened their next edition; and how a start found it.
import { RECORD_LISTS, type StoreRecords } from './store'

/** What is kept of a venue beside its records. */
export interface VenueExtras {
  /** Tournament id → the name of its series' plan. */
  series: [string, string][]
  /** Tournaments whose next edition is open already. */
  followed: string[]
}

export interface VenueState extends VenueExtras {
  records: StoreRecords
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

export function isVenueState(value: unknown): value is VenueState {
  const state = value as Partial<VenueState> | null
  const records = state?.records as Partial<StoreRecords> | undefined
  return (
    typeof records === 'object' &&
    records !== null &&
    RECORD_LISTS.every((list) => Array.isArray(records[list])) &&
    typeof records.lastId === 'string' &&
    /^\d{1,30}$/.test(records.lastId) &&
    Array.isArray(state?.series) &&
    Array.isArray(state?.followed)
  )
}
