// The venue floor: auto-assign of 64 stations against 1,000 ready matches (a pure function: ms per run), and a call
// from Companion reaching 20 venue boards and 10 door phones over the hub's event streams (ms from the button until
// the last of the 30 has it; goal p99 ≤ 100 ms).
import type { BracketNode } from '../shared/api'
import { autoAssign, type FloorStation } from '../shared/floor/auto-assign'
import type { FloorState } from '../shared/floor/floor'
import { followStream, type StreamClient } from './support/hub-clients'
import { pairDevice } from '../tests/support/pair-device'
import { matchNode } from '../tests/support/bracket-node'
import { dispatchValue } from '../tests/support/dispatch-value'
import { startHubServices } from './support/hub-services'
import { percentile, report, round } from './support/stats'

const STATIONS = 64
const READY = 1000
const ASSIGN_RUNS = 200
const BOARDS = 20
const DOORS = 10
const CALLS = 200
const CALL_GOAL_MS = 100

// --- Auto-assign: 1,000 ready matches among 3,000 (pools share players), 64 free stations.
const nodes: BracketNode[] = []
for (let i = 0; i < READY * 3; i++)
  nodes.push(
    matchNode(String(i), [`p${(i * 7) % 2000}`, `p${(i * 13 + 1) % 2000}`], {
      stage_id: String(1 + (i % 4)),
      group_id: String(1 + (i % 16)),
      round_id: String(1 + Math.floor(i / 200)),
      number: i,
      status: i % 3 === 0 ? 'pending' : 'completed',
      scheduled_datetime: `2026-11-23T${String(10 + (i % 12)).padStart(2, '0')}:00:00Z`,
    }),
  )
const stations: FloorStation[] = Array.from({ length: STATIONS }, (_, i) => ({
  id: `s${i}`,
  outOfOrder: false,
  streamId: null,
  matchId: null,
}))
const sources = { nodes, links: new Map<string, string[]>(), checkedIn: (id: string) => id.length % 2 === 0 }
const assignMs: number[] = []
let assigned = 0
for (let run = 0; run < ASSIGN_RUNS; run++) {
  const t0 = performance.now()
  assigned = autoAssign(sources, stations).length
  assignMs.push(performance.now() - t0)
}
assignMs.sort((a, b) => a - b)

// --- A call through the hub to 20 boards and 10 doors.
const services = await startHubServices('floor', { demo: { seed: 1 } })
const hub = services.hub!.url
const value = dispatchValue(() => services)
const tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
  (t) => t.name === 'Street Fighter Weekly 42',
)!.id
await value('participants:list', { tournamentId, filters: {} })
await value('match-streams:of-tournament', { tournamentId })
await value('bracket:nodes', { tournamentId, filters: {} })
await value('floor:create-stations', { tournamentId, prefix: 'Station', from: 1, to: 32 })
const floor = await value<FloorState>('floor:auto-assign', { tournamentId })
const numbers = floor.stations.filter((s) => s.match).map((s) => s.number)

const boards: StreamClient[] = []
for (let i = 0; i < BOARDS; i++) boards.push(await followStream(hub, `/board/v1/events?tournament=${tournamentId}`))
const doors: StreamClient[] = []
for (let i = 0; i < DOORS; i++) {
  const key = await pairDevice(value, hub, `Door ${i + 1}`, 'door', tournamentId)
  doors.push(await followStream(hub, '/door/v1/events', { 'x-matchdesk-key': key }))
}
await Promise.all(boards.map((b) => b.reached('board', 1)))

const token = services.registry.controlToken
const callMs: number[] = []
for (let call = 0; call < CALLS; call++) {
  const number = numbers[call % numbers.length]!
  const boardCounts = boards.map((b) => b.count('board') + 1)
  const doorCounts = doors.map((d) => d.count('called') + 1)
  const t0 = performance.now()
  const answer = await fetch(`${hub}/control/v1/tournaments/${tournamentId}/floor/stations/${number}/call`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  })
  if (answer.status !== 200) throw new Error(`call ${number}: ${answer.status} ${await answer.text()}`)
  await Promise.all([
    ...boards.map((b, i) => b.reached('board', boardCounts[i]!)),
    ...doors.map((d, i) => d.reached('called', doorCounts[i]!)),
  ])
  callMs.push(performance.now() - t0)
}
callMs.sort((a, b) => a - b)
for (const client of [...boards, ...doors]) client.stop()
await services.close()

report({
  auto_assign: {
    stations: STATIONS,
    ready_matches: READY,
    matches_in_bracket: nodes.length,
    assigned,
    p50_ms: round(percentile(assignMs, 50), 2),
    p99_ms: round(percentile(assignMs, 99), 2),
  },
  call: {
    boards: BOARDS,
    doors: DOORS,
    calls: CALLS,
    p50_ms: round(percentile(callMs, 50), 2),
    p99_ms: round(percentile(callMs, 99), 2),
    max_ms: round(callMs.at(-1)!, 2),
    goal_p99_ms: CALL_GOAL_MS,
  },
})
