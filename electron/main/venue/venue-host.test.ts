// The hosting desk takes a desk of the venue that proved itself, unless that desk is out of the venue (told so: it
// stops) or this desk does not host now (it syncs with a host itself, or stepped down from a minority); and it takes
// a proof only once, over a challenge of its own, from the key the record binds to the desk.
import { describe, expect, it } from 'vitest'
import { DESK_HEADER, NONCE_HEADER, PROOF_HEADER, VENUE_PATHS, sentOnTo } from '../../../shared/venue/wire'
import { DeskIdentity } from './desk-identity'
import { syncHeaders } from './desk-proofs'
import { VenueHost, type SyncSocket } from './venue-host'
import { testVenue } from '../../../tests/support/venue-records'

function socket() {
  const closed: [number, string][] = []
  const fake: SyncSocket & { closed: typeof closed } = {
    closed,
    readyState: 1,
    send: () => undefined,
    close: (code = 1000, reason = '') => void closed.push([code, reason]),
    on: () => undefined,
  }
  return fake
}

const request = new Request(`http://127.0.0.1:7310${VENUE_PATHS.sync}`)

function hosting() {
  let time = Date.parse('2026-11-28T10:00:00Z')
  const venue = testVenue(['head', 'producer', 'producer'], () => time)
  const [host, b, c] = venue.desks as [(typeof venue.desks)[0], (typeof venue.desks)[0], (typeof venue.desks)[0]]
  const server = new VenueHost({ record: () => host.record, identity: host.identity, app: 't' })
  return { venue, host, b, c, server, tick: () => (time += 10) }
}

describe('the venue host', () => {
  it('takes a proof over its own challenge once, from the key the record binds to the desk it names', () => {
    const { b, server } = hosting()
    const alive = server.alive('c'.repeat(43))
    const proven = { answer: alive, nonce: alive.nonce! }
    const headers = syncHeaders(b.identity, b.record.venue, proven, b.record.deskId)
    expect(server.provenDesk({}, headers)).toBe(b.record.deskId)
    // The same proof again (replayed): its challenge is used up.
    expect(server.provenDesk({}, headers)).toBeUndefined()
    // Another desk's id with this desk's signature, or a key the record does not bind: refused.
    const again = server.alive('d'.repeat(43))
    const named = syncHeaders(b.identity, b.record.venue, { answer: again, nonce: again.nonce! }, 'desk-2')
    expect(server.provenDesk({}, named)).toBeUndefined()
    const stranger = DeskIdentity.make()
    const third = server.alive('e'.repeat(43))
    const forged = syncHeaders(stranger, b.record.venue, { answer: third, nonce: third.nonce! }, b.record.deskId)
    expect(server.provenDesk({}, forged)).toBeUndefined()
    // A challenge this hub never gave.
    expect(
      server.provenDesk({}, { [DESK_HEADER]: b.record.deskId, [NONCE_HEADER]: 'f'.repeat(43), [PROOF_HEADER]: 'x' }),
    ).toBeUndefined()
  })

  it('turns away a desk out of the venue for good, and hosts no one while it follows a host or stepped down', () => {
    const { host, b, c, server, venue, tick } = hosting()
    tick()
    host.record.putOut(c.record.deskId)
    venue.syncAll()
    const out = socket()
    server.connect(out, request, c.record.deskId)
    expect(out.closed).toEqual([[4403, 'this desk is out of the venue']])
    const joined = socket()
    server.connect(joined, request, b.record.deskId)
    expect(server.joined()).toBe(1)
    // This desk's own link to a host is up: the desk joined here is sent on to that host, by name, and so is another.
    server.follow(true, c.record.deskId)
    expect(joined.closed).toEqual([[4409, `this desk syncs with the venue’s host: ${c.record.deskId}`]])
    expect(sentOnTo(joined.closed[0]![1])).toBe(c.record.deskId)
    const other = socket()
    server.connect(other, request, b.record.deskId)
    expect(other.closed).toEqual([[4409, `this desk syncs with the venue’s host: ${c.record.deskId}`]])
    server.follow(false)
    // Stepped down from a minority: turned away however long it lasts, until a majority elects this desk.
    server.stepDown()
    const later = socket()
    server.connect(later, request, b.record.deskId)
    expect(later.closed).toEqual([[4409, 'this desk does not host the venue now']])
    server.takeDesks()
    const elected = socket()
    server.connect(elected, request, b.record.deskId)
    expect(elected.closed).toEqual([])
    server.closeAll()
    expect(elected.closed).toEqual([[1001, 'the desk is going away']])
  })
})
