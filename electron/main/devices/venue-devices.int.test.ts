// Devices of a shared venue, over real HTTP between two desks (each on the Demo venue, its own stand-in service): a
// door paired at one desk is let in at the other with the same key, and is listed there; every desk tells a device
// where each desk answers; a scan sent again to the other desk (its answer lost) is the same check-in, written once and
// never said "already"; a revocation at the desk that paired it refuses the key at every desk, and one at a desk that
// may not is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Participant } from '../../../shared/api'
import type { HubStatus } from '../../../shared/ipc/hub'
import { readEvents } from '../../../tests/support/event-stream-reader'
import { pairDevice } from '../../../tests/support/pair-device'
import { twoDesks, type TwoDesks } from '../../../tests/support/two-desks'

let desks: TwoDesks
let tournamentId = ''
let waiting: Participant[] = []
let key = ''
const hostHub = () => desks.host.hub!.url
const memberHub = () => desks.member.hub!.url
const asDoor = (hub: string, path: string, body?: unknown) =>
  fetch(`${hub}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-matchdesk-key': key, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
/** Which desks' services have the person checked in (each desk writes to its own stand-in service). */
const writtenAt = (participantId: string) =>
  (['host', 'member'] as const).filter(
    (desk) => desks[desk].connections.sandbox.store.participants.get(participantId)?.checked_in === true,
  )

beforeAll(async () => {
  desks = await twoDesks('venue-devices', { memberHub: true })
  tournamentId = [...desks.host.connections.sandbox.store.tournaments.values()].find(
    (t) => t.name === 'Street Fighter Weekly 42',
  )!.id
  for (const value of [desks.onHost, desks.onMember]) {
    await value('tournaments:list', { filters: {} })
    const people = await value<{ items: Participant[] }>('participants:list', { tournamentId, filters: {} })
    waiting = people.items.filter((p) => !p.checked_in)
  }
  // The member is a producer's desk: a door paired at the host checks in there with the host's role (head organiser).
  await desks.join('Stage desk', 'producer')
  key = await pairDevice(desks.onHost, hostHub(), 'Door 2', 'door', tournamentId)
}, 60_000)
afterAll(() => desks?.close())

describe('devices of a shared venue', () => {
  it('lets a door paired at one desk in at the other with its key, and lists it there', async () => {
    await expect.poll(async () => (await asDoor(memberHub(), '/door/v1/session')).status).toBe(200)
    expect(await (await asDoor(memberHub(), '/door/v1/session')).json()).toMatchObject({
      device: { name: 'Door 2', kind: 'door' },
      tournament: { id: tournamentId, name: 'Street Fighter Weekly 42' },
    })
    const { devices } = await desks.onMember<HubStatus>('hub:status', {})
    const hostName = desks.member.connections.active.offline.venue
      .view()
      .names.get(desks.host.connections.active.offline.venue.deskId)
    expect(devices).toEqual([expect.objectContaining({ name: 'Door 2', kind: 'door', pairedAtDesk: hostName })])
    // A key no desk paired opens nothing at either.
    const wrong = await fetch(`${memberHub()}/door/v1/session`, { headers: { 'x-matchdesk-key': 'x'.repeat(43) } })
    expect(wrong.status).toBe(401)
  })

  it('says on every desk when a device was last seen at any desk', async () => {
    const door = await pairDevice(desks.onHost, hostHub(), 'Door 8', 'door', tournamentId)
    const lastSeen = async (value: typeof desks.onHost) =>
      (await value<HubStatus>('hub:status', {})).devices.find((d) => d.name === 'Door 8')?.lastSeen ?? null
    const pairedAt = (await lastSeen(desks.onHost))!
    await expect.poll(() => Date.now()).toBeGreaterThan(pairedAt)
    const cameAt = Date.now()
    // The door comes to the member's desk (its own moved there): the desk that paired it and the member both say so.
    const answer = await fetch(`${memberHub()}/door/v1/session`, { headers: { 'x-matchdesk-key': door } })
    expect(answer.status).toBe(200)
    await expect.poll(() => lastSeen(desks.onHost)).toBeGreaterThanOrEqual(cameAt)
    expect(await lastSeen(desks.onMember)).toBeGreaterThanOrEqual(cameAt)
    const deviceId = (await desks.onHost<HubStatus>('hub:status', {})).devices.find((d) => d.name === 'Door 8')!.id
    await desks.onHost('hub:revoke', { deviceId })
  })

  it('serves a door whose tournament this desk never opened: it reads its people and name when the door comes', async () => {
    const lyon = [...desks.host.connections.sandbox.store.tournaments.values()].find(
      (t) => t.name === 'Lyon LAN Winter Cup',
    )!.id
    expect(desks.member.connections.active.offline.cache.holdsAny('participants', lyon)).toBe(false)
    const other = await pairDevice(desks.onHost, hostHub(), 'Door 5', 'door', lyon)
    const headers = { 'x-matchdesk-key': other }
    await expect.poll(async () => (await fetch(`${memberHub()}/door/v1/session`, { headers })).status).toBe(200)
    const session = (await (await fetch(`${memberHub()}/door/v1/session`, { headers })).json()) as {
      tournament: { name: string } | null
    }
    expect(session.tournament?.name).toBe('Lyon LAN Winter Cup')
    const events = readEvents(await fetch(`${memberHub()}/door/v1/events`, { headers }))
    const { participants } = await events.next<{ participants: unknown[] }>('list')
    expect(participants.length).toBeGreaterThan(0)
    await events.close()
  })

  it('tells a device where every desk answers, its own first; who answers is readable from any page', async () => {
    const desksOf = async (hub: string) =>
      ((await (await asDoor(hub, '/venue/v1/desks')).json()) as { desks: { url: string }[] }).desks.map((d) => d.url)
    await expect.poll(() => desksOf(hostHub())).toEqual([hostHub(), memberHub()])
    await expect.poll(() => desksOf(memberHub())).toEqual([memberHub(), hostHub()])
    const alive = await fetch(`${memberHub()}/venue/v2/alive`, { headers: { origin: hostHub() } })
    expect(alive.headers.get('access-control-allow-origin')).toBe('*')
    expect(await alive.json()).toMatchObject({ deskId: desks.member.connections.active.offline.venue.deskId })
  })

  it('checks in a scan sent again at the other desk once: the same answer, written by one desk only', async () => {
    const person = waiting[0]!
    const scan = (hub: string, scanId: string) =>
      asDoor(hub, '/door/v1/scan', { code: person.id, scanId }).then((r) => r.json() as Promise<{ outcome: string }>)
    expect(await scan(hostHub(), 'scan-0001')).toMatchObject({ outcome: 'checked-in' })
    // The door did not hear the answer and sends the same scan to the other desk: said the same, not "already".
    await expect.poll(async () => (await scan(memberHub(), 'scan-0001')).outcome).toBe('checked-in')
    // Another scan of the same badge is a second scan: "already checked in".
    expect(await scan(memberHub(), 'scan-0002')).toMatchObject({ outcome: 'already' })
    await expect.poll(() => writtenAt(person.id)).toEqual(['host'])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(writtenAt(person.id)).toEqual(['host'])
    const scans = [...desks.member.connections.active.offline.venue.view().scans.values()]
    expect(scans.filter((s) => s.participantId === person.id)).toHaveLength(1)
  })

  it('refuses a revocation from a desk that may not, and the key at every desk once the pairing desk revokes', async () => {
    const deviceId = (await desks.onMember<HubStatus>('hub:status', {})).devices.find((d) => d.name === 'Door 2')!.id
    await expect(desks.onMember('hub:revoke', { deviceId })).rejects.toThrow(/paired at another desk/)
    expect((await asDoor(memberHub(), '/door/v1/session')).status).toBe(200)
    await desks.onHost('hub:revoke', { deviceId })
    expect((await asDoor(hostHub(), '/door/v1/session')).status).toBe(401)
    await expect.poll(async () => (await asDoor(memberHub(), '/door/v1/session')).status).toBe(401)
    await expect
      .poll(async () => (await desks.onMember<HubStatus>('hub:status', {})).devices.map((d) => d.name))
      .toEqual(['Door 5'])
  })

  it('lets a tablet and Companion act with the role of the desk that paired them, wherever they press', async () => {
    const streams = await desks.onHost<{ items: { id: string }[] }>('streams:list', { tournamentId, filters: {} })
    const streamId = streams.items[0]!.id
    // The producer's desk pairs a scorekeeper's tablet; Companion on that desk's PC has its control token.
    const tablet = await pairDevice(desks.onMember, memberHub(), 'Tablet 1', 'scorekeeper', undefined, streamId)
    const { controlToken } = await desks.onMember<HubStatus>('hub:status', {})
    // A head organiser makes that desk the door lead's: neither acts on a stream from then on, at any desk.
    const memberId = desks.member.connections.active.offline.venue.deskId
    await desks.onHost('venue:set-role', { deskId: memberId, role: 'door' })
    await expect.poll(() => desks.host.connections.active.offline.venue.roleOf(memberId)).toBe('door')
    const press = (hub: string) =>
      fetch(`${hub}/tablet/v1/press`, {
        method: 'POST',
        headers: { 'x-matchdesk-key': tablet, 'content-type': 'application/json' },
        body: JSON.stringify({ press: { kind: 'swap' } }),
      })
    const takeNext = (hub: string) =>
      fetch(`${hub}/control/v1/streams/${streamId}/take-next`, {
        method: 'POST',
        headers: { authorization: `Bearer ${controlToken}` },
      })
    for (const answer of [await press(hostHub()), await takeNext(hostHub())]) {
      expect(answer.status).toBe(403)
      expect(((await answer.json()) as { error: string }).error).toMatch(
        /The role of the desk that paired this device is door lead: .* take the producer role/,
      )
    }
  })

  it('refuses a scan at a door whose desk may no longer check in with its own outcome, and says so before pairing', async () => {
    // The member is the door lead's desk now (the test before): it pairs a door, then is made a producer's.
    const door = await pairDevice(desks.onMember, memberHub(), 'Door 7', 'door', tournamentId)
    const memberId = desks.member.connections.active.offline.venue.deskId
    await desks.onHost('venue:set-role', { deskId: memberId, role: 'producer' })
    await expect.poll(() => desks.member.connections.active.offline.venue.roleOf(memberId)).toBe('producer')
    const person = waiting[3]!
    for (const hub of [memberHub(), hostHub()]) {
      const answer = await fetch(`${hub}/door/v1/scan`, {
        method: 'POST',
        headers: { 'x-matchdesk-key': door, 'content-type': 'application/json' },
        body: JSON.stringify({ code: person.id }),
      })
      expect(answer.status).toBe(200)
      expect(await answer.json()).toMatchObject({
        outcome: 'refused',
        participant: null,
        message: expect.stringContaining('this door’s desk may not check people in'),
      })
    }
    expect(writtenAt(person.id)).toEqual([])
    // Its desk says why beside it, and says before pairing another that it would be refused.
    const status = await desks.onMember<HubStatus>('hub:status', {})
    expect(status.devices.find((d) => d.name === 'Door 7')?.refused).toMatch(/role is producer: check-ins take/)
    expect(status.pairingRefused.door).toMatch(/This desk’s role is producer: check-ins take the door lead role/)
    expect(status.pairingRefused.overlay).toBeUndefined()
  })
})
