// The torture test's child: Matchdesk's main services, applying operations from an index, acknowledging each on stdout.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { createMainServices } from '../../electron/main/composition'
import { integrityCheck } from '../../electron/main/db/db'
import { SERVICE_BASE_KEYS, type ServiceBases } from '../../shared/ipc/service-bases'
import type { Operation } from './operations'

interface Config {
  sandbox: ServiceBases & {
    apiKey: string
    clientId: string
    clientSecret: string
  }
  tournamentId: string
  /** Someone else's streams, identical to some of ours: never ours to change. */
  twinIds: string[]
  dataDir: string
  operationsFile: string
  start: number
  mode: 'operations' | 'drain'
}

const config = JSON.parse(process.env['TORTURE_CONFIG']!) as Config
const operations = JSON.parse(readFileSync(config.operationsFile, 'utf8')) as Operation[]
const services = await createMainServices({
  version: 'torture',
  processKind: 'a torture worker',
  dataDir: config.dataDir,
  demo: { seed: 1 },
  offline: { probeMinMs: 50, replayBaseMs: 20 },
})

async function call<T>(channel: string, input: unknown): Promise<T> {
  const result = await services.dispatch(channel, input)
  if (!result.ok) throw Object.assign(new Error(`${channel}: ${result.error.message}`), { appError: result.error })
  return result.value as T
}

// Secrets live in memory here, so the profile is saved again (with them) on every start.
const { sandbox: sb } = config
const profiles = await call<{ id: string; name: string }[]>('profiles:list', {})
const saved = await call<{ id: string }>('profiles:save', {
  ...(profiles.find((p) => p.name === 'Torture venue') && { id: profiles.find((p) => p.name === 'Torture venue')!.id }),
  name: 'Torture venue',
  clientId: sb.clientId,
  apiKey: sb.apiKey,
  clientSecret: sb.clientSecret,
  method: 'client-credentials',
  scopes: ['organizer:view', 'organizer:result', 'organizer:admin', 'organizer:participant'],
  baseUrls: Object.fromEntries(SERVICE_BASE_KEYS.map((key) => [key, sb[key]])),
})
await call('profiles:activate', { id: saved.id })

/** The first start may fall in an offline period: keep trying until the tournament is in the local copy. */
async function warm(): Promise<void> {
  for (;;) {
    try {
      await call('participants:list', { tournamentId: config.tournamentId, filters: {} })
      await call('streams:list', { tournamentId: config.tournamentId, filters: {} })
      await call('bracket:nodes', { tournamentId: config.tournamentId, filters: {} })
      return
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** Our stream's id by name, as the list shows it now. */
async function streamId(name: string): Promise<string> {
  const { items } = await call<{ items: { id: string; name: string }[] }>('streams:list', {
    tournamentId: config.tournamentId,
    filters: {},
  })
  return items.find((s) => s.name === name && !config.twinIds.includes(s.id))?.id ?? 'unresolved'
}

/** The call an operation makes, with the ids resolved now. */
async function request(op: Operation): Promise<[string, Record<string, unknown>]> {
  const requestId = `op-${op.i}`
  switch (op.type) {
    case 'checkin':
      return ['checkin:set', { participantId: op.participantId, checkedIn: op.checkedIn, requestId }]
    case 'create':
      return [
        'streams:create',
        { body: { tournament_id: config.tournamentId, name: op.name, url: op.url, language: op.language }, requestId },
      ]
    case 'update':
      return ['streams:update', { id: await streamId(op.name), body: { language: op.language }, requestId }]
    case 'delete':
      return ['streams:delete', { id: await streamId(op.name), requestId }]
    case 'links':
      return [
        'match-streams:replace',
        { matchId: op.matchId, streamIds: await Promise.all(op.names.map(streamId)), requestId },
      ]
  }
}

/**
 * Sends an operation as a client that retries must: the request is written down (synced) before it leaves, and a
 * retry after a crash sends exactly that request again, so its requestId answers from the stored receipt.
 */
const journal = `${config.dataDir}-sent`
mkdirSync(journal, { recursive: true })
async function apply(op: Operation): Promise<void> {
  const file = join(journal, `op-${op.i}.json`)
  const sent = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as [string, unknown]) : undefined
  const [channel, input] = sent ?? (await request(op))
  if (!sent) {
    // Through a synced temporary file: a kill while writing leaves no half-written request behind.
    const fd = openSync(`${file}.tmp`, 'w')
    writeSync(fd, JSON.stringify([channel, input]))
    fsyncSync(fd)
    closeSync(fd)
    renameSync(`${file}.tmp`, file)
  }
  await call(channel, input)
}

await warm()
console.log('ready')
if (config.mode === 'operations') {
  for (const op of operations.slice(config.start)) {
    try {
      await apply(op)
    } catch (error) {
      // A request id already answered before the crash is replayed from its receipt, so this is a real refusal.
      console.log(`fail ${op.i} ${error instanceof Error ? error.message : String(error)}`)
      process.exit(1)
    }
    console.log(`ack ${op.i}`)
  }
  console.log('done')
} else {
  const offline = services.connections.active.offline
  if (process.env['TORTURE_DEBUG'])
    setInterval(
      () =>
        console.log(
          'debug',
          offline.connectivity.state,
          offline.replayer.sending,
          JSON.stringify(offline.outbox.counts()),
          offline.outbox.eligible(Date.now(), 4).length,
        ),
      1000,
    ).unref()
  await offline.replayer.drain(120_000)
  const status = offline.status()
  console.log(
    `drained ${JSON.stringify({ pending: status.pending, attention: status.attention, integrity: integrityCheck(offline.db) })}`,
  )
}
await services.close()
process.exit(0)
