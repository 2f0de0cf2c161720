// Run inside the test's network namespace (see venue-lan.test.ts): the hub opened to the venue network on 10.77.0.1
// and web mode's bridge on loopback, while an attacker process floods the hub from 10.77.0.2–11. This process watches
// what this machine's own clients see (loopback feeds every 50 ms, the bridge) and its own file descriptors; prints
// JSON for the test to judge.
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { request } from 'node:http'
import { startBridge } from '../../electron/web/bridge'
import type { HubStatus, PairingCode } from '../../shared/ipc/hub'
import { startLanDesk } from './lan-desk'

const HUB_ADDRESS = '10.77.0.1'
const SOURCES = Array.from({ length: 10 }, (_, i) => `10.77.0.${i + 2}`)

const { services, pagesDir, value, firstStream } = await startLanDesk()
const hub = services.hub!
const bridge = await startBridge({ services, rendererDir: pagesDir })

/** One GET on loopback: its time in ms, or null when it failed. */
function timedGet(url: string, headers: Record<string, string> = {}): Promise<number | null> {
  const started = performance.now()
  return new Promise((resolve) => {
    const req = request(url, { agent: false, headers, timeout: 5_000 }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : null))
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(null))
    req.end()
  })
}

const descriptors = () => readdirSync('/proc/self/fd').length
const results: Record<string, unknown> = {}
try {
  const streamId = await firstStream()
  const feedUrl = `${hub.url}/feed/v1/streams/${streamId}`
  await value<HubStatus>('hub:configure', { lan: true })
  const code = await value<PairingCode>('hub:pair', { name: 'OBS PC', kind: 'overlay' })
  const paired = services.registry.exchange(code.code, SOURCES[0]!)
  const key = 'key' in paired ? paired.key : ''

  const before = descriptors()
  let peak = before
  let lanPeak = 0
  const loopback: (number | null)[] = []
  const bridgeAnswers: (number | null)[] = []
  let watching = true
  const watch = (async () => {
    while (watching) {
      peak = Math.max(peak, descriptors())
      lanPeak = Math.max(lanPeak, hub.lanConnections().open)
      const [feed, desk] = await Promise.all([
        timedGet(feedUrl),
        timedGet(`${bridge.url}/`, { host: new URL(bridge.url).host }),
      ])
      loopback.push(feed)
      bridgeAnswers.push(desk)
      peak = Math.max(peak, descriptors())
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()

  const attack = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'tests/security/lan-flood-attacker.ts',
      JSON.stringify({
        hub: HUB_ADDRESS,
        port: hub.port,
        key,
        sources: SOURCES,
        idlePerSource: 300,
        streams: 100,
        holdMs: 15_000,
      }),
      `/feed/v1/streams/${streamId}/events`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let attackOut = ''
  attack.stdout.on('data', (chunk: Buffer) => (attackOut += chunk.toString()))
  // After the timeouts (12 s in, or when the attacker is done, if sooner): what the hub still keeps open.
  const late = setTimeout(() => (results['lanOpenLate'] = hub.lanConnections().open), 12_000)
  await new Promise((resolve) => attack.once('exit', resolve))
  clearTimeout(late)
  results['lanOpenLate'] ??= hub.lanConnections().open
  watching = false
  await watch

  const answered = loopback.filter((ms): ms is number => ms !== null).sort((a, b) => a - b)
  results['attacker'] = JSON.parse(attackOut.trim().split('\n').at(-1) ?? '{}')
  results['descriptorsBefore'] = before
  results['descriptorsPeak'] = peak
  results['lanOpenPeak'] = lanPeak
  results['lanRefused'] = hub.lanConnections().refused
  results['loopbackRequests'] = loopback.length
  results['loopbackFailed'] = loopback.filter((ms) => ms === null).length
  results['loopbackP99Ms'] = Math.round(answered[Math.floor(answered.length * 0.99)] ?? -1)
  results['bridgeFailed'] = bridgeAnswers.filter((ms) => ms === null).length
} catch (error) {
  results['error'] = String(error)
} finally {
  await bridge.close()
  await services.close()
}
console.log(JSON.stringify(results))
process.exit(0)
