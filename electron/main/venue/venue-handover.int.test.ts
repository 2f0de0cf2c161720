// Handing a venue's hosting to another desk, over real HTTP and WebSocket, two desks each with its hub: the head
// organiser hands it over; the old host then syncs with the new one with its own key (no pairing there), changes
// made on either side around the handover reach the other, and after a restart the old host follows the handover
// again. Only a head organiser hands over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed } from '../../../shared/broadcast/feed'
import type { VenueRoles } from '../../../shared/venue/roles'
import type { SharingState } from '../../../shared/venue/sharing'
import { linkedDuels, type LinkedDuels } from '../../../tests/support/linked-duels'
import { twoDesks, type TwoDesks } from '../../../tests/support/two-desks'
import WebSocket from 'ws'
import type { MainServices } from '../composition'
import { VENUE_PATHS } from '../../../shared/venue/wire'

let desks: TwoDesks
const onHost = <T>(channel: string, input?: unknown) => desks.onHost<T>(channel, input)
const onMember = <T>(channel: string, input?: unknown) => desks.onMember<T>(channel, input)
let linked: LinkedDuels
const memberId = () => desks.member.connections.active.offline.venue.deskId
const served = async (desk: MainServices, streamId: string) =>
  (await (await fetch(`${desk.hub!.url}/feed/v1/streams/${streamId}`)).json()) as Feed
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: { error: { code: string; message: string } }) => e.error,
  )

beforeAll(async () => {
  desks = await twoDesks('venue-handover', { memberHub: true })
  linked = await linkedDuels(onHost, 3)
  await linkedDuels(onMember, 3)
  await desks.join('Floor desk', 'head')
}, 60_000)
afterAll(() => desks?.close())

describe('handing the venue’s hosting over', () => {
  it('is the head organiser’s: a producer is refused', async () => {
    await expect.poll(() => desks.link()).toBe('connected')
    await onHost('venue:set-role', { deskId: memberId(), role: 'producer' })
    await expect.poll(() => desks.member.connections.active.offline.venue.roleOf(memberId())).toBe('producer')
    const hostId = desks.host.connections.active.offline.venue.deskId
    expect(await refusal(onMember('venue:hand-over', { deskId: hostId }))).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('the head organiser role'),
    })
    await onHost('venue:set-role', { deskId: memberId(), role: 'head' })
  })

  it('moves every desk’s sync to the desk named, the old host with its own key, losing nothing', async () => {
    await onHost<SharingState>('venue:hand-over', { deskId: memberId() })
    // The old host now syncs with the new one; the new one hosts.
    await expect
      .poll(async () => (await onHost<SharingState>('venue:sharing')).link, { timeout: 10_000 })
      .toBe('connected')
    expect((await onHost<SharingState>('venue:sharing')).host).toBe(desks.member.hub!.url)
    await expect.poll(async () => (await onMember<SharingState>('venue:sharing')).role).toBe('host')
    expect((await onMember<VenueRoles>('venue:roles')).host).toBe(memberId())
    // Each side's Take reaches the other's hub, both ways, through the new host.
    await onHost('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[0]!.id })
    await expect
      .poll(async () => (await served(desks.member, linked.streamId)).onAir?.id, { timeout: 5000 })
      .toBe(linked.duels[0]!.id)
    await onMember('broadcast:take-over', { streamId: linked.streamId })
    await onMember('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[1]!.id })
    await expect
      .poll(async () => (await served(desks.host, linked.streamId)).onAir?.id, { timeout: 5000 })
      .toBe(linked.duels[1]!.id)
    // The handover is in the audit log.
    const audit = await onHost<{ entries: { what: string }[] }>('venue:audit', { search: 'hosts the venue' })
    expect(audit.entries.map((e) => e.what)).toEqual(['Hosts the venue now'])
  })

  it('is followed again after the old host restarts', async () => {
    await desks.restartHost()
    await expect
      .poll(async () => (await onHost<SharingState>('venue:sharing')).link, { timeout: 10_000 })
      .toBe('connected')
    expect((await onHost<SharingState>('venue:sharing')).host).toBe(desks.member.hub!.url)
    await onMember('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[2]!.id })
    await expect
      .poll(async () => (await served(desks.host, linked.streamId)).onAir?.id, { timeout: 5000 })
      .toBe(linked.duels[2]!.id)
  })

  it('refuses a desk that names itself with a proof that is not its own, and a desk of an older release', async () => {
    const url = new URL(VENUE_PATHS.sync, desks.member.hub!.url)
    url.protocol = 'ws:'
    const status = (deskId: string, key: string) =>
      new Promise<number>((resolve) => {
        const headers = { 'x-matchdesk-desk': deskId, 'x-matchdesk-nonce': 'n'.repeat(43), 'x-matchdesk-proof': key }
        const socket = new WebSocket(url, { headers })
        socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
        socket.on('open', () => {
          socket.close()
          resolve(101)
        })
        socket.on('error', () => undefined)
      })
    const hostId = desks.host.connections.active.offline.venue.deskId
    expect(await status(hostId, 'p'.repeat(86))).toBe(401)
    expect(await status('no-such-desk', 'any')).toBe(401)
    // A desk of the release before asks for its own sync route: answered 426 before any upgrade.
    url.pathname = '/venue/v1/sync'
    expect(await status(hostId, 'k')).toBe(426)
  })
})
