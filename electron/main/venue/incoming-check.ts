// What the hosting desk lets into the venue's record from a desk's sync, before it is applied: every value an entry
// that reads (bounded), no entry in the desk's own name it did not sign or stamped ahead of the clock, no entry in
// another desk's name signed by anyone but that desk (as far as the record knows its key), nothing that deletes the
// log, and the record under its size. A desk that sends otherwise is turned away, told why; what it relays of other
// desks' that the record cannot judge yet is let in and judged by every desk when read.
import * as Y from 'yjs'
import { verifySigned } from './desk-identity'
import { ENTRY_MOST, readEntry, signedText } from './record-entries'
import { AHEAD_MS } from './record-index'

/** The most the record's texts may hold in all (a day's venue is about 2 MB; a desk's first sync must stay whole). */
export const RECORD_MOST = 12 * 1024 * 1024

export interface IncomingFacts {
  /** The desk whose connection sent the update (it proved who it is). */
  deskId: string
  /** The served document the update would be applied to. */
  doc: Y.Doc
  /** The log's name in it (its items may never be deleted). */
  log: string
  /** The keys the record binds to a desk (any time). */
  keysOf(deskId: string): readonly string[]
  /** How many bytes of text the record holds now. */
  bytes: number
  now: number
}

/** Why an update is refused, in words the desk shows (undefined: let in). */
export function refusalOf(update: Uint8Array, facts: IncomingFacts): string | undefined {
  let decoded: ReturnType<typeof Y.decodeUpdate>
  try {
    decoded = Y.decodeUpdate(update)
  } catch {
    return 'an update that does not read'
  }
  let bytes = 0
  for (const struct of decoded.structs) {
    if (!(struct instanceof Y.Item) || struct.content instanceof Y.ContentDeleted) continue
    if (!(struct.content instanceof Y.ContentAny)) return 'something that is not an entry of the venue'
    for (const value of struct.content.getContent()) {
      if (typeof value !== 'string') return 'a value that is not an entry of the venue'
      bytes += value.length
      const refused = entryRefusal(value, facts)
      if (refused) return refused
    }
  }
  if (facts.bytes + bytes > RECORD_MOST)
    return `the venue's record is full (${Math.round(RECORD_MOST / 1024 / 1024)} MB): nothing more can be shared`
  return deletesLog(decoded.ds, facts) ? 'a deletion of entries of the venue’s log' : undefined
}

function entryRefusal(text: string, facts: IncomingFacts): string | undefined {
  const read = readEntry(text)
  if ('malformed' in read)
    return read.malformed === 'oversized'
      ? `an entry over its size (${ENTRY_MOST / 1024} KB; a stream's state 256 KB)`
      : 'an entry that does not read'
  const keys = facts.keysOf(read.by)
  const signed = signedText(read.kind, read.f, read.at, read.by)
  if (read.by === facts.deskId) {
    if (read.at > facts.now + AHEAD_MS) return 'an entry stamped ahead of the clock'
    // Its own entries before it was admitted (a founding entry of its own venue among them) verify with its key too.
    if (!keys.some((key) => verifySigned(key, signed, read.sig))) return 'an entry in this desk’s name it did not sign'
    return undefined
  }
  if (keys.length > 0 && !keys.some((key) => verifySigned(key, signed, read.sig)))
    return 'an entry in another desk’s name that desk did not sign'
  return undefined
}

/** Whether the update deletes any item of the log (a map's value is replaced by deleting the one before: allowed). */
function deletesLog(ds: ReturnType<typeof Y.decodeUpdate>['ds'], facts: IncomingFacts): boolean {
  const log = facts.doc.getArray(facts.log)
  for (const [client, ranges] of ds.clients) {
    const structs = facts.doc.store.clients.get(client)
    if (!structs) continue
    for (const { clock, len } of ranges) {
      const end = clock + len
      let index: number
      try {
        index = Y.findIndexSS(structs, clock)
      } catch {
        // let go: a range this desk has no structs for deletes nothing of the log here
        continue
      }
      for (; index < structs.length && structs[index]!.id.clock < end; index++) {
        const struct = structs[index]!
        if (struct instanceof Y.Item && struct.parent === log) return true
      }
    }
  }
  return false
}
