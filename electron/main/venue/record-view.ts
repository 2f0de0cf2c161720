// The venue as the record says, with its invariants kept: a match on air on one stream (the later Take), each
// person's writing scan as the host named it and their write by that scan's desk, each stream's runner, each desk's
// name. Worked out from the entries as folded; the record keeps it until they change.
import { byTimeThenDesk, type Ordered } from './record-authority'
import type { Folded } from './record-index'

/** Who made an entry, and when. */
export interface Authored {
  at: number
  by: string
}
export interface ScanEntry extends Authored {
  participantId: string
  place: string
}
export interface WrittenEntry extends Authored {
  scanId: string
}

/** The venue as the record says, with its invariants kept. */
export interface VenueView {
  /** Each stream's match on air (a stream not listed has none); a match taken on two streams is on the later one. */
  onAir: Map<string, string>
  /** Every scan that counts, by id. */
  scans: Map<string, ScanEntry>
  /** Each person's writing scan, as the host named it. */
  writers: Map<string, string>
  /** Each person's check-in as written to the service: which scan, by whom. */
  written: Map<string, WrittenEntry>
  /** Each stream's desk (the one that ran it last). */
  runners: Map<string, string>
  /** Each desk's name (every desk ever admitted). */
  names: Map<string, string>
}

/** A floor station as a desk shared it last (its value unchecked: the floor reads it). */
export interface SharedStationValue extends Authored {
  value: unknown
}

/** The venue as every desk sees it once their copies agree, from the entries as folded and the desks admitted. */
export function venueViewOf(folded: Folded, admittedAs: ReadonlyMap<string, string>): VenueView {
  // A match taken on two streams is on air on the stream that took it last.
  const streamOf = new Map<string, { streamId: string; at: number; by: string }>()
  for (const [streamId, take] of folded.takes) {
    const matchId = take.f[1]
    if (matchId === null) continue
    const held = streamOf.get(matchId)
    const later =
      !held ||
      take.at > held.at ||
      (take.at === held.at && (take.by > held.by || (take.by === held.by && streamId > held.streamId)))
    if (later) streamOf.set(matchId, { streamId, at: take.at, by: take.by })
  }
  const scans = folded.scans
  // A person's writer: the first named that is a scan of theirs; their write: the first by the desk of that scan.
  const writers = new Map<string, string>()
  for (const [participantId, named] of folded.writers) {
    const valid = firstOf(named, (entry) => scans.get(entry.scanId)?.participantId === participantId)
    if (valid) writers.set(participantId, valid.scanId)
  }
  const written = new Map<string, WrittenEntry>()
  for (const [participantId, writes] of folded.written) {
    const valid = firstOf(writes, (entry) => {
      const scan = scans.get(entry.scanId)
      return scan?.participantId === participantId && scan.by === entry.by
    })
    if (valid) written.set(participantId, valid)
  }
  const names = new Map<string, string>(admittedAs)
  for (const [deskId, entry] of folded.names) if (names.has(deskId)) names.set(deskId, entry.f[0])
  return {
    onAir: new Map([...streamOf].map(([matchId, { streamId }]) => [streamId, matchId])),
    scans,
    writers,
    written,
    runners: new Map([...folded.runs].map(([streamId, entry]) => [streamId, entry.by])),
    names,
  }
}

/** The earliest entry of a list that holds (by time, then desk, then signature). */
function firstOf<T extends Ordered>(entries: readonly T[], holds: (entry: T) => boolean): T | undefined {
  let found: T | undefined
  for (const entry of entries) if (holds(entry) && (!found || byTimeThenDesk(entry, found) < 0)) found = entry
  return found
}
