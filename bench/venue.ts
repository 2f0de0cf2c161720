// Doors at a busy venue: 10 paired door devices each scan 100 badges at once through the hub (loopback, keep-alive,
// from a process of their own as phones on the venue Wi-Fi would), then all 10 scan the same 50 badges at once. Every
// scan must be answered, each person written to the service exactly once, and the desk's outbox drained afterwards.
// The Demo venue is kept in the data folder as at a real desk: main's event-loop delay during the flood says whether
// writing it stalls everything else (IPC, overlays, the other doors).
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { dispatchValue } from '../tests/support/dispatch-value'
import { doorPhones } from './support/door-phones'
import { pairDevice } from '../tests/support/pair-device'
import { startHubServices } from './support/hub-services'
import { percentile, report, round } from './support/stats'

const DOORS = 10
const SCANS_PER_DOOR = 100
const CONTENDED = 50
const ACK_GOAL_MS = 50
const LOOP_DELAY_GOAL_MS = 20

const services = await startHubServices('venue', { demo: { seed: 1, size: 'large' } })
const { sandbox } = services.connections
const hub = services.hub!.url
const value = dispatchValue(() => services)

// The large event: thousands registered, nobody at the door yet.
await value('tournaments:list', { filters: {} })
const event = [...sandbox.store.tournaments.values()]
  .map((t) => ({
    t,
    waiting: [...sandbox.store.participants.values()].filter(
      (p) => p.tournament_id === t.id && !p.checked_in && p.custom_user_identifier,
    ).length,
  }))
  .sort((a, b) => b.waiting - a.waiting)[0]!.t
await value('participants:list', { tournamentId: event.id, filters: {} })
const people = services.connections.active.offline.cache
  .list('participants', event.id)
  .filter((p) => !p.checked_in && p.custom_user_identifier)
if (people.length < DOORS * SCANS_PER_DOOR + CONTENDED) throw new Error(`only ${people.length} people wait at the door`)

const keys = await Promise.all(
  Array.from({ length: DOORS }, (_, i) => pairDevice(value, hub, `Door ${i + 1}`, 'door', event.id)),
)
const writesOnService = () =>
  Object.entries(sandbox.stats.snapshot().routes)
    .filter(([route]) => route.startsWith('PATCH ') && route.includes('participants'))
    .reduce((sum, [, count]) => sum + count, 0)
sandbox.stats.reset()

// Round 1: every door its own 100 badges, all doors at once. Round 2: the same 50 badges at all ten doors at once.
const codes = (list: typeof people) => list.map((person) => person.custom_user_identifier!)
const contended = codes(people.slice(DOORS * SCANS_PER_DOOR, DOORS * SCANS_PER_DOOR + CONTENDED))
const phones = await doorPhones()
const loopDelay = monitorEventLoopDelay({ resolution: 5 })
loopDelay.enable()
const [own, shared] = await phones.scan({
  hub,
  doors: keys.map((key, d) => ({
    key,
    rounds: [codes(people.slice(d * SCANS_PER_DOOR, (d + 1) * SCANS_PER_DOOR)), contended],
  })),
})
loopDelay.disable()
phones.close()
const acks = [...own!.acks, ...shared!.acks]
const outcomes = own!.outcomes
const contendedOutcomes = shared!.outcomes
const roundMs = own!.ms

// The outbox drains to the service.
const outbox = services.connections.active.offline
const drainStarted = performance.now()
while (outbox.status().pending > 0) await new Promise((resolve) => setTimeout(resolve, 50))
const drainMs = performance.now() - drainStarted
const distinct = DOORS * SCANS_PER_DOOR + CONTENDED
const writes = writesOnService()
const checkedOnService = [...people.slice(0, distinct)].filter(
  (p) => sandbox.store.participants.get(p.id)?.checked_in,
).length

acks.sort((a, b) => a - b)
const figures = {
  doors: DOORS,
  scans: acks.length,
  acknowledged: acks.length,
  outcomes,
  contended: { badges: CONTENDED, scans: CONTENDED * DOORS, outcomes: contendedOutcomes },
  ack_p50_ms: round(percentile(acks, 50), 2),
  ack_p99_ms: round(percentile(acks, 99), 2),
  ack_max_ms: round(acks.at(-1)!, 2),
  ack_goal_ms: ACK_GOAL_MS,
  loop_delay_p99_ms: round(loopDelay.percentile(99) / 1e6, 1),
  loop_delay_max_ms: round(loopDelay.max / 1e6, 1),
  loop_delay_goal_ms: LOOP_DELAY_GOAL_MS,
  scans_per_second: round((DOORS * SCANS_PER_DOOR) / (roundMs / 1000), 0),
  writes_on_service: writes,
  duplicated: writes - distinct,
  checked_in_on_service: checkedOnService,
  outbox_drain_ms: round(drainMs, 0),
  outbox_left: outbox.status().pending,
}
await services.close()
report(figures)
if (figures.duplicated !== 0 || checkedOnService !== distinct || outcomes['checked-in'] !== DOORS * SCANS_PER_DOOR)
  throw new Error(`doors wrote wrong: ${JSON.stringify(figures)}`)
if (contendedOutcomes['checked-in'] !== CONTENDED)
  throw new Error(`contended badges written ${contendedOutcomes['checked-in']} times`)
