// Doors at a busy venue: 10 paired door devices each scan 100 badges at once through the hub (loopback, keep-alive,
// as phones on the venue Wi-Fi would), then all 10 scan the same 50 badges at once. Every scan must be answered,
// each person written to the service exactly once, and the desk's outbox drained afterwards.
import { Agent, request } from 'node:http'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PairingCode } from '../shared/ipc/hub'
import type { DoorOutcome } from '../shared/venue/door'
import { createMainServices } from '../electron/main/composition'
import { MemoryCredentialStore } from '../electron/main/secrets/memory-store'
import { percentile, report, round } from './support/stats'

const DOORS = 10
const SCANS_PER_DOOR = 100
const CONTENDED = 50
const ACK_GOAL_MS = 50

const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-bench-venue-pages-'))
mkdirSync(join(pagesDir, 'assets'))
writeFileSync(join(pagesDir, 'door.html'), '<!doctype html><title>door</title>')
const services = await createMainServices({
  version: 'bench',
  dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-bench-venue-')),
  credentials: new MemoryCredentialStore(),
  demo: { seed: 1, size: 'large' },
  hub: { port: 0, pagesDir },
  broadcastRefreshMs: 0,
})
const { sandbox } = services.connections
const hub = new URL(services.hub!.url)

async function value<T>(channel: string, input: unknown): Promise<T> {
  const result = await services.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

/** One JSON POST to the hub on a door's own keep-alive connection: the answer and how long it took (ms). */
function post(agent: Agent, key: string, path: string, body: unknown): Promise<{ ms: number; answer: DoorOutcome }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hub.hostname,
        port: hub.port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'x-matchdesk-key': key },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${path}: ${res.statusCode} ${text}`))
          resolve({ ms: performance.now() - started, answer: JSON.parse(text) as DoorOutcome })
        })
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

async function pairDoor(name: string, tournamentId: string): Promise<string> {
  const code = await value<PairingCode>('hub:pair', { name, kind: 'door', tournamentId })
  const agent = new Agent({ keepAlive: true })
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hub.hostname,
        port: hub.port,
        path: '/pair/v1/exchange',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () =>
          res.statusCode === 200 ? resolve((JSON.parse(text) as { key: string }).key) : reject(new Error(text)),
        )
      },
    )
    req.end(JSON.stringify({ code: code.code }))
  })
}

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
    key: await pairDoor(`Door ${i + 1}`, event.id),
    agent: new Agent({ keepAlive: true }),
  })),
)
const writesOnService = () =>
  Object.entries(sandbox.stats.snapshot().routes)
    .filter(([route]) => route.startsWith('PATCH ') && route.includes('participants'))
    .reduce((sum, [, count]) => sum + count, 0)
sandbox.stats.reset()

// Round 1: every door its own 100 badges, all doors at once.
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
