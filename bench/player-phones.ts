// Players' phones at scale: 1,000 phones following their players' pages over the players' own origin (from 250
// addresses, four each), a venue of 64 stations on the large Demo event's bracket, and every station called in turn
// from the desk: how long until each concerned phone has its call (goal p99 ≤ 1 s), and the desk's event loop
// meanwhile (goal p99 ≤ 20 ms). The phones run in a process of their own, as on the players' Wi-Fi.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { FloorState } from '../shared/floor/floor'
import { dispatchValue } from '../tests/support/dispatch-value'
import { forked } from './support/forked'
import { startHubServices } from './support/hub-services'
import type { PhoneCalls, PlayerPhonesJob, PlayerPhonesOpen } from './support/player-phones-process'
import { percentile, report, round } from './support/stats'

const PHONES = 1000
const STATIONS = 64
const PER_ADDRESS = 4
/** Between two calls from the desk (a floor lead calls a station every few seconds; here much faster). */
const CALL_EVERY_MS = 100
const GOAL_CALL_P99_MS = 1000
const GOAL_LOOP_P99_MS = 20

const services = await startHubServices('players', { demo: { seed: 1, size: 'large' } })
const value = dispatchValue(() => services)
const tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
  (t) => t.name === 'Mega Open',
)!.id
await value('participants:list', { tournamentId, filters: {} })
await value('match-streams:of-tournament', { tournamentId })
await value('bracket:nodes', { tournamentId, filters: {} })
await value('floor:create-stations', { tournamentId, prefix: 'Station', from: 1, to: STATIONS })
const floor = await value<FloorState>('floor:auto-assign', { tournamentId })
const onStations = floor.stations.filter((s) => s.match)
const concerned = onStations.flatMap((s) => s.match!.opponents.flatMap((o) => o.participantId ?? []))
const others = (await value<{ items: { id: string }[] }>('participants:list', { tournamentId, filters: {} })).items
  .map((p) => p.id)
  .filter((id) => !concerned.includes(id))
// Every player on a station has a phone; the rest of the thousand follow players who wait.
const players = [...concerned, ...others].slice(0, PHONES)

const phones = await forked<PlayerPhonesJob | { collect: true }, PlayerPhonesOpen | PhoneCalls>(
  new URL('./support/player-phones-process.ts', import.meta.url),
)
// All phones at once (the players' Wi-Fi back after a drop, or the desk's restart).
const openingDelay = monitorEventLoopDelay({ resolution: 1 })
openingDelay.enable()
const opening = performance.now()
await phones.run({ origin: services.hub!.playersUrl!, tournamentId, players, perAddress: PER_ADDRESS })
const openMs = performance.now() - opening
openingDelay.disable()

const delay = monitorEventLoopDelay({ resolution: 1 })
delay.enable()
/** When each call was made (this machine's time), by its desk time. */
const madeAt = new Map<number, number>()
const phonesOf = new Map<number, number>()
for (const station of onStations) {
  const before = performance.timeOrigin + performance.now()
  const called = await value<FloorState>('floor:call', { tournamentId, stationId: station.id })
  const call = called.stations.find((s) => s.id === station.id)!.call!
  madeAt.set(call.calledAt, before)
  phonesOf.set(call.calledAt, station.match!.opponents.filter((o) => o.participantId).length)
  await new Promise((resolve) => setTimeout(resolve, CALL_EVERY_MS))
}
// The last call's phones have it within the goal, or are counted as not reached.
await new Promise((resolve) => setTimeout(resolve, GOAL_CALL_P99_MS))
delay.disable()
const seen = (await phones.run({ collect: true })) as PhoneCalls
phones.close()
await services.close()

const reachMs = seen
  .filter(([, calledAt]) => madeAt.has(calledAt))
  .map(([, calledAt, at]) => at - madeAt.get(calledAt)!)
reachMs.sort((a, b) => a - b)
const expected = [...phonesOf.values()].reduce((a, b) => a + b, 0)
report({
  phones: PHONES,
  addresses: Math.ceil(PHONES / PER_ADDRESS),
  stations: STATIONS,
  calls: onStations.length,
  open_all_phones: {
    ms: round(openMs, 0),
    event_loop_p99_ms: round(openingDelay.percentile(99) / 1e6, 1),
    event_loop_max_ms: round(openingDelay.max / 1e6, 1),
  },
  call_to_phone: {
    phones_to_reach: expected,
    reached: reachMs.length,
    p50_ms: round(percentile(reachMs, 50), 1),
    p99_ms: round(percentile(reachMs, 99), 1),
    max_ms: round(reachMs.at(-1) ?? NaN, 1),
    goal_p99_ms: GOAL_CALL_P99_MS,
  },
  event_loop: {
    p50_ms: round(delay.percentile(50) / 1e6, 1),
    p99_ms: round(delay.percentile(99) / 1e6, 1),
    max_ms: round(delay.max / 1e6, 1),
    goal_p99_ms: GOAL_LOOP_P99_MS,
  },
})
