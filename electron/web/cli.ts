// `npm run web`: the main-process services and the built renderer, served to a browser on 127.0.0.1.
import { readFileSync, existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createMainServices } from '../main/composition'
import { webDataDir } from './data-dir'
import { openInBrowser } from './open-browser'
import { KeychainCredentialStore } from '../main/secrets/keychain'
import { MemoryCredentialStore } from '../main/secrets/memory-store'
import { DEFAULT_DEMO } from '../main/composition'
import { startBridge } from './bridge'
import { DEFAULT_HUB_PORT } from '../main/hub/hub-server'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    json: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    keychain: { type: 'boolean', default: false },
    'demo-simulate': { type: 'string' },
    // How many times faster than real time the Demo venue's event runs (60: an hour of event a minute).
    'demo-speed': { type: 'string' },
    'demo-size': { type: 'string', default: 'small' },
    // For tests: the Demo venue's sandbox gets its control routes, and --json reports where it is.
    'demo-control': { type: 'boolean', default: false },
    // The broadcast hub's port (OBS sources point there); 0 picks a free one.
    'hub-port': { type: 'string', default: String(DEFAULT_HUB_PORT) },
    // How often what is on air is read again from the service, in ms (tests make it short).
    'broadcast-refresh': { type: 'string' },
  },
})

/** A port option: a whole number from 0 to 65535, or the command stops saying which option is wrong. */
function portOption(name: string, value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--${name} must be a whole number from 0 to 65535 (got ${value})`)
    process.exit(2)
  }
  return port
}
const port = portOption('port', values.port)
const hubPort = portOption('hub-port', values['hub-port'])
const rendererDir = fileURLToPath(new URL('../../out/renderer', import.meta.url))
if (!existsSync(rendererDir)) {
  console.error('The renderer is not built: run `npm run build:renderer` (npm run web does it for you).')
  process.exit(2)
}
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
const dataDir = values['data-dir'] ?? webDataDir()

const simulateMs =
  values['demo-simulate'] === undefined ? DEFAULT_DEMO?.simulateMs : Number(values['demo-simulate']) || undefined
const services = await createMainServices({
  version: pkg.version,
  dataDir,
  processKind: 'Matchdesk web mode',
  hub: { port: hubPort, pagesDir: rendererDir },
  ...(values['broadcast-refresh'] !== undefined && { broadcastRefreshMs: Number(values['broadcast-refresh']) }),
  // A headless machine usually has no Secret Service: secrets stay in memory unless --keychain asks.
  credentials: values.keychain ? new KeychainCredentialStore() : new MemoryCredentialStore(),
  openBrowser: openInBrowser,
  demo: {
    ...DEFAULT_DEMO,
    simulateMs,
    ...(values['demo-speed'] !== undefined && { speed: Number(values['demo-speed']) }),
    control: values['demo-control'],
    size: values['demo-size'] as 'small' | 'medium' | 'large',
  },
})
const bridge = await startBridge({ services, rendererDir, port })

const sandbox = services.connections.sandbox
const demo = values['demo-control']
  ? {
      demo: {
        origin: sandbox.origin,
        apiKey: sandbox.apiKey,
        clientId: sandbox.clientId,
        clientSecret: sandbox.clientSecret,
      },
    }
  : {}
const hub = services.hub?.url ?? ''
const layouts = services.hub?.layoutsUrl ?? ''
const players = services.hub?.playersUrl ?? ''
if (values.json) console.log(JSON.stringify({ url: bridge.url, token: bridge.token, hub, layouts, players, ...demo }))
else
  console.log(`Matchdesk web mode: open ${bridge.url} (data in ${dataDir}; broadcast hub on ${hub}); Ctrl+C stops it.`)

const stop = () => {
  void bridge
    .close()
    .then(() => services.close())
    .finally(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
