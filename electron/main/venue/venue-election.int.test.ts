// The venue outlives its host, over real HTTP and WebSocket, each desk with its hub: the host goes away; the desks left
// choose one of them by the rule all compute (the most senior desk of a majority hosts, the others join it) within 10 s and
// go on syncing; the old host, back, joins the new host as any desk. A host whose desks are a minority of the venue
// steps down, and a minority never hosts, until a majority is back.
import { afterEach, describe, expect, it } from 'vitest'
import type { Feed } from '../../../shared/broadcast/feed'
import { linkedDuels } from '../../../tests/support/linked-duels'
import { venueDesks, type VenueDesks } from '../../../tests/support/venue-desks'
import type { MainServices } from '../composition'

let venue: VenueDesks | undefined
afterEach(async () => {
  await venue?.close()
  venue = undefined
})
const served = async (desk: MainServices, streamId: string) =>
  (await (await fetch(`${desk.hub!.url}/feed/v1/streams/${streamId}`)).json()) as Feed
/** Until every desk's copy holds every desk's admission and hub (each desk joined and said where it answers). */
async function allKnown(desks: VenueDesks, up: number[]) {
  for (const i of up) await expect.poll(async () => (await desks.sharing(i)).link ?? 'host').not.toBe('connecting')
  const record = (i: number) => desks.desk(i).connections.active.offline.venue
  for (const i of up)
    await expect
      .poll(() => up.every((j) => record(i).publicKeyOf(desks.deskId(j)) && record(i).hubOf(desks.deskId(j))))
      .toBe(true)
}

describe('when the hosting desk goes away', () => {
  it('the desks left choose a host and go on syncing; the old host joins it when back (how fast: bench/)', async () => {
    const desks = (venue = await venueDesks('election', 3))
    const linked = await linkedDuels(desks.value(0), 3)
    for (const i of [1, 2]) await linkedDuels(desks.value(i), 3)
    await desks.joinAll()
    await allKnown(desks, [0, 1, 2])
    await desks.stop(0)
    // Desk 1 joined before desk 2: the most senior of the two hosts.
    const [winner, other] = [1, 2]
    await expect
      .poll(async () => [(await desks.sharing(winner)).role, (await desks.sharing(other)).link], {
        timeout: 60_000,
        interval: 100,
      })
      .toEqual(['host', 'connected'])
    expect((await desks.sharing(other)).host).toBe(desks.desk(winner).hub!.url)
    // They go on: a Take on the desk that joined reaches the new host's hub.
    await desks.value(other)('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[0]!.id })
    await expect
      .poll(async () => (await served(desks.desk(winner), linked.streamId)).onAir?.id, { timeout: 5000 })
      .toBe(linked.duels[0]!.id)
    // The old host back on its port: it finds the host the others chose and joins it.
    await desks.restart(0)
    await expect
      .poll(async () => [(await desks.sharing(0)).link, (await desks.sharing(0)).host], { timeout: 10_000 })
      .toEqual(['connected', desks.desk(winner).hub!.url])
    await expect
      .poll(async () => (await served(desks.desk(0), linked.streamId)).onAir?.id, { timeout: 5000 })
      .toBe(linked.duels[0]!.id)
  }, 120_000)

  it('a host left with a minority steps down, nobody hosts a minority, and a majority back elects one', async () => {
    const desks = (venue = await venueDesks('minority', 4))
    await desks.joinAll()
    await allKnown(desks, [0, 1, 2, 3])
    // Two of four go: the host and one desk are not more than half.
    await desks.stop(2)
    await desks.stop(3)
    await expect.poll(async () => (await desks.sharing(1)).link, { timeout: 10_000 }).toBe('connecting')
    expect((await desks.sharing(0)).role).toBe('alone')
    // Neither hosts while they are two of four (a few election rounds).
    await new Promise((resolve) => setTimeout(resolve, 5000))
    expect([(await desks.sharing(0)).role, (await desks.sharing(1)).link]).toEqual(['alone', 'connecting'])
    // A third desk back: three of four agree on one host (a desk that hosts already, else the most senior of them),
    // and the other two sync with it.
    await desks.restart(2)
    const up = [0, 1, 2]
    const agreed = async () => {
      const states = await Promise.all(up.map((i) => desks.sharing(i)))
      const hosts = up.filter((_, k) => states[k]!.role === 'host')
      if (hosts.length !== 1) return `${hosts.length} hosts`
      const url = desks.desk(hosts[0]!).hub!.url
      return states.every((state, k) => up[k] === hosts[0] || (state.link === 'connected' && state.host === url))
        ? 'one host, every other desk syncing with it'
        : 'desks not synced with it yet'
    }
    await expect.poll(agreed, { timeout: 15_000, interval: 200 }).toBe('one host, every other desk syncing with it')
  }, 90_000)

  it('two desks: the one left does not host alone, until its head organiser removes the one gone from the venue', async () => {
    const desks = (venue = await venueDesks('election-remove', 2))
    const linked = await linkedDuels(desks.value(0), 2)
    await linkedDuels(desks.value(1), 2)
    await desks.joinAll()
    await allKnown(desks, [0, 1])
    await desks.value(0)('venue:set-role', { deskId: desks.deskId(1), role: 'head' })
    await expect.poll(() => desks.desk(1).connections.active.offline.venue.roleOf(desks.deskId(1))).toBe('head')
    const gone = desks.deskId(0)
    await desks.stop(0)
    // One of two is no majority: it keeps working on its copy, hosting nobody.
    await new Promise((resolve) => setTimeout(resolve, 5000))
    expect((await desks.sharing(1)).link).toBe('connecting')
    await desks.value(1)('venue:remove-desk', { deskId: gone })
    // Alone in the venue now, it is a majority of one: it hosts (nobody to sync with yet).
    await expect.poll(async () => (await desks.sharing(1)).role, { timeout: 5000 }).toBe('alone')
    const roles = await desks.value(1)<{ desks: { deskId: string }[] }>('venue:roles', {})
    expect(roles.desks.map((d) => d.deskId)).toEqual([desks.deskId(1)])
    const audit = await desks.value(1)<{ entries: { what: string }[] }>('venue:audit', { search: 'removed' })
    expect(audit.entries.map((e) => e.what)).toEqual(['Removed from the venue'])
    // Alone now, it works as the venue: a Take is served at its hub.
    await desks.value(1)('broadcast:take', { streamId: linked.streamId, matchId: linked.duels[0]!.id })
    await expect
      .poll(async () => (await served(desks.desk(1), linked.streamId)).onAir?.id, { timeout: 5000 })
      .toBe(linked.duels[0]!.id)
    // The removed desk back: what it proves opens the other's hub no more (it would join again with a new code).
    await desks.restart(0)
    await new Promise((resolve) => setTimeout(resolve, 4000))
    expect((await desks.sharing(1)).joined).toBe(0)
  }, 60_000)
})
