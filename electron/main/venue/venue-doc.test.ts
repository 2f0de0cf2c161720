// What another desk writes into the venue's log is read as entries only when it is one: text that is no JSON, an
// unknown log, a wrong length or a time that is not a number is passed over, and the desk's copy goes on working.
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { VenueDoc } from './venue-doc'

describe('the venue log from a hostile desk', () => {
  it('passes over what is not an entry and keeps the ones that are', () => {
    const hostile = new Y.Doc()
    hostile
      .getArray<string>('venue')
      .push([
        'not json',
        JSON.stringify(['nothing', 'a', 'b', 1, 'd']),
        JSON.stringify(['takes', 'main', 'm1']),
        JSON.stringify(['takes', 'main', 'm1', 'soon', 'd']),
        JSON.stringify(['takes', 'main', { $: 1 }, 5, 'd']),
        JSON.stringify(['takes', 'side', 'm2', 5, 'hostile']),
      ])
    const desk = new VenueDoc('d1', () => 10)
    Y.applyUpdate(desk.doc, Y.encodeStateAsUpdate(hostile), 'lan')
    expect([...desk.view().onAir]).toEqual([['side', 'm2']])
    desk.take('main', 'm3')
    expect(desk.view().onAir.get('main')).toBe('m3')
  })
})

/** Two desks' copies made equal both ways (a LAN that came back). */
function meet(a: VenueDoc, b: VenueDoc): void {
  Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc), 'lan')
  Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(b.doc), 'lan')
}

describe('roles in the venue log', () => {
  it('counts a role only from a head organiser, replayed in time order, the same on every desk', () => {
    let time = 100
    const a = new VenueDoc('a', () => time)
    const b = new VenueDoc('b', () => time)
    const c = new VenueDoc('c', () => time)
    a.setRole('c', 'door')
    meet(a, b)
    meet(b, c)
    // Cut off, the two heads demote each other (a first): a's counts, b is no longer head when its own comes.
    time = 200
    a.setRole('b', 'producer')
    time = 201
    b.setRole('a', 'floor')
    // A door lead's role given by c itself is passed over.
    c.setRole('c', 'head')
    for (const [x, y] of [
      [a, b],
      [b, c],
      [a, c],
    ] as const)
      meet(x, y)
    for (const desk of [a, b, c])
      expect(['a', 'b', 'c'].map((id) => desk.roleOf(id))).toEqual(['head', 'producer', 'door'])
    expect(a.hasRole('a')).toBe(true)
    expect(a.hasRole('nobody')).toBe(false)
  })

  it('keeps each desk’s operator as the desk itself said, and the audit entries with it', () => {
    const a = new VenueDoc('a', () => 5)
    const b = new VenueDoc('b', () => 6)
    a.name('Main desk')
    a.setOperator('Hana')
    a.audit('stream', 's1', 'B stream', 'Took X on air')
    b.setOperator('Ana')
    // b says who is at a: passed over.
    b.doc.getArray<string>('venue').push([JSON.stringify(['operators', 'a', 'Mallory', 99, 'b'])])
    meet(a, b)
    expect(b.operatorOf('a')).toBe('Hana')
    expect([...b.auditLog()]).toEqual([
      {
        at: expect.any(Number),
        operator: 'Hana',
        desk: 'Main desk',
        subject: 'stream',
        subjectId: 's1',
        label: 'B stream',
        what: 'Took X on air',
      },
    ])
  })
})

describe('the hosting and the desks’ keys in the venue log', () => {
  it('counts a handover only from a head organiser, and each desk’s key and hub only from that desk', () => {
    let time = 100
    const a = new VenueDoc('a', () => time)
    const b = new VenueDoc('b', () => time)
    a.setRole('b', 'producer')
    a.ownKey('a'.repeat(64))
    a.announceHub('http://10.0.0.1:7310')
    meet(a, b)
    time = 200
    a.handOver('a')
    time = 300
    // A producer's handover to another desk, and what it says of another desk's key and hub: passed over.
    b.handOver('c')
    b.doc
      .getArray<string>('venue')
      .push([
        JSON.stringify(['keys', 'a', 'b'.repeat(64), 301, 'b']),
        JSON.stringify(['hubs', 'a', 'http://evil:1', 302, 'b']),
      ])
    meet(a, b)
    for (const desk of [a, b]) {
      expect(desk.hostDesk()).toBe('a')
      expect(desk.keyHashOf('a')).toBe('a'.repeat(64))
      expect(desk.hubOf('a')).toBe('http://10.0.0.1:7310')
    }
  })
})

describe('devices in the venue log', () => {
  const door = (id: string, keyHash: string) => ({
    id,
    name: 'Door 2',
    kind: 'door' as const,
    tournamentId: 't1',
    streamId: null,
    keyHash,
    pairedAt: 5,
  })
  const hashA = 'a'.repeat(64)
  const hashB = 'b'.repeat(64)

  it('knows a device paired at any desk by its key’s hash, until a desk that may revokes it', () => {
    let time = 100
    const a = new VenueDoc('a', () => time)
    const b = new VenueDoc('b', () => time)
    const c = new VenueDoc('c', () => time)
    a.setRole('b', 'producer')
    a.setRole('c', 'door')
    a.shareDevice(door('d1', hashA))
    a.shareDevice(door('d2', hashB))
    meet(a, b)
    meet(b, c)
    expect(c.deviceByKeyHash(hashA)).toMatchObject({ id: 'd1', name: 'Door 2', pairedBy: 'a' })
    expect(c.deviceByKeyHash('c'.repeat(64))).toBeUndefined()
    // b neither paired d1 nor is head organiser: its revocation is refused here and passed over on every desk.
    expect(b.mayRevokeDevice('d1')).toBe(false)
    time = 200
    b.revokeDevice('d1')
    meet(b, c)
    expect(c.deviceByKeyHash(hashA)?.id).toBe('d1')
    // a paired d1: its revocation counts everywhere; d2 is still known.
    time = 300
    a.revokeDevice('d1')
    meet(a, c)
    for (const desk of [a, c]) {
      expect(desk.deviceByKeyHash(hashA)).toBeUndefined()
      expect(desk.sharedDevices().map((d) => d.id)).toEqual(['d2'])
    }
  })

  it('keeps a key with the first device recorded with it: a later record of the same key as another device is passed over', () => {
    let time = 100
    const a = new VenueDoc('a', () => time)
    const b = new VenueDoc('b', () => time)
    a.shareDevice(door('d1', hashA))
    meet(a, b)
    time = 200
    // Another desk records the door's key again, as a control device of its own.
    b.shareDevice({ ...door('c1', hashA), kind: 'control' })
    meet(a, b)
    for (const desk of [a, b]) expect(desk.deviceByKeyHash(hashA)).toMatchObject({ id: 'd1', kind: 'door' })
    // The same whichever order the entries came in.
    const c = new VenueDoc('c', () => time)
    Y.applyUpdate(c.doc, Y.encodeStateAsUpdate(b.doc), 'lan')
    expect(c.deviceByKeyHash(hashA)).toMatchObject({ id: 'd1', kind: 'door' })
  })

  it('passes over a record that is not a device, or names another id, or a desk as a device', () => {
    const hostile = new Y.Doc()
    const at = (record: unknown, id = 'x1') => JSON.stringify(['devices', id, JSON.stringify(record), 5, 'h'])
    hostile
      .getArray<string>('venue')
      .push([
        at({ ...door('x1', hashA), keyHash: 'not-a-hash' }),
        at(door('x2', hashA)),
        at({ ...door('x1', hashA), kind: 'desk' }),
        at({ ...door('x1', hashA), name: 'N'.repeat(41) }),
        JSON.stringify(['devices', 'x1', 'not json', 5, 'h']),
      ])
    const desk = new VenueDoc('d1', () => 10)
    Y.applyUpdate(desk.doc, Y.encodeStateAsUpdate(hostile), 'lan')
    expect(desk.sharedDevices()).toEqual([])
    expect(desk.deviceByKeyHash(hashA)).toBeUndefined()
  })
})

describe('control tokens in the venue log', () => {
  it('keeps each desk’s latest control token hash as that desk said it, and drops a desk out of the venue', () => {
    let time = 100
    const a = new VenueDoc('a', () => time)
    const b = new VenueDoc('b', () => time)
    a.ownControlToken('1'.repeat(64))
    b.ownControlToken('2'.repeat(64))
    // A desk cannot set another's token.
    b.doc.getArray<string>('venue').push([JSON.stringify(['controls', 'a', '3'.repeat(64), 150, 'b'])])
    time = 200
    a.ownControlToken('4'.repeat(64))
    meet(a, b)
    for (const desk of [a, b]) expect(desk.controlTokenHashes().sort()).toEqual(['2'.repeat(64), '4'.repeat(64)])
    time = 300
    a.putOut('b')
    meet(a, b)
    expect(b.controlTokenHashes()).toEqual(['4'.repeat(64)])
  })
})
