// The outbox: durable check-in acknowledgements per second and their latency, draining 1,000 queued writes, and
// draining 1,000 mixed writes at a real 50 ms round trip one at a time against in parallel (same writes, same run).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMainServices } from '../electron/main/composition'
import { percentile, report, round } from './support/stats'

const ACKS = 2000
const QUEUED = 1000
const services = await createMainServices({
  version: 'bench',
  dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-bench-outbox-')),
  demo: { size: 'large', seed: 1 },
})
const sandbox = services.connections.sandbox
const mega = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Mega Open')!
const listed = await services.dispatch('participants:list', { tournamentId: mega.id, filters: {} })
if (!listed.ok) throw new Error(listed.error.message)
const participants = (listed.value as { items: { id: string }[] }).items

// Offline, so acknowledgements are measured alone: validate, cache, outbox, fsync (synchronous=FULL).
await sandbox.faults.setOffline(true)
const latencies: number[] = []
const started = performance.now()
for (let i = 0; i < ACKS; i++) {
  const t = performance.now()
  const result = await services.dispatch('checkin:set', {
    participantId: participants[i % participants.length]!.id,
    checkedIn: i % 2 === 0,
  })
  if (!result.ok) throw new Error(result.error.message)
  latencies.push(performance.now() - t)
}
const ackSeconds = (performance.now() - started) / 1000
latencies.sort((a, b) => a - b)

// 1,000 writes for 1,000 different participants wait (no collapsing), then the service comes back.
const offline = services.connections.active.offline
await sandbox.faults.setOffline(false)
await offline.replayer.drain(120_000)
await sandbox.faults.setOffline(true)
for (let i = 0; i < QUEUED; i++)
  await services.dispatch('checkin:set', { participantId: participants[i]!.id, checkedIn: true })
const queued = offline.outbox.counts().pending
const drainStarted = performance.now()
await sandbox.faults.setOffline(false)
await offline.replayer.drain(300_000)
const drainMs = performance.now() - drainStarted
const synced = participants.slice(0, QUEUED).every((p) => sandbox.store.participants.get(p.id)?.checked_in === true)
await services.close()

/**
 * 1,000 mixed writes queued offline (check-ins, renames, custom fields — a few entities written several times, so
 * order per entity matters), then drained at 50 ms latency with `concurrency` writes in flight.
 */
async function drainAt50ms(concurrency: number) {
  const run = await createMainServices({
    version: 'bench',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-bench-drain-')),
    demo: { size: 'large', seed: 1 },
    offline: { replayConcurrency: concurrency },
  })
  const box = run.connections.sandbox
  const listedNow = await run.dispatch('participants:list', { tournamentId: mega.id, filters: {} })
  if (!listedNow.ok) throw new Error(listedNow.error.message)
  const people = (listedNow.value as { items: { id: string }[] }).items
  await box.faults.setOffline(true)
  const last = new Map<string, string>()
  for (let i = 0; i < QUEUED; i++) {
    const person = people[i % 900]!.id
    const kind = i % 10
    const result =
      kind < 6
        ? await run.dispatch('checkin:set', { participantId: person, checkedIn: true })
        : await run.dispatch('participants:update', {
            id: person,
            body: kind < 8 ? { name: `Renamed ${i}` } : { custom_fields: { seat: `S${i}` } },
          })
    if (!result.ok) throw new Error(result.error.message)
    if (kind >= 6 && kind < 8) last.set(person, `Renamed ${i}`)
  }
  const session = run.connections.active.offline
  const queuedNow = session.outbox.counts().pending
  await box.faults.update({ latencyMs: 50 })
  const t0 = performance.now()
  await box.faults.setOffline(false)
  await session.replayer.drain(600_000)
  const ms = performance.now() - t0
  const inOrder = [...last].every(([id, name]) => box.store.participants.get(id)?.name === name)
  await run.close()
  if (!inOrder) throw new Error(`with ${concurrency} in flight, a participant's last rename did not win`)
  return { queued: queuedNow, ms }
}
const sequential = await drainAt50ms(1)
const parallel = await drainAt50ms(8)

report({
  benchmark: 'outbox',
  acknowledged_checkins: {
    count: ACKS,
    per_second: round(ACKS / ackSeconds, 1),
    p50_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
    durable: 'WAL, synchronous=FULL',
  },
  drain: {
    queued,
    ms: round(drainMs, 0),
    writes_per_second: round(queued / (drainMs / 1000), 1),
    all_on_service: synced,
  },
  drain_50ms: {
    writes: QUEUED,
    queued_after_merging: parallel.queued,
    latency_ms: 50,
    sequential_ms: round(sequential.ms, 0),
    parallel_ms: round(parallel.ms, 0),
    in_flight: 8,
    speedup_vs_sequential: round(sequential.ms / parallel.ms, 2),
    last_write_per_entity_won: true,
  },
})
