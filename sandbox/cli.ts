// `npm run sandbox -- [--host 192.168.1.20] --port 0 --seed 1 --size small [--simulate [ms]] [--speed N] [--offline [ms]]
// [--control] [--state FILE] [--json]` — with --host, on that address of the staff network, for several desks to share.
import { parseArgs } from 'node:util'
import { startSandbox } from './index'

const argv = process.argv.slice(2)

/** A flag that may stand alone or take a number of ms: `--simulate`, `--simulate 50`. Removed from argv. */
function flagWithMs(name: string, alone: number): number | undefined {
  const at = argv.indexOf(name)
  if (at < 0) return undefined
  const next = argv[at + 1]
  const ms = next && /^\d+$/.test(next) ? Number(argv.splice(at + 1, 1)[0]) : alone
  argv.splice(at, 1)
  return ms
}
const simulateMs = flagWithMs('--simulate', 1000)
/** `--offline` alone: offline until SIGUSR2 (Infinity); `--offline MS`: offline that long, then back. */
const offlineMs = flagWithMs('--offline', Infinity)

const { values } = parseArgs({
  args: argv,
  options: {
    host: { type: 'string' },
    port: { type: 'string', default: '0' },
    state: { type: 'string' },
    seed: { type: 'string', default: '1' },
    size: { type: 'string', default: 'small' },
    speed: { type: 'string' },
    control: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    latency: { type: 'string' },
    'failure-rate': { type: 'string' },
    'failure-status': { type: 'string' },
    'retry-after': { type: 'string' },
    'drop-rate': { type: 'string' },
    'lose-response-rate': { type: 'string' },
    'api-key': { type: 'string' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
  },
})

const num = (value: string | undefined) => (value === undefined ? undefined : Number(value))
const defined = <T extends object>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T

try {
  const sandbox = await startSandbox(
    defined({
      host: values.host,
      port: num(values.port),
      stateFile: values.state,
      seed: num(values.seed),
      size: values.size as 'small',
      simulateMs,
      speed: num(values.speed),
      control: values.control,
      apiKey: values['api-key'],
      clientId: values['client-id'],
      clientSecret: values['client-secret'],
      faults: defined({
        latencyMs: num(values.latency),
        failureRate: num(values['failure-rate']),
        failureStatus: num(values['failure-status']) as 503 | undefined,
        retryAfterSeconds: num(values['retry-after']),
        dropRate: num(values['drop-rate']),
        loseResponseRate: num(values['lose-response-rate']),
        offline: offlineMs === Infinity || undefined,
      }),
    }),
  )
  if (offlineMs !== undefined && offlineMs !== Infinity) await sandbox.faults.update({ offlineForMs: offlineMs })
  // Nothing else holds the process while the server is closed for an outage: it lives until it is signalled.
  const alive = setInterval(() => undefined, 60_000)
  // SIGUSR2 switches between offline and online (POSIX only; on Windows use --control and /_sandbox/faults).
  process.on('SIGUSR2', () => void sandbox.faults.setOffline(!sandbox.faults.settings.offline))
  const { origin, organizer, participant, v1, auth, account, apiKey, clientId, clientSecret } = sandbox
  if (values.json)
    console.log(JSON.stringify({ origin, organizer, participant, v1, auth, account, apiKey, clientId, clientSecret }))
  else console.log(`Sandbox Organizer service on ${origin} (API key ${apiKey}, client ${clientId}); Ctrl+C stops it.`)
  const stop = () => {
    clearInterval(alive)
    void sandbox.close().finally(() => process.exit(0))
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(2)
}
