// The hosting desk serves the venue of the connection it works on: a desk paired while the host worked on another
// connection is turned away (and tries again later), never synced into this connection's venue.
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { VenueHost, type SyncSocket } from './venue-host'

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

describe('the venue host', () => {
  it('turns away a desk paired on another connection than the one it works on now', () => {
    let active = 'profile-a'
    const host = new VenueHost(
      () => new Y.Doc(),
      () => active,
    )
    const request = new Request('http://127.0.0.1:7310/venue/v1/sync')
    const other = socket()
    host.connect(other, request, 'desk-1', 'profile-b')
    expect(other.closed).toEqual([[4409, 'the host desk works on another connection now']])
    expect(host.joined()).toBe(0)
    const same = socket()
    host.connect(same, request, 'desk-2', 'profile-a')
    expect(same.closed).toEqual([])
    expect(host.joined()).toBe(1)
    active = 'profile-b'
    host.closeAll()
    expect(same.closed).toEqual([[1001, 'the desk is going away']])
  })

  it('turns away a desk out of the venue that comes with the key it was paired with here', () => {
    const out = new Set<string>()
    const host = new VenueHost(
      () => new Y.Doc(),
      () => 'profile-a',
      () => undefined,
      (deskId) => out.has(deskId),
    )
    const request = new Request('http://127.0.0.1:7310/venue/v1/sync')
    const first = socket()
    host.connect(first, request, 'device-1', 'profile-a', 'desk-b')
    expect(first.closed).toEqual([])
    out.add('desk-b')
    host.closeVenueDesk('desk-b')
    expect(first.closed.map(([code]) => code)).toEqual([4403])
    // Back with the same pairing key, naming itself or not: refused.
    for (const named of ['desk-b', undefined]) {
      const again = socket()
      host.connect(again, request, 'device-1', 'profile-a', named)
      expect(again.closed).toEqual([[4403, 'this desk is out of the venue']])
    }
    expect(host.joined()).toBe(0)
  })

  it('hosts no one while this desk syncs with the venue’s host, nor after stepping down until elected again', () => {
    const host = new VenueHost(
      () => new Y.Doc(),
      () => 'profile-a',
    )
    const request = new Request('http://127.0.0.1:7310/venue/v1/sync')
    const joined = socket()
    host.connect(joined, request, 'desk:b', undefined, 'b')
    expect(host.joined()).toBe(1)
    // This desk's own link to a host is up: the desk joined here is sent on, and another is turned away.
    host.follow(true)
    expect(joined.closed).toEqual([[4409, 'this desk syncs with the venue’s host']])
    const other = socket()
    host.connect(other, request, 'desk:c', undefined, 'c')
    expect(other.closed).toEqual([[4409, 'this desk does not host the venue now']])
    host.follow(false)
    const taken = socket()
    host.connect(taken, request, 'desk:c', undefined, 'c')
    expect(taken.closed).toEqual([])
    // Stepped down from a minority: turned away however long it lasts, until a majority elects this desk.
    host.stepDown()
    const later = socket()
    host.connect(later, request, 'desk:c', undefined, 'c')
    expect(later.closed).toEqual([[4409, 'this desk does not host the venue now']])
    host.takeDesks()
    const elected = socket()
    host.connect(elected, request, 'desk:c', undefined, 'c')
    expect(elected.closed).toEqual([])
    host.closeAll()
  })
})
