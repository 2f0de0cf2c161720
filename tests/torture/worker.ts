// The torture test's child: Matchdesk's main services, applying operations from an index, acknowledging each on stdout.
import { readFileSync } from 'node:fs'
import { createMainServices } from '../../electron/main/composition'
import { integrityCheck } from '../../electron/main/offline/db'
import type { Operation } from './operations'

interface Config {
  sandbox: {
    organizer: string
    participant: string
    v1: string
    auth: string
    account: string
    apiKey: string
    clientId: string
    clientSecret: string
  }
  tournamentId: string
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
  baseUrls: { organizer: sb.organizer, participant: sb.participant, v1: sb.v1, auth: sb.auth, account: sb.account },
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

/** The stream's id by name; a name no longer there means this operation already ran before a crash, and its
 * request id answers from the stored receipt (a placeholder id is never looked at then). */
async function streamId(name: string): Promise<string> {
  const { items } = await call<{ items: { id: string; name: string }[] }>('streams:list', {
    tournamentId: config.tournamentId,
    filters: {},
  })
  return items.find((s) => s.name === name)?.id ?? `unresolved-${name}`
}

async function apply(op: Operation): Promise<void> {
  const requestId = `op-${op.i}`
  switch (op.type) {
    case 'checkin':
      return void (await call('checkin:set', { participantId: op.participantId, checkedIn: op.checkedIn, requestId }))
    case 'create':
      return void (await call('streams:create', {
        body: { tournament_id: config.tournamentId, name: op.name, url: op.url, language: op.language },
        requestId,
      }))
    case 'update':
      return void (await call('streams:update', {
        id: await streamId(op.name),
        body: { language: op.language },
        requestId,
      }))
    case 'delete':
      return void (await call('streams:delete', { id: await streamId(op.name), requestId }))
    case 'links':
      return void (await call('match-streams:replace', {
        matchId: op.matchId,
        streamIds: await Promise.all(op.names.map(streamId)),
        requestId,
      }))
  }
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
