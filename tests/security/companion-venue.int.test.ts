// Companion on another PC follows the venue (two desks of one shared venue over real HTTP, the Companion module with a
// harness standing in for Companion): configured for the hosting desk with its control token and a control device's
// key, it moves by itself to the other desk when the hosting desk goes — the token and key sent only to a desk the
// venue lists that answered as itself — and drives that desk: the other desk lets in the first desk's control token.
// On the desk's own PC (no device key) it waits for its desk.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MatchdeskConnection } from '../../companion-module/src/connection'
import type { HubStatus } from '../../shared/ipc/hub'
import { HostHarness } from '../companion/host-harness'
import { linkedDuels, type LinkedDuels } from '../support/linked-duels'
import { pairDevice } from '../support/pair-device'
import { twoDesks, type TwoDesks } from '../support/two-desks'

let desks: TwoDesks
let linked: LinkedDuels
const fast = { first: 50, last: 200, refused: 200 }
const connections: MatchdeskConnection[] = []

beforeAll(async () => {
  desks = await twoDesks('companion-venue', { memberHub: true })
  linked = await linkedDuels(desks.onHost, 2)
  await linkedDuels(desks.onMember, 2)
  await desks.join('Side desk')
}, 60_000)
afterAll(async () => {
  for (const connection of connections) connection.destroy()
  await desks?.close()
})

describe('Companion in a shared venue', () => {
  it('moves to the other desk when its desk goes, and drives it there with the same token', async () => {
    const hostHub = desks.host.hub!.url
    const memberHub = desks.member.hub!.url
    const token = (await desks.onHost<HubStatus>('hub:status', {})).controlToken
    const deviceKey = await pairDevice(desks.onHost, hostHub, 'Stream Deck PC', 'control')
    // Both desks are in the venue's record before Companion starts.
    await expect
      .poll(async () => JSON.stringify(await (await fetch(`${hostHub}/venue/v1/desks`)).json()))
      .toContain(memberHub)
    const [remote, local] = [new HostHarness(), new HostHarness()]
    for (const [harness, key] of [
      [remote, deviceKey],
      [local, ''],
    ] as const) {
      const connection = new MatchdeskConnection(harness, { retry: fast })
      connections.push(connection)
      connection.configure({ hub: hostHub, token, deviceKey: key })
      await expect.poll(() => harness.status?.status).toBe('ok')
    }
    await desks.closeHost()
    await expect
      .poll(() => remote.logs.some((log) => log.message.includes(`following the venue to Side desk (${memberHub})`)), {
        timeout: 10_000,
      })
      .toBe(true)
    await expect.poll(() => remote.status?.status, { timeout: 10_000 }).toBe('ok')
    // A press reaches the other desk: its stream, with nothing on air, takes the next match.
    const onAir = async () => {
      const status = await desks.onMember<{ streams: { streamId: string; onAir: string | null }[] }>(
        'broadcast:status',
        { tournamentId: linked.tournamentId },
      )
      return status.streams.find((s) => s.streamId === linked.streamId)?.onAir ?? null
    }
    expect(await onAir()).toBeNull()
    await remote.press('take_next', { stream: linked.streamId })
    await expect.poll(onAir).not.toBeNull()
    // Companion on the desk's own PC (no device key) waits for its desk.
    expect(local.status?.status).toBe('connection_failure')
    expect(local.logs.some((log) => log.message.includes('following the venue'))).toBe(false)
  }, 40_000)
})
