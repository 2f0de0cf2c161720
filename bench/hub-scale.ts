// The hub for a whole venue, on the large Demo event: 200 overlay sources on one stream and 50 paired door phones, each
// door with its live list open. A Take must reach every source (goal p99 ≤ 50 ms). Then the 50 doors scan as a busy
// door does, a badge a second each (50 scans a second in all), while the desk's Check-in view ticks every 2 s (it
// does so every 10 s): each scan must be answered (goal p99 ≤ 50 ms). Last, the doors
// scan flat out, each the moment it has its answer, for the hub's throughput.
import { Agent } from 'node:http'
import type { DoorOutcome } from '../shared/venue/door'
import { dispatchValue } from '../tests/support/dispatch-value'
import { followStream, postJson, type StreamClient } from './support/hub-clients'
import { pairDevice } from '../tests/support/pair-device'
import { startHubServices } from './support/hub-services'
import { percentile, report, round } from './support/stats'

const SOURCES = 200
const DOORS = 50
const TAKES = 100
const SCANS_PER_DOOR = 20
/** A busy door: a badge a second. */
const DOOR_PACE_MS = 1000
const FLAT_OUT_PER_DOOR = 10
const DESK_REFRESH_MS = 2000
const GOAL_MS = 50

const services = await startHubServices('hub', {
  demo: { seed: 1, size: 'large' },
  // The service runs elsewhere: the stand-in's own disk writes are not the hub's.
  demoKept: false,
})
const value = dispatchValue(() => services)
const hub = services.hub!.url
const { sandbox } = services.connections
await value('tournaments:list', { filters: {} })

// The show: a stream of a running tournament with four decided matches queued.
type Node = { id: string; status: string; opponents: { participant: unknown }[] }
let streamId = ''
let matchIds: string[] = []
for (const tournament of sandbox.store.tournaments.values()) {
  const streams = await value<{ items: { id: string }[] }>('streams:list', { tournamentId: tournament.id, filters: {} })
  if (streams.items.length === 0) continue
  const nodes = await value<{ items: Node[] }>('bracket:nodes', { tournamentId: tournament.id, filters: {} })
  const decided = nodes.items.filter((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant))
  if (decided.length < 4) continue
  await value('participants:list', { tournamentId: tournament.id, filters: {} })
  streamId = streams.items[0]!.id
  matchIds = decided.slice(0, 4).map((n) => n.id)
  for (const matchId of matchIds) await value('match-streams:replace', { matchId, streamIds: [streamId] })
  break
}
if (!streamId) throw new Error('no stream with four decided matches in the large Demo venue')

const sources = await Promise.all(
  Array.from({ length: SOURCES }, () => followStream(hub, `/feed/v1/streams/${streamId}/events?source=scoreboard`)),
)
await Promise.all(sources.map((s) => s.reached('feed', 1)))
const takeMs: number[] = []
for (let i = 0; i < TAKES; i++) {
  const before = sources.map((s) => s.count('feed'))
  const t0 = performance.now()
  await value('broadcast:take', { streamId, matchId: matchIds[i % matchIds.length]! })
  await Promise.all(sources.map((s, c) => s.reached('feed', before[c]! + 1)))
  takeMs.push(performance.now() - t0)
}
takeMs.sort((a, b) => a - b)

// The doors: the event with the most people still to check in.
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
if (people.length < DOORS * (SCANS_PER_DOOR + FLAT_OUT_PER_DOOR))
  throw new Error(`only ${people.length} people wait at the door`)
const doors: { key: string; agent: Agent; stream: StreamClient }[] = []
for (let d = 0; d < DOORS; d++) {
  const key = await pairDevice(value, hub, `Door ${d + 1}`, 'door', event.id)
  const stream = await followStream(hub, '/door/v1/events', { 'x-matchdesk-key': key })
  doors.push({ key, agent: new Agent({ keepAlive: true }), stream })
}
await Promise.all(doors.map((d) => d.stream.reached('list', 1)))

// The desk's Check-in view ticks every 2 s while the doors scan (its live tick: four rolling windows of the list).
let scanning = true
let refreshes = 0
const refreshing = (async () => {
  while (scanning) {
    await value('cache:refresh', { resource: 'participants', scope: event.id })
    refreshes++
    await new Promise((resolve) => setTimeout(resolve, DESK_REFRESH_MS))
  }
})()
/**
 * Each door scans `count` badges from `first`, waiting `paceMs` between scans (each door starts at its own moment):
 * each acknowledgement's time, sorted, and how many scans had each outcome.
 */
async function scanRound(count: number, first: number, paceMs: number) {
  const acks: number[] = []
  const outcomes: Record<string, number> = {}
  await Promise.all(
    doors.map(async (door, d) => {
      if (paceMs) await new Promise((resolve) => setTimeout(resolve, (d * paceMs) / DOORS))
      for (let i = 0; i < count; i++) {
        const person = people[first + d * count + i]!
        const started = performance.now()
        const { ms, answer } = await postJson<DoorOutcome>(
          door.agent,
          hub,
          '/door/v1/scan',
          { code: person.custom_user_identifier },
          { 'x-matchdesk-key': door.key },
        )
        acks.push(ms)
        outcomes[answer.outcome] = (outcomes[answer.outcome] ?? 0) + 1
        const rest = paceMs - (performance.now() - started)
        if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest))
      }
    }),
  )
  return { acks: acks.sort((a, b) => a - b), outcomes }
}
const { acks: ackMs, outcomes } = await scanRound(SCANS_PER_DOOR, 0, DOOR_PACE_MS)
const flatStarted = performance.now()
const { acks: flatMs, outcomes: flatOutcomes } = await scanRound(FLAT_OUT_PER_DOOR, DOORS * SCANS_PER_DOOR, 0)
const flatElapsed = performance.now() - flatStarted
scanning = false
await refreshing
const changesPerDoor = round(doors.reduce((sum, d) => sum + d.stream.count('changed'), 0) / DOORS, 1)

for (const client of [...sources, ...doors.map((d) => d.stream)]) client.stop()
for (const door of doors) door.agent.destroy()
await services.close()
report({
  sources: SOURCES,
  take_to_all_sources: {
    takes: TAKES,
    p50_ms: round(percentile(takeMs, 50), 2),
    p99_ms: round(percentile(takeMs, 99), 2),
    max_ms: round(takeMs.at(-1)!, 2),
    goal_p99_ms: GOAL_MS,
  },
  doors: DOORS,
  door_scan_ack: {
    scans: ackMs.length,
    outcomes,
    p50_ms: round(percentile(ackMs, 50), 2),
    p99_ms: round(percentile(ackMs, 99), 2),
    max_ms: round(ackMs.at(-1)!, 2),
    goal_p99_ms: GOAL_MS,
    pace_ms_per_door: DOOR_PACE_MS,
    desk_ticks_meanwhile: refreshes,
    live_changes_per_door: changesPerDoor,
  },
  door_scan_flat_out: {
    scans: flatMs.length,
    outcomes: flatOutcomes,
    p50_ms: round(percentile(flatMs, 50), 2),
    p99_ms: round(percentile(flatMs, 99), 2),
    scans_per_second: round(flatMs.length / (flatElapsed / 1000), 0),
  },
})
