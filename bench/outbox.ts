// The outbox: durable check-in acknowledgements per second and their latency, and draining 1,000 queued writes.
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
})
