// What the venue record lends its parts (streams and the floor, check-ins, devices): this desk's id, the document,
// the entries as folded and who is in the venue, the view, and writing an entry signed by this desk.
import type * as Y from 'yjs'
import type { DeskRole } from '../../../shared/venue/roles'
import type { Membership } from './record-authority'
import type { Fields, Kind } from './record-entries'
import type { Folded } from './record-index'
import type { VenueView } from './record-view'

/** The maps' names in the document (their keys: `id\u0000desk`, each desk writing its own). */
export const MAPS = { streams: 'streams', stations: 'stations', seen: 'seen' } as const

export interface RecordCore {
  readonly deskId: string
  readonly doc: Y.Doc
  /** Every entry that counts, folded into the latest of each key. */
  folded(): Folded
  /** Who is in the venue, with which role, at any time. */
  members(): Membership
  /** An entry of this desk's, signed, stamped now, appended to the log. */
  add<K extends Kind>(kind: K, ...fields: Fields[K]): void
  /** An entry of this desk's as text (for a map), signed and stamped now, read at once. */
  sign<K extends Kind>(kind: K, fields: Fields[K]): string
  view(): VenueView
  isShared(): boolean
  isIn(deskId: string): boolean
  roleOf(deskId: string): DeskRole | null
  now(): number
}

/** Each map entry's JSON value as read once (the same entry gives the same value: readers keep what they checked). */
const parsedStates = new WeakMap<object, unknown>()

/** A map entry's JSON value, read (a value that is not JSON reads as nothing). */
export function parsedState(entry: { f: [string, string] }): unknown {
  if (parsedStates.has(entry)) return parsedStates.get(entry)
  let value: unknown
  try {
    value = JSON.parse(entry.f[1])
  } catch {
    // let go: a value that is not JSON reads as nothing, which each reader refuses by its schema
    value = undefined
  }
  parsedStates.set(entry, value)
  return value
}
