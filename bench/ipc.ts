// IPC round-trips of app:info: through the dispatcher in-process, and over web mode's HTTP bridge.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMainServices } from '../electron/main/composition'
import { startBridge } from '../electron/web/bridge'
import { measure, report } from './support/stats'

const CALLS = 2000
const services = await createMainServices({
  version: 'bench',
  dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-bench-')),
})
const rendererDir = mkdtempSync(join(tmpdir(), 'matchdesk-bench-renderer-'))
mkdirSync(rendererDir, { recursive: true })
writeFileSync(join(rendererDir, 'index.html'), '<html><head></head></html>')
const bridge = await startBridge({ services, rendererDir })
const url = new URL('ipc/app:info', bridge.url)
const headers = { authorization: `Bearer ${bridge.token}`, 'content-type': 'application/json' }

const inProcess = await measure(CALLS, () => services.dispatch('app:info', {}))
const overBridge = await measure(CALLS, async () => (await fetch(url, { method: 'POST', headers, body: '{}' })).json())

await bridge.close()
await services.close()
report({ benchmark: 'ipc', channel: 'app:info', in_process: inProcess, web_bridge: overBridge })
