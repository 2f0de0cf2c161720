// What the hosting desk lets into the record from a desk's sync: the desk's own entries signed by it and not ahead of
// the clock, no entry in another's name that desk did not sign, every value an entry of its size, nothing deleting the
// log, the record under its size. What it relays of other desks' that they signed passes.
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { refusalOf, RECORD_MOST } from './incoming-check'
import { testVenue } from '../../../tests/support/venue-records'

function setUp() {
  let time = Date.parse('2026-11-28T10:00:00Z')
  const venue = testVenue(['head', 'producer', 'door'], () => time)
  const [host, mallory, door] = venue.desks as [
    (typeof venue.desks)[0],
    (typeof venue.desks)[0],
    (typeof venue.desks)[0],
  ]
  /** What Mallory's copy has that the host's lacks, as its sync would send it. */
  const update = () => Y.encodeStateAsUpdate(mallory.record.doc, Y.encodeStateVector(host.record.doc))
  const facts = (bytes = host.record.bytes) => ({
    deskId: mallory.record.deskId,
    doc: host.record.doc,
    log: 'venue',
    keysOf: (id: string) => host.record.keysOf(id),
    bytes,
    now: time,
  })
  return { venue, host, mallory, door, update, facts, tick: () => (time += 10) }
}

describe('an update from a desk’s sync', () => {
  it('lets in the desk’s own signed entries and other desks’ it relays', () => {
    const { mallory, door, update, facts, venue, tick } = setUp()
    tick()
    door.record.checkins.scan('s1', 'p1', 'Door 2')
    venue.meet(door, mallory)
    mallory.record.streams.take('main', 'm1')
    expect(refusalOf(update(), facts())).toBeUndefined()
  })

  it('refuses an entry in its own name it did not sign, or stamped ahead of the clock', () => {
    const a = setUp()
    a.mallory.push(a.mallory.entry('take', ['main', 'm1'], { signer: a.door.identity }))
    expect(refusalOf(a.update(), a.facts())).toBe('an entry in this desk’s name it did not sign')
    const b = setUp()
    b.mallory.push(b.mallory.entry('take', ['main', 'm1'], { at: 2 ** 50 }))
    expect(refusalOf(b.update(), b.facts())).toBe('an entry stamped ahead of the clock')
  })

  it('refuses an entry in another desk’s name that desk did not sign', () => {
    const { mallory, door, update, facts } = setUp()
    mallory.push(mallory.entry('scan', ['s9', 'p1', 'Door 9'], { by: door.record.deskId }))
    expect(refusalOf(update(), facts())).toBe('an entry in another desk’s name that desk did not sign')
  })

  it('refuses a value that is no entry, an oversized one, and a full record', () => {
    const a = setUp()
    a.mallory.record.doc.getArray<unknown>('venue').push([{ not: 'an entry' }])
    expect(refusalOf(a.update(), a.facts())).toBe('a value that is not an entry of the venue')
    const b = setUp()
    b.mallory.push(b.mallory.entry('name', ['x'.repeat(6 * 1024 * 1024)]))
    expect(refusalOf(b.update(), b.facts())).toMatch(/^an entry over its size/)
    const c = setUp()
    c.mallory.record.streams.take('main', 'm1')
    expect(refusalOf(c.update(), c.facts(RECORD_MOST))).toMatch(/^the venue's record is full/)
  })

  it('refuses an update that deletes entries of the log', () => {
    const { mallory, update, facts } = setUp()
    mallory.record.doc.getArray('venue').delete(0, 1)
    expect(refusalOf(update(), facts())).toBe('a deletion of entries of the venue’s log')
  })
})
