// Desks' copies of one venue's record for the record's own tests, with no hub between them: each desk has its own key
// pair and clock, the first founds the venue and admits the others (with the roles given), and any two meet by
// exchanging what the other lacks, as the sync does. A hostile desk is an ordinary admitted desk whose copy the test
// writes into directly (`write`), signed or not, with any time and fields.
import * as Y from 'yjs'
import type { DeskRole } from '../../shared/venue/roles'
import { DeskIdentity } from '../../electron/main/venue/desk-identity'
import { entryText, signedText, type Kind } from '../../electron/main/venue/record-entries'
import { VenueRecord } from '../../electron/main/venue/venue-record'

export interface TestDesk {
  record: VenueRecord
  identity: DeskIdentity
  /** Writes a text into this desk's copy of the log as it is (the test's hostile hand). */
  push: (text: string) => void
  /** An entry signed with `signer` (this desk's own key by default), claiming `by`, at `at`. */
  entry: (
    kind: Kind,
    fields: readonly unknown[],
    options?: { at?: number; by?: string; signer?: DeskIdentity },
  ) => string
}

export interface TestVenue {
  desks: TestDesk[]
  /** Two copies made equal both ways (a LAN that came back). */
  meet: (a: TestDesk, b: TestDesk) => void
  /** Every pair of copies made equal. */
  syncAll: () => void
}

let nextDesk = 0

/** One desk's copy of a venue: its own venue (`root` null) until it joins another. */
export function testDesk(now: () => number, deskId = `desk-${++nextDesk}`): TestDesk {
  const identity = DeskIdentity.make()
  const record = new VenueRecord({ deskId, identity, root: null, now })
  record.found(`Desk ${deskId}`)
  return {
    record,
    identity,
    push: (text) => record.doc.getArray<string>('venue').push([text]),
    entry: (kind, fields, { at = now(), by = deskId, signer = identity } = {}) =>
      entryText(kind, fields, at, by, signer.sign(signedText(kind, fields, at, by))),
  }
}

function meet(a: TestDesk, b: TestDesk): void {
  Y.applyUpdate(b.record.doc, Y.encodeStateAsUpdate(a.record.doc, Y.encodeStateVector(b.record.doc)), 'lan')
  Y.applyUpdate(a.record.doc, Y.encodeStateAsUpdate(b.record.doc, Y.encodeStateVector(a.record.doc)), 'lan')
}

/**
 * A venue of desks: the first founds it and admits each other with its role (producer unless given), and each joins
 * it as pairing does (its record read against the venue's root, its time after its admission).
 */
export function testVenue(roles: readonly DeskRole[], clocks: (() => number) | (() => number)[]): TestVenue {
  const clockOf = (i: number) => (Array.isArray(clocks) ? clocks[i]! : clocks)
  const desks = roles.map((_, i) => testDesk(clockOf(i), `desk-${i}`))
  const founder = desks[0]!
  desks.slice(1).forEach((desk, i) => {
    const admittedAt = founder.record.admit(desk.record.deskId, desk.identity.publicKey, roles[i + 1]!, `Desk ${i + 1}`)
    desk.record.rebase(founder.record.venue, admittedAt)
  })
  const venue: TestVenue = {
    desks,
    meet,
    syncAll: () => {
      for (const a of desks) for (const b of desks) if (a !== b) meet(a, b)
    },
  }
  venue.syncAll()
  return venue
}
