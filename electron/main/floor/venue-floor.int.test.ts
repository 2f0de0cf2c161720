// Two desks of one shared venue, over real HTTP and WebSocket, each on the Demo venue: stations made on one desk are on
// the other's floor with the same ids and numbers, a match put on a station and called there shows on both with one
// deadline, and a match two desks put on two stations while cut off from each other ends on one station only, on both
// desks; a station removed on one desk is gone from the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { placeable, type FloorState } from '../../../shared/floor/floor'
import type { AuditPage } from '../../../shared/venue/roles'
import { twoDesks, type TwoDesks } from '../../../tests/support/two-desks'

let desks: TwoDesks
let tournamentId = ''
const onHost = <T>(channel: string, input?: unknown) => desks.onHost<T>(channel, input)
const onMember = <T>(channel: string, input?: unknown) => desks.onMember<T>(channel, input)
const floorOf = (value: typeof onHost) => value<FloorState>('floor:state', { tournamentId })
/** Each station as number, name and match (null: free). */
const stationsOf = async (value: typeof onHost) =>
  (await floorOf(value)).stations.map((s) => [s.id, s.number, s.name, s.match?.id ?? null])

async function readTournament(value: typeof onHost) {
  await value('tournaments:list', { filters: {} })
  await value('participants:list', { tournamentId, filters: {} })
  await value('streams:list', { tournamentId, filters: {} })
  await value('match-streams:of-tournament', { tournamentId })
  await value('bracket:nodes', { tournamentId, filters: {} })
}

beforeAll(async () => {
  desks = await twoDesks('venue-floor')
  tournamentId = [...desks.host.connections.sandbox.store.tournaments.values()].find(
    (t) => t.name === 'Street Fighter Weekly 42',
  )!.id
  await readTournament(onHost)
  await readTournament(onMember)
}, 60_000)
afterAll(() => desks?.close())

describe('one venue’s floor on two desks', () => {
  it('shows the stations made on one desk on the other, with a match and its call', async () => {
    await desks.join('Floor B', 'floor')
    await expect.poll(() => desks.link()).toBe('connected')
    await onHost('floor:create-stations', { tournamentId, prefix: 'Station', from: 1, to: 3 })
    await expect.poll(() => stationsOf(onMember)).toEqual(await stationsOf(onHost))
    expect((await floorOf(onMember)).stations.map((s) => s.name)).toEqual(['Station 1', 'Station 2', 'Station 3'])
    // The member puts a ready match on station 2 and calls it: the host's floor shows both, one deadline.
    const floor = await floorOf(onMember)
    const match = floor.upNext.find(placeable)!
    const station = floor.stations[1]!
    // A door at the host hears the call made at the member's desk, as it would one made at its own.
    const rang: string[] = []
    const stopDoor = desks.host.floor.subscribeCalls(tournamentId, (event, data) => {
      if (event === 'called') rang.push(data.stationId)
    })
    await onMember('floor:assign', { tournamentId, stationId: station.id, matchId: match.id })
    const called = (await onMember<FloorState>('floor:call', { tournamentId, stationId: station.id })).stations[1]!
    await expect.poll(async () => (await floorOf(onHost)).stations[1]!.call?.deadline).toBe(called.call!.deadline)
    await expect.poll(() => rang).toEqual([station.id])
    stopDoor()
    expect((await floorOf(onHost)).stations[1]!.match?.id).toBe(match.id)
    expect((await floorOf(onHost)).upNext.some((m) => m.id === match.id)).toBe(false)
  })

  it('keeps a match put on two stations while cut off on the one it was put on last, on both desks', async () => {
    const floor = await floorOf(onHost)
    const match = floor.upNext.find(placeable)!
    const [first, , third] = floor.stations
    await desks.closeHost()
    await expect.poll(() => desks.link()).toBe('connecting')
    await onMember('floor:assign', { tournamentId, stationId: third!.id, matchId: match.id })
    // The host back on another port for a while (the member cannot reach it there): both put the match on a station.
    await desks.restartHost('elsewhere')
    await onHost('floor:assign', { tournamentId, stationId: first!.id, matchId: match.id })
    expect((await floorOf(onMember)).stations[2]!.match?.id).toBe(match.id)
    await desks.restartHost()
    // The host's came last: station 1 holds it, station 3 is free — on both desks.
    for (const value of [onHost, onMember])
      await expect
        .poll(async () => (await floorOf(value)).stations.map((s) => s.match?.id ?? null), { timeout: 5000 })
        .toEqual([match.id, expect.any(String), null])
    expect(await stationsOf(onMember)).toEqual(await stationsOf(onHost))
  })

  it('credits a person only with what they pressed: a station freed by a result or by a conflict is automatic', async () => {
    await onHost('venue:set-operator', { operator: 'Hana' })
    await onMember('venue:set-operator', { operator: 'Ana' })
    // Station 1's match gets its result on the service; the host's copy reads it.
    const held = (await floorOf(onHost)).stations[0]!.match!
    const record = desks.host.connections.sandbox.store.nodes.get(held.id)!
    record.status = 'completed'
    record.opponents[0]!.result = 'win'
    record.opponents[1]!.result = 'loss'
    await onHost('cache:refresh', { resource: 'nodes', scope: tournamentId, full: true })
    await expect.poll(async () => (await floorOf(onHost)).stations[0]!.match).toBeNull()
    const freed = async (value: typeof onHost) =>
      (await value<AuditPage>('venue:audit', { search: 'Freed', subject: 'station' })).entries.map((e) => [
        e.label,
        e.operator,
        e.what.replace(/^Freed .*? \(/, 'Freed … ('),
      ])
    // The conflict of the test before freed station 3 at the member; the result freed station 1 at the host.
    for (const value of [onHost, onMember])
      await expect
        .poll(() => freed(value))
        .toEqual(
          expect.arrayContaining([
            ['Station 1', '', 'Freed … (automatic: the service’s results and matches changed)'],
            ['Station 3', '', 'Freed … (automatic: another desk put its match on another station)'],
          ]),
        )
    for (const value of [onHost, onMember])
      expect((await freed(value)).filter(([, operator]) => operator !== '')).toEqual([])
  })

  it('keeps what the other desk changed while this one was away and restarted: the restart shares only its own changes', async () => {
    const floor = await floorOf(onMember)
    // A match open on both desks' stand-in services (each desk has its own: a result given on one is not on the other).
    const open = new Set((await floorOf(onHost)).upNext.filter(placeable).map((m) => m.id))
    const match = floor.upNext.find((m) => placeable(m) && open.has(m.id))!
    const free = floor.stations.find((s) => !s.match)!
    await desks.closeHost()
    await expect.poll(() => desks.link()).toBe('connecting')
    await onMember('floor:assign', { tournamentId, stationId: free.id, matchId: match.id })
    // The host restarts out of the member's reach and changes another station (it shares that change).
    await desks.restartHost('elsewhere')
    const other = (await floorOf(onHost)).stations.find((s) => s.id !== free.id)!
    await onHost('floor:update-station', { tournamentId, stationId: other.id, name: 'Stage left' })
    await desks.restartHost()
    await expect.poll(() => desks.link()).toBe('connected')
    for (const value of [onHost, onMember])
      await expect
        .poll(async () => (await floorOf(value)).stations.map((s) => [s.name, s.match?.id ?? null]))
        .toEqual(
          expect.arrayContaining([
            [free.name, match.id],
            ['Stage left', expect.anything()],
          ]),
        )
  })

  it('removes a station removed on the other desk', async () => {
    const floor = await floorOf(onMember)
    await onMember('floor:delete-station', { tournamentId, stationId: floor.stations[2]!.id })
    await expect
      .poll(async () => (await floorOf(onHost)).stations.map((s) => s.name))
      .toEqual(['Station 1', 'Stage left'])
  })

  it('never gives two stations one number: stations two desks made while cut off are numbered apart on both', async () => {
    const before = (await floorOf(onHost)).stations.length
    await desks.closeHost()
    await expect.poll(() => desks.link()).toBe('connecting')
    await onMember('floor:create-stations', { tournamentId, prefix: 'Booth', from: before + 1, to: before + 2 })
    await desks.restartHost('elsewhere')
    await onHost('floor:create-stations', { tournamentId, prefix: 'Pod', from: before + 1, to: before + 2 })
    await desks.restartHost()
    await expect.poll(() => desks.link()).toBe('connected')
    const numbers = (stations: FloorState['stations']) => stations.map((s) => s.number)
    for (const value of [onHost, onMember])
      await expect
        .poll(async () => numbers((await floorOf(value)).stations))
        .toEqual(Array.from({ length: before + 4 }, (_, i) => i + 1))
    expect(await stationsOf(onMember)).toEqual(await stationsOf(onHost))
    // Each name follows its number; the audit log says the move was automatic.
    for (const station of (await floorOf(onHost)).stations.slice(before))
      expect(station.name).toMatch(new RegExp(` ${station.number}$`))
    const moved = await onHost<AuditPage>('venue:audit', { search: 'Renamed automatic', subject: 'station' })
    expect(moved.entries.map((e) => e.what)).toEqual([
      expect.stringContaining('(automatic: two desks made stations of one number at once)'),
      expect.stringContaining('(automatic: two desks made stations of one number at once)'),
    ])
  })
})
