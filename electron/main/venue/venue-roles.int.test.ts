// Roles and the audit log of one venue on two desks, over real HTTP and WebSocket, each on the Demo venue: a desk that
// joins is a producer until the head organiser says otherwise; a change its role does not allow is refused in main,
// naming the role needed (whoever asks: a scene shown in OBS or a show sequence's command too); only the head
// organiser gives roles, and the venue keeps one; every change to the shared state is in the audit log with its
// operator, desk and time, on every desk, searchable and saved as CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditPage, VenueRoles } from '../../../shared/venue/roles'
import { linkedDuels, type LinkedDuels } from '../../../tests/support/linked-duels'
import { twoDesks, type TwoDesks } from '../../../tests/support/two-desks'

let desks: TwoDesks
const onHost = <T>(channel: string, input?: unknown) => desks.onHost<T>(channel, input)
const onMember = <T>(channel: string, input?: unknown) => desks.onMember<T>(channel, input)
let linked: LinkedDuels
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: { error: { code: string; message: string; fields?: Record<string, string> } }) => e.error,
  )
const memberId = () => desks.member.connections.active.offline.venue.deskId
const audit = (value: typeof onHost, search: string, subject: string | null = null) =>
  value<AuditPage>('venue:audit', { search, subject })

beforeAll(async () => {
  desks = await twoDesks('venue-roles')
  linked = await linkedDuels(onHost, 3)
  await linkedDuels(onMember, 3)
  await onHost('venue:set-operator', { operator: 'Hana' })
  await onMember('venue:set-operator', { operator: 'Ana' })
  await desks.join('Ana’s desk')
}, 60_000)
afterAll(() => desks?.close())

describe('roles of one venue’s desks', () => {
  it('lists every desk with its role and operator: the host head organiser, a desk that joined a producer', async () => {
    await expect
      .poll(async () => (await onHost<VenueRoles>('venue:roles')).desks.map((d) => [d.operator, d.role, d.you]))
      .toEqual([
        ['Hana', 'head', true],
        ['Ana', 'producer', false],
      ])
    await expect
      .poll(async () => (await onMember<VenueRoles>('venue:roles')).desks.find((d) => d.you))
      .toMatchObject({ name: 'Ana’s desk', operator: 'Ana', role: 'producer' })
  })

  it('refuses in main what the role does not allow, naming the role needed; allows what it does', async () => {
    const floor = await refusal(
      onMember('floor:create-stations', { tournamentId: linked.tournamentId, prefix: 'Station', from: 1, to: 2 }),
    )
    expect(floor).toMatchObject({ code: 'forbidden', message: expect.stringContaining('the floor role') })
    expect(floor!.message).toContain('This desk’s role is producer')
    const people = await onMember<{ id: string; checkedIn: boolean }[]>('checkin:people', {
      tournamentId: linked.tournamentId,
    })
    const person = people.find((p) => !p.checkedIn)!
    const door = await refusal(
      onMember('checkin:decide', { tournamentId: linked.tournamentId, participantId: person.id, checkedIn: true }),
    )
    expect(door).toMatchObject({ code: 'forbidden', message: expect.stringContaining('the door lead role') })
    // Nor pair a door (every desk would refuse its record): pairing a door takes the door lead's role.
    const pairing = await refusal(
      onMember('hub:pair', { name: 'Door 9', kind: 'door', tournamentId: linked.tournamentId }),
    )
    expect(pairing).toMatchObject({ code: 'forbidden', message: expect.stringContaining('the door lead role') })
    // A producer may take: streams are its role.
    await onMember('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[0]!.id })
    // A producer cannot give roles, not even itself.
    const roles = await refusal(onMember('venue:set-role', { deskId: memberId(), role: 'head' }))
    expect(roles).toMatchObject({ code: 'forbidden', message: expect.stringContaining('the head organiser role') })
  })

  it('the head organiser gives a role, which every desk then applies; the venue keeps one head organiser', async () => {
    await onHost('venue:set-role', { deskId: memberId(), role: 'floor' })
    await expect.poll(() => desks.member.connections.active.offline.venue.roleOf(memberId())).toBe('floor')
    await onMember('floor:create-stations', { tournamentId: linked.tournamentId, prefix: 'Station', from: 1, to: 2 })
    expect(await refusal(onMember('broadcast:hold', { streamId: linked.streamId, held: true }))).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('the producer role'),
    })
    // The show driven by hand is the producer's too, from the desk or Companion: a sequence command, a scene in OBS.
    for (const [channel, input] of [
      ['broadcast:sequence', { streamId: linked.streamId, command: 'game-start' }],
      ['obs:scene', { streamId: linked.streamId, scene: 'Break' }],
    ] as const)
      expect(await refusal(onMember(channel, input))).toMatchObject({
        code: 'forbidden',
        message: expect.stringContaining('the producer role'),
      })
    const hostId = desks.host.connections.active.offline.venue.deskId
    expect(await refusal(onHost('venue:set-role', { deskId: hostId, role: 'producer' }))).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('needs a head organiser'),
    })
  })
  it('does not apply on the other desk what a desk shared beyond its role (its own check bypassed)', async () => {
    // The member is floor now: a stream it claims and shares anyway (as a desk whose own check was bypassed would).
    const venue = desks.member.connections.active.offline.venue
    const hostVenue = desks.host.connections.active.offline.venue
    const other = linked.streams.find((s) => s.id !== linked.streamId)!.id
    // A well-formed stream state: what it shared of B stream while it was a producer, as the other stream's.
    // A stream state (what another stream of this desk's shows), as the other stream's: its content does not matter.
    const real = { state: { streamId: linked.streamId }, desk: {} }
    venue.streams.run(other)
    venue.streams.share(other, { ...real, state: { ...real.state, streamId: other } })
    // The host's copy counts both entries for nothing (a floor desk runs no stream) and says so.
    await expect
      .poll(() => hostVenue.refused().find((refused) => refused.deskId === venue.deskId)?.reasons['no right'])
      .toBeGreaterThanOrEqual(2)
    expect(hostVenue.view().runners.get(other)).not.toBe(venue.deskId)
    type Status = { streams: { streamId: string; runBy: string | null }[] }
    const status = await onHost<Status>('broadcast:status', { tournamentId: linked.tournamentId })
    expect(status.streams.find((s) => s.streamId === other)?.runBy).toBeNull()
    // And the host's own command on it is not refused as run elsewhere.
    await onHost('broadcast:hold', { streamId: other, held: false })
  })
})

describe('the venue’s audit log', () => {
  it('answers “who took this match off air?” in one search, on the other desk too', async () => {
    const [first] = linked.duels
    await onHost('venue:set-role', { deskId: memberId(), role: 'producer' })
    await expect.poll(() => desks.member.connections.active.offline.venue.roleOf(memberId())).toBe('producer')
    // Taking the next match takes the first off air.
    await onMember('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[1]!.id })
    const search = `off air ${first!.names[0]}`
    await expect
      .poll(async () => (await audit(onHost, search)).entries.map((e) => [e.operator, e.desk, e.subject, e.label]))
      .toEqual([['Ana', 'Ana’s desk', 'stream', 'B stream']])
    const [entry] = (await audit(onHost, search)).entries
    expect(entry!.what.startsWith(`Took ${first!.names.join(' vs ')} (`)).toBe(true)
    expect(entry!.what.endsWith(') off air')).toBe(true)
    expect(Math.abs(entry!.at - Date.now())).toBeLessThan(60_000)
  })

  it('lists by stream, station or person, newest first, and every role given', async () => {
    const stations = await audit(onHost, '', 'station')
    expect(stations.entries.map((e) => [e.label, e.what, e.operator])).toEqual([
      ['Station 2', 'Made the station', 'Ana'],
      ['Station 1', 'Made the station', 'Ana'],
    ])
    const roles = await audit(onMember, 'role', 'venue')
    expect(roles.entries.map((e) => [e.what, e.operator])).toEqual([
      ['Role: producer', 'Hana'],
      ['Role: floor', 'Hana'],
    ])
    const streams = await audit(onHost, '', 'stream')
    const [first, second] = linked.duels.map((duel) => duel.names[0]!)
    expect(streams.entries.map((e) => [e.what.replace(/ vs .*\) /, ' … '), e.operator])).toEqual([
      [`Took ${second} … on air`, 'Ana'],
      [`Took ${first} … off air`, 'Ana'],
      [`Took ${first} … on air`, 'Ana'],
    ])
  })

  it('saves what matches as CSV, one row per entry, formulas neutralised', async () => {
    await onMember('venue:set-operator', { operator: '=cmd|calc' })
    await onMember('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[2]!.id })
    const csv = await onMember<string>('venue:audit-csv', { search: '', subject: 'stream' })
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n')
    expect(lines[0]).toBe('When,Operator,Desk,About,Name,What')
    expect(lines).toHaveLength(1 + (await audit(onMember, '', 'stream')).total)
    expect(lines[1]).toContain(`"'=cmd|calc","Ana’s desk","stream","B stream","Took ${linked.duels[2]!.names[0]}`)
  })
})
