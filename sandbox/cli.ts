// `npm run sandbox -- --port 0 --seed 1 --size small [--simulate [ms]] [--control] [--json]`
import { parseArgs } from 'node:util'
import { startSandbox } from './index'

const argv = process.argv.slice(2)
// `--simulate` may stand alone or take a tick length in ms.
const simulateAt = argv.indexOf('--simulate')
let simulateMs: number | undefined
if (simulateAt >= 0) {
  const next = argv[simulateAt + 1]
  simulateMs = next && /^\d+$/.test(next) ? Number(argv.splice(simulateAt + 1, 1)[0]) : 1000
  argv.splice(simulateAt, 1)
}

const { values } = parseArgs({
  args: argv,
  options: {
    port: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    size: { type: 'string', default: 'small' },
    control: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    latency: { type: 'string' },
    'failure-rate': { type: 'string' },
    'failure-status': { type: 'string' },
    'retry-after': { type: 'string' },
    'drop-rate': { type: 'string' },
    'lose-response-rate': { type: 'string' },
    offline: { type: 'boolean' },
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
      port: num(values.port),
      seed: num(values.seed),
      size: values.size as 'small',
      simulateMs,
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
        offline: values.offline,
      }),
    }),
  )
  const { origin, organizer, participant, v1, auth, account, apiKey, clientId, clientSecret } = sandbox
  if (values.json)
    console.log(JSON.stringify({ origin, organizer, participant, v1, auth, account, apiKey, clientId, clientSecret }))
  else console.log(`Sandbox Organizer service on ${origin} (API key ${apiKey}, client ${clientId}); Ctrl+C stops it.`)
  const stop = () => void sandbox.close().finally(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(2)
}
