// The venue's record read by a desk that trusts no other: what a paired desk writes counts only if it signed it, was in
// the venue with the right to say it at its time, kept to the bounds and stamped no later than the clock allows —
// and everything else is counted as refused, by desk, never applied, and stops nothing.
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { DeskIdentity } from './desk-identity'
import { testDesk, testVenue } from '../../../tests/support/venue-records'

const T0 = Date.parse('2026-11-28T10:00:00Z')

describe('entries a paired desk writes in another desk’s name', () => {
  it('counts for nothing: a role, a name, an operator, a device record or an audit line it did not sign', () => {
    let time = T0
    const { desks, meet } = testVenue(['head', 'producer', 'door'], () => time)
    const [head, mallory, door] = desks as [(typeof desks)[0], (typeof desks)[0], (typeof desks)[0]]
    time += 1000
    // Mallory (a producer) writes, in the head organiser's name and signed with its own key, that it is head organiser,
    // that the door lead is a producer, a name and operator for the head's desk and an audit line.
    const asHead = { by: head.record.deskId, signer: mallory.identity }
    for (const text of [
      mallory.entry('role', [mallory.record.deskId, 'head'], asHead),
      mallory.entry('role', [door.record.deskId, 'producer'], asHead),
      mallory.entry('name', ['Mallory was here'], asHead),
      mallory.entry('operator', ['Mallory'], asHead),
      mallory.entry('audit', ['venue', 'x', 'Head', 'Gave Mallory the head role', null], asHead),
    ])
      mallory.push(text)
    meet(mallory, head)
    meet(head, door)
    for (const desk of [head, door]) {
      expect(desk.record.roleOf(mallory.record.deskId)).toBe('producer')
      expect(desk.record.roleOf(door.record.deskId)).toBe('door')
      expect(desk.record.view().names.get(head.record.deskId)).toBe(`Desk ${head.record.deskId}`)
      expect(desk.record.operatorOf(head.record.deskId)).toBe('')
      expect([...desk.record.auditLog()].map((entry) => entry.what)).not.toContain('Gave Mallory the head role')
      expect(desk.record.refused()).toContainEqual(
        expect.objectContaining({ deskId: head.record.deskId, reasons: { signature: 5 } }),
      )
    }
  })

  it('gives a role only from a head organiser: a joined desk is no head organiser by default, nor by its own say', () => {
    let time = T0
    const { desks, syncAll } = testVenue(['head', 'producer'], () => time)
    const [head, producer] = desks as [(typeof desks)[0], (typeof desks)[0]]
    time += 10
    producer.record.setRole(producer.record.deskId, 'head')
    producer.record.setRole(head.record.deskId, 'floor')
    syncAll()
    for (const desk of desks) {
      expect(desk.record.roleOf(producer.record.deskId)).toBe('producer')
      expect(desk.record.roleOf(head.record.deskId)).toBe('head')
    }
    expect(head.record.refused()).toContainEqual(expect.objectContaining({ reasons: { 'no right': 2 } }))
  })
})

describe('times', () => {
  it('parks an entry stamped far ahead: it wins nothing, moves no clock, and the desks’ own entries still sort after', () => {
    let time = T0
    const { desks, syncAll } = testVenue(['head', 'producer', 'producer'], () => time)
    const [head, mallory, honest] = desks as [(typeof desks)[0], (typeof desks)[0], (typeof desks)[0]]
    time += 100
    mallory.push(mallory.entry('take', ['main', 'm-frozen'], { at: 2 ** 50 }))
    // A scan stamped 1e16 (past what a time may be: it once made `checkin:people` throw on every desk).
    mallory.push(mallory.entry('scan', ['scan-x', 'p1', 'Door 9'], { at: 1e16 }))
    syncAll()
    time += 100
    honest.record.streams.take('main', 'm1')
    syncAll()
    for (const desk of [head, honest]) {
      expect(desk.record.view().onAir.get('main')).toBe('m1')
      expect(desk.record.checkins.checkedInScan('p1')).toBeUndefined()
      expect(desk.record.refused()).toContainEqual(
        expect.objectContaining({ deskId: mallory.record.deskId, reasons: { 'ahead of time': 1, malformed: 1 } }),
      )
    }
    // The honest desk's clock was not moved: its next entry is stamped now, not after 2^50.
    time += 100
    honest.record.streams.take('side', 'm2')
    expect(Math.max(...[...honest.record.auditLog()].map((entry) => entry.at), time)).toBeLessThan(2 ** 50)
  })

  it('counts an entry a little ahead once the reader’s clock reaches it (clocks differ by seconds)', () => {
    let time = T0
    const { desks, meet } = testVenue(['head', 'producer'], [() => time, () => time + 45_000])
    const [head, fast] = desks as [(typeof desks)[0], (typeof desks)[0]]
    fast.record.streams.take('main', 'm1')
    meet(fast, head)
    expect(head.record.view().onAir.get('main')).toBeUndefined()
    time += 20_000
    // The reader's clock is within 30 s of the entry now.
    ;(head.record as unknown as { index: { recheck(): boolean } }).index.recheck()
    expect(head.record.view().onAir.get('main')).toBe('m1')
  })
})

describe('what wedged the venue once', () => {
  it('refuses an 81-character name when read, and the document goes on telling every update', () => {
    let time = T0
    const { desks, meet } = testVenue(['head', 'producer'], () => time)
    const [head, mallory] = desks as [(typeof desks)[0], (typeof desks)[0]]
    mallory.push(mallory.entry('name', ['x'.repeat(81)]))
    let told = 0
    head.record.onRemote(() => (told += 1))
    meet(mallory, head)
    expect(head.record.view().names.get(mallory.record.deskId)).toBe('Desk 1')
    time += 10
    mallory.record.streams.take('main', 'm1')
    meet(mallory, head)
    expect(told).toBe(2)
    expect(head.record.view().onAir.get('main')).toBe('m1')
  })

  it('refuses a number where an audit line has text, and the audit log reads on', () => {
    const time = T0
    const { desks, meet } = testVenue(['head', 'producer'], () => time)
    const [head, mallory] = desks as [(typeof desks)[0], (typeof desks)[0]]
    mallory.push(mallory.entry('audit', ['stream', 's1', 42, 'Took', null]))
    mallory.record.audit('stream', 's1', 'Main stage', 'Took A vs B on air')
    meet(mallory, head)
    expect([...head.record.auditLog()].map((entry) => entry.what)).toContain('Took A vs B on air')
    expect(head.record.refused()).toContainEqual(expect.objectContaining({ reasons: { malformed: 1 } }))
  })

  it('passes over what is not an entry at all and keeps the ones that are', () => {
    let time = T0
    const { desks, meet } = testVenue(['head', 'producer'], () => time)
    const [head, mallory] = desks as [(typeof desks)[0], (typeof desks)[0]]
    const log = mallory.record.doc.getArray<unknown>('venue')
    log.push(['not json', JSON.stringify(['nothing', 'a', 1, 'd', 'x']), { an: 'object' }, 7])
    mallory.record.streams.take('side', 'm2')
    meet(mallory, head)
    expect([...head.record.view().onAir]).toEqual([['side', 'm2']])
    time += 10
    head.record.streams.take('main', 'm3')
    expect(head.record.view().onAir.get('main')).toBe('m3')
  })
})

describe('check-ins', () => {
  it('counts a scan only from a desk whose role checks people in: a producer’s scan at “Door 9” loses nobody', () => {
    let time = T0
    const { desks, syncAll } = testVenue(['head', 'producer', 'door'], () => time)
    const [head, producer, door] = desks as [(typeof desks)[0], (typeof desks)[0], (typeof desks)[0]]
    producer.record.checkins.scan('scan-p', 'p1', 'Door 9')
    syncAll()
    time += 10
    expect(door.record.checkins.checkedInScan('p1')).toBeUndefined()
    door.record.checkins.scan('scan-d', 'p1', 'Door 2')
    syncAll()
    head.record.checkins.nameWriters()
    syncAll()
    expect(door.record.checkins.toWrite()).toEqual([{ participantId: 'p1', scanId: 'scan-d' }])
    expect(head.record.checkins.checkedInScan('p1')).toMatchObject({ scanId: 'scan-d', place: 'Door 2' })
  })
})

describe('leaving and removal', () => {
  it('counts nothing a removed desk writes after its removal, and its own key opens nothing again', () => {
    let time = T0
    const { desks, syncAll } = testVenue(['head', 'producer'], () => time)
    const [head, removed] = desks as [(typeof desks)[0], (typeof desks)[0]]
    time += 10
    head.record.putOut(removed.record.deskId)
    syncAll()
    time += 10
    removed.record.streams.take('main', 'm9')
    removed.record.name('Still here')
    syncAll()
    expect(head.record.isOut(removed.record.deskId)).toBe(true)
    expect(head.record.view().onAir.get('main')).toBeUndefined()
    expect(head.record.publicKeyOf(removed.record.deskId)).toBeUndefined()
  })

  it('a desk that is not the venue’s founder or a head organiser admits nobody', () => {
    const time = T0
    const { desks, syncAll } = testVenue(['head', 'producer'], () => time)
    const [head, producer] = desks as [(typeof desks)[0], (typeof desks)[0]]
    const stranger = DeskIdentity.make()
    producer.record.admit('stranger', stranger.publicKey, 'head', 'Stranger')
    syncAll()
    expect(head.record.isIn('stranger')).toBe(false)
    expect(head.record.desks()).toEqual([head.record.deskId, producer.record.deskId])
  })
})

describe('one venue whatever order the entries arrive in', () => {
  it('reads a desk’s entries that came before its admission once the admission comes', () => {
    let time = T0
    const { desks } = testVenue(['head', 'producer'], () => time)
    const [head, producer] = desks as [(typeof desks)[0], (typeof desks)[0]]
    time += 10
    producer.record.streams.take('main', 'm1')
    // A third desk gets the producer's entries first, then the head's (with the admission).
    const late = testDesk(() => time, 'late')
    late.record.rebase(head.record.venue)
    Y.applyUpdate(late.record.doc, Y.encodeStateAsUpdate(producer.record.doc), 'lan')
    Y.applyUpdate(late.record.doc, Y.encodeStateAsUpdate(head.record.doc), 'lan')
    expect(late.record.view().onAir.get('main')).toBe('m1')
  })
})

describe('roles in the record', () => {
  it('replays roles in time order: two heads demoting each other at once end the same on every desk', () => {
    let time = 100 + T0
    const { desks, meet } = testVenue(['head', 'producer', 'door'], () => time)
    const [a, b, c] = desks as [(typeof desks)[0], (typeof desks)[0], (typeof desks)[0]]
    time += 100
    a.record.setRole(b.record.deskId, 'head')
    meet(a, b)
    meet(b, c)
    // Cut off, the two heads demote each other (a first): a's counts, b is no longer head when its own comes.
    time += 100
    a.record.setRole(b.record.deskId, 'producer')
    time += 1
    b.record.setRole(a.record.deskId, 'floor')
    meet(a, b)
    meet(b, c)
    meet(a, c)
    for (const desk of desks)
      expect(desks.map((d) => desk.record.roleOf(d.record.deskId))).toEqual(['head', 'producer', 'door'])
  })

  it('keeps each desk’s operator as the desk itself said, and names it in the audit entries of that time', () => {
    let time = T0
    const { desks, meet } = testVenue(['head', 'producer'], () => time)
    const [a, b] = desks as [(typeof desks)[0], (typeof desks)[0]]
    time += 10
    a.record.setOperator('Hana')
    time += 10
    a.record.audit('stream', 's1', 'B stream', 'Took X on air')
    time += 10
    a.record.setOperator('Jun')
    a.record.audit('station', 'st1', 'Station 1', 'Called A vs B', 'a result from the service')
    meet(a, b)
    expect(b.record.operatorOf(a.record.deskId)).toBe('Jun')
    expect([...b.record.auditLog()].filter((entry) => entry.subject !== 'venue')).toEqual([
      expect.objectContaining({ operator: 'Hana', what: 'Took X on air', desk: `Desk ${a.record.deskId}` }),
      expect.objectContaining({ operator: '', what: 'Called A vs B (automatic: a result from the service)' }),
    ])
  })
})

describe('one name per desk in the audit log', () => {
  it('names a desk as the venue names it now, in lines about it as in lines by it', () => {
    let time = T0
    const { desks, meet } = testVenue(['head', 'producer'], () => time)
    const [a, b] = desks as [(typeof desks)[0], (typeof desks)[0]]
    a.record.audit('venue', b.record.deskId, 'Desk 2', 'Joined the venue as producer')
    time += 10
    b.record.name('Ana’s desk')
    b.record.audit('stream', 's1', 'B stream', 'Took X on air')
    meet(a, b)
    const lines = [...a.record.auditLog()].filter((entry) => entry.what !== 'Founded the venue')
    expect(lines.map((entry) => [entry.subject === 'venue' ? entry.label : entry.desk, entry.what])).toEqual(
      expect.arrayContaining([
        ['Ana’s desk', 'Joined the venue as producer'],
        ['Ana’s desk', 'Took X on air'],
      ]),
    )
  })
})

describe('the hosting in the record', () => {
  it('counts a handover only from a head organiser, and each desk’s hub only from that desk', () => {
    let time = T0
    const { desks, syncAll } = testVenue(['head', 'producer'], () => time)
    const [a, b] = desks as [(typeof desks)[0], (typeof desks)[0]]
    a.record.announceHub('http://10.0.0.1:7310')
    time += 10
    a.record.handOver(a.record.deskId)
    time += 10
    // A producer's handover to itself, and a hub in another desk's name: passed over.
    b.record.handOver(b.record.deskId)
    b.push(b.entry('hub', ['http://evil:1'], { by: a.record.deskId }))
    syncAll()
    for (const desk of desks) {
      expect(desk.record.hostDesk()).toBe(a.record.deskId)
      expect(desk.record.hubOf(a.record.deskId)).toBe('http://10.0.0.1:7310')
    }
  })
})

describe('devices in the record', () => {
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
    let time = T0
    const { desks, syncAll } = testVenue(['head', 'producer', 'door'], () => time)
    const [a, b, c] = desks as [(typeof desks)[0], (typeof desks)[0], (typeof desks)[0]]
    a.record.devices.share(door('d1', hashA))
    a.record.devices.share(door('d2', hashB))
    syncAll()
    expect(c.record.devices.byKeyHash(hashA)).toMatchObject({ id: 'd1', name: 'Door 2', pairedBy: a.record.deskId })
    expect(c.record.devices.byKeyHash('c'.repeat(64))).toBeUndefined()
    // b neither paired d1 nor is head organiser: its revocation is refused here and passed over on every desk.
    expect(b.record.devices.mayRevoke('d1')).toBe(false)
    time += 100
    b.record.devices.revoke('d1')
    syncAll()
    expect(c.record.devices.byKeyHash(hashA)?.id).toBe('d1')
    time += 100
    a.record.devices.revoke('d1')
    syncAll()
    for (const desk of [a, c]) {
      expect(desk.record.devices.byKeyHash(hashA)).toBeUndefined()
      expect(desk.record.devices.all().map((d) => d.id)).toEqual(['d2'])
    }
  })

  it('keeps a key with the first device recorded with it, and takes a door only from a desk that may pair doors', () => {
    let time = T0
    const { desks, syncAll } = testVenue(['head', 'producer'], () => time)
    const [a, b] = desks as [(typeof desks)[0], (typeof desks)[0]]
    a.record.devices.share(door('d1', hashA))
    syncAll()
    time += 100
    // Another desk records the door's key again, as a control device of its own; and a door of its own.
    b.record.devices.share({ ...door('c1', hashA), kind: 'control' })
    b.record.devices.share(door('d3', hashB))
    syncAll()
    for (const desk of desks) {
      expect(desk.record.devices.byKeyHash(hashA)).toMatchObject({ id: 'd1', kind: 'door' })
      expect(desk.record.devices.byKeyHash(hashB)).toBeUndefined()
    }
  })

  it('passes over a record that is not a device, or names another id, or a desk as a device', () => {
    const time = T0
    const { desks, meet } = testVenue(['head', 'producer'], () => time)
    const [head, mallory] = desks as [(typeof desks)[0], (typeof desks)[0]]
    const at = (record: unknown, id = 'x1') => mallory.entry('device', [id, JSON.stringify(record)])
    for (const text of [
      at({ ...door('x1', hashA), keyHash: 'not-a-hash' }),
      at(door('x2', hashA)),
      at({ ...door('x1', hashA), kind: 'desk' }),
      at({ ...door('x1', hashA), name: 'N'.repeat(41) }),
      mallory.entry('device', ['x1', 'not json']),
    ])
      mallory.push(text)
    meet(mallory, head)
    expect(head.record.devices.all()).toEqual([])
    expect(head.record.devices.byKeyHash(hashA)).toBeUndefined()
  })
})

describe('control tokens in the record', () => {
  it('keeps each desk’s latest control token hash as that desk said it, and drops a desk out of the venue', () => {
    let time = T0
    const { desks, syncAll } = testVenue(['head', 'producer'], () => time)
    const [a, b] = desks as [(typeof desks)[0], (typeof desks)[0]]
    a.record.ownControlToken('1'.repeat(64))
    b.record.ownControlToken('2'.repeat(64))
    b.push(b.entry('control', ['3'.repeat(64)], { by: a.record.deskId }))
    time += 100
    a.record.ownControlToken('4'.repeat(64))
    syncAll()
    for (const desk of desks) expect(desk.record.controlTokenHashes().sort()).toEqual(['2'.repeat(64), '4'.repeat(64)])
    time += 100
    a.record.putOut(b.record.deskId)
    syncAll()
    expect(b.record.controlTokenHashes()).toEqual(['4'.repeat(64)])
  })
})

describe('the record’s size, as the host caps it', () => {
  it('counts a map value once: a stream state published a thousand times weighs one state, not a thousand', () => {
    let time = T0
    const { desks, meet } = testVenue(['head', 'producer'], () => time)
    const [host, producer] = desks as [(typeof desks)[0], (typeof desks)[0]]
    meet(producer, host)
    const before = host.record.bytes
    const state = { queue: 'x'.repeat(2000) }
    for (let i = 0; i < 1000; i++) {
      time += 10
      producer.record.streams.run('stream-1')
      producer.record.streams.share('stream-1', { ...state, n: i })
      meet(producer, host)
    }
    // One state of about 2 KB (and the one run entry) — a day of presses must not fill the record's 12 MB.
    expect(host.record.bytes - before).toBeLessThan(10_000)
    expect(producer.record.bytes - before).toBeLessThan(10_000)
  })
})
