// Doors at a busy venue: 10 paired door devices each scan 100 badges at once through the hub (loopback, keep-alive,
// as phones on the venue Wi-Fi would), then all 10 scan the same 50 badges at once. Every scan must be answered,
// each person written to the service exactly once, and the desk's outbox drained afterwards. The Demo venue is kept
// in the data folder as at a real desk: main's event-loop delay during the flood says whether writing it stalls
// everything else (IPC, overlays, the other doors).
import type { DoorOutcome } from '../shared/venue/door'
import { Agent } from 'node:http'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { dispatchValue } from '../tests/support/dispatch-value'
import { pairDevice, postJson } from './support/hub-clients'
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

/** A scan at a door, on the door's own keep-alive connection: the answer and how long it took (ms). */
const post = (agent: Agent, key: string, path: string, body: unknown) =>
  postJson<DoorOutcome>(agent, hub, path, body, { 'x-matchdesk-key': key })

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

const doors = await Promise.all(
  Array.from({ length: DOORS }, async (_, i) => ({
    key: await pairDevice(value, hub, `Door ${i + 1}`, 'door', event.id),
    agent: new Agent({ keepAlive: true }),
  })),
)
const writesOnService = () =>
  Object.entries(sandbox.stats.snapshot().routes)
    .filter(([route]) => route.startsWith('PATCH ') && route.includes('participants'))
    .reduce((sum, [, count]) => sum + count, 0)
sandbox.stats.reset()

// Round 1: every door its own 100 badges, all doors at once.
const loopDelay = monitorEventLoopDelay({ resolution: 5 })
loopDelay.enable()
const acks: number[] = []
const outcomes: Record<string, number> = {}
const started = performance.now()
await Promise.all(
  doors.map(async (door, d) => {
    for (let i = 0; i < SCANS_PER_DOOR; i++) {
      const person = people[d * SCANS_PER_DOOR + i]!
      const { ms, answer } = await post(door.agent, door.key, '/door/v1/scan', { code: person.custom_user_identifier })
      acks.push(ms)
      outcomes[answer.outcome] = (outcomes[answer.outcome] ?? 0) + 1
    }
  }),
)
const roundMs = performance.now() - started

// Round 2: the same 50 badges at all ten doors at the same moment.
const contended = people.slice(DOORS * SCANS_PER_DOOR, DOORS * SCANS_PER_DOOR + CONTENDED)
const contendedOutcomes: Record<string, number> = {}
await Promise.all(
  doors.map(async (door) => {
    for (const person of contended) {
      const { ms, answer } = await post(door.agent, door.key, '/door/v1/scan', { code: person.custom_user_identifier })
      acks.push(ms)
      contendedOutcomes[answer.outcome] = (contendedOutcomes[answer.outcome] ?? 0) + 1
    }
  }),
)

loopDelay.disable()

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
for (const door of doors) door.agent.destroy()
await services.close()
report(figures)
if (figures.duplicated !== 0 || checkedOnService !== distinct || outcomes['checked-in'] !== DOORS * SCANS_PER_DOOR)
  throw new Error(`doors wrote wrong: ${JSON.stringify(figures)}`)
if (contendedOutcomes['checked-in'] !== CONTENDED)
  throw new Error(`contended badges written ${contendedOutcomes['checked-in']} times`)
