// The Check-in list's live tick on the large event (5,000 people): requests per tick, the rolling way against a whole
// read (what each 10 s tick did before), same run; people arrive at other places of check-in (on the service) during
// the first ticks, and after one cycle of ticks with no more arrivals the local copy must equal a full read.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { createMainServices } from '../electron/main/composition'
import { MemoryCredentialStore } from '../electron/main/secrets/memory-store'
import { report, round } from './support/stats'

const ARRIVALS_PER_TICK = 25
const TICKS_WITH_ARRIVALS = 10
const GOAL_REQUESTS = 4

const services = await createMainServices({
  version: 'bench',
  dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-bench-checkin-')),
  credentials: new MemoryCredentialStore(),
  demo: { size: 'large', seed: 1 },
  demoKept: false,
})
const { sandbox } = services.connections
const session = services.connections.active.offline
const tournamentId = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Mega Open')!.id
const loaded = await services.dispatch('participants:list', { tournamentId, filters: {} })
if (!loaded.ok) throw new Error(loaded.error.message)
const size = session.cache.list('participants', tournamentId).length
const requests = () => sandbox.stats.count('GET', '/organizer/v2/participants')

// Before: a tick read the whole list.
let before = requests()
await session.reads.tick('participants', tournamentId, true)
const wholeRequests = requests() - before

// Now: people check in elsewhere during the first ticks (their rows change on the service only).
const waiting = [...sandbox.store.participants.values()].filter(
  (p) => p.tournament_id === tournamentId && !p.checked_in,
)
const perTick: number[] = []
const tickMs: number[] = []
const tick = async () => {
  before = requests()
  const started = performance.now()
  await session.reads.tick('participants', tournamentId, false)
  tickMs.push(performance.now() - started)
  perTick.push(requests() - before)
}
for (let i = 0; i < TICKS_WITH_ARRIVALS; i++) {
  for (const person of waiting.splice(0, ARRIVALS_PER_TICK)) person.checked_in = true
  await tick()
}
// One whole cycle with no arrivals: every row is read again.
const cycle = Math.ceil(size / 200)
for (let i = 0; i < cycle; i++) await tick()

const local = session.cache.list('participants', tournamentId)
const service = await services.connections.active.api.participants.list({ tournament_ids: [tournamentId] }).all()
const equal = isDeepStrictEqual(local, service)
await services.close()
report({
  participants: size,
  whole_read_requests_per_tick: wholeRequests,
  rolling: {
    requests_per_tick_max: Math.max(...perTick),
    requests_per_tick_mean: round(perTick.reduce((a, b) => a + b, 0) / perTick.length, 2),
    goal_requests_per_tick: GOAL_REQUESTS,
    ticks_per_cycle: cycle,
    cycle_at_10s_ticks_s: cycle * 10,
    tick_p50_ms: round(tickMs.sort((a, b) => a - b)[Math.floor(tickMs.length / 2)]!, 1),
    arrivals_on_the_service: ARRIVALS_PER_TICK * TICKS_WITH_ARRIVALS,
    local_copy_equals_a_full_read_after_a_cycle: equal,
  },
})
if (!equal) throw new Error('after a cycle of ticks the local copy differs from a full read')
if (Math.max(...perTick) > GOAL_REQUESTS) throw new Error(`a tick sent ${Math.max(...perTick)} requests`)
