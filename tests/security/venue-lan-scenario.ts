// Run inside a network namespace with two addresses on a veth pair (see venue-lan.test.ts): the hub opened to the "venue
// network" on 10.77.0.1, a device at 10.77.0.2. Prints what each request was answered, as JSON, for the test to judge.
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { HubStatus, PairingCode } from '../../shared/ipc/hub'
import { startLanDesk } from './lan-desk'

const HUB_ADDRESS = '10.77.0.1'
const DEVICE_ADDRESS = '10.77.0.2'
/** A container bridge's address on this machine: the hub opens there only when the admin chooses it. */
const DOCKER_ADDRESS = '172.17.0.1'

const { services, value, firstStream, dataDir } = await startLanDesk()
const hub = services.hub!

/** One request from `from` to `to`, answering its status (or the connection's error code), Set-Cookie and body. */
function ask(
  from: string,
  to: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; host?: string; port?: number } = {},
): Promise<{ status: number | string; cookie: string; body: string }> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: to,
        port: options.port ?? hub.port,
        path,
        localAddress: from,
        agent: false,
        method: options.method ?? 'GET',
        headers: {
          host: options.host ?? `${to}:${options.port ?? hub.port}`,
          'content-type': 'application/json',
          ...options.headers,
        },
      },
      (res) => {
        let body = ''
        if (res.headers['set-cookie']) cookiesSet.push(...res.headers['set-cookie'])
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cookie: String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '',
            body,
          }),
        )
      },
    )
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: error.code ?? 'error', cookie: '', body: '' }))
    req.end(options.method === 'POST' ? '' : undefined)
  })
}

/** Set-Cookie headers the hub sent: a cookie is not port-scoped, so any would reach NodeCG or TSH beside Matchdesk. */
const cookiesSet: string[] = []

/** What a device on the network does with a pairing code: trades it for its key. */
function exchange(code: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: HUB_ADDRESS,
        port: hub.port,
        path: '/pair/v1/exchange',
        method: 'POST',
        localAddress: DEVICE_ADDRESS,
        agent: false,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let body = ''
        if (res.headers['set-cookie']) cookiesSet.push(...res.headers['set-cookie'])
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve((JSON.parse(body) as { key: string }).key))
      },
    )
    req.on('error', reject)
    req.end(JSON.stringify({ code }))
  })
}

const results: Record<string, unknown> = {}
try {
  const streamId = await firstStream()
  const feed = `/feed/v1/streams/${streamId}`

  results['lanBeforeOn'] = (await ask(DEVICE_ADDRESS, HUB_ADDRESS, feed)).status
  const on = await value<HubStatus>('hub:configure', { lan: true })
  results['lanUrls'] = on.lanUrls
  results['suggested'] = on.lanInterfaces.filter((i) => i.suggested).map((i) => i.interface)
  results['dockerBeforeChosen'] = (await ask(DEVICE_ADDRESS, DOCKER_ADDRESS, feed)).status
  await value<HubStatus>('hub:configure', { lan: true, interfaces: ['v0', 'docker0'] })
  results['dockerWhenChosen'] = (await ask(DEVICE_ADDRESS, DOCKER_ADDRESS, feed)).status
  await value<HubStatus>('hub:configure', { lan: true, interfaces: null })
  results['dockerAfterSuggested'] = (await ask(DEVICE_ADDRESS, DOCKER_ADDRESS, feed)).status
  const lan = (path: string, options: Parameters<typeof ask>[3] = {}) => ask(DEVICE_ADDRESS, HUB_ADDRESS, path, options)

  // A code made while open points at the LAN address.
  const overlayCode = await value<PairingCode>('hub:pair', { name: 'OBS PC', kind: 'overlay' })
  results['pairingUrl'] = overlayCode.url
  results['feedWithoutKey'] = (await lan(feed)).status
  results['overlayWithoutKey'] = (await lan('/overlays/scoreboard')).status
  results['pairPage'] = (await lan('/pair')).status
  const overlayKey = await exchange(overlayCode.code)
  results['feedWithKey'] = (await lan(`${feed}?key=${overlayKey}`)).status
  results['feedWithWrongKey'] = (await lan(`${feed}?key=nope`)).status
  const page = await lan(`/overlays/scoreboard?stream=${streamId}&key=${overlayKey}`)
  results['overlayWithKey'] = page.status
  // A key in a cookie opens nothing: only ?key= and the X-Matchdesk-Key header, which stay with this origin.
  results['feedWithKeyInCookie'] = (await lan(feed, { headers: { cookie: `matchdesk_device=${overlayKey}` } })).status
  results['feedWithKeyHeader'] = (await lan(feed, { headers: { 'x-matchdesk-key': overlayKey } })).status
  // Built scripts and styles are code without data: any device may load them (a missing one is 404, not 401).
  results['assetWithoutKey'] = (await lan('/overlays/assets/none.js')).status
  const foreign = await lan(`${feed}?key=${overlayKey}`, { host: 'evil.example' })
  results['foreignHost'] = foreign.status
  results['refusalNamesAddress'] = /127\.0\.0\.1|10\.77\.|localhost/.test(foreign.body)
  results['rebindHost'] = (await lan(`${feed}?key=${overlayKey}`, { host: `evil.example:${hub.port}` })).status

  const token = services.registry.controlToken
  const take = `/control/v1/streams/${streamId}/hold`
  const bearer = { authorization: `Bearer ${token}` }
  results['controlTokenOnlyFromLan'] = (await lan(take, { method: 'POST', headers: bearer })).status
  const controlCode = await value<PairingCode>('hub:pair', { name: 'Companion PC', kind: 'control' })
  const controlKey = await exchange(controlCode.code)
  results['controlKeyWithoutToken'] = (await lan(`${take}?key=${controlKey}`, { method: 'POST' })).status
  results['controlKeyAndToken'] = (await lan(`${take}?key=${controlKey}`, { method: 'POST', headers: bearer })).status
  results['overlayKeyAndToken'] = (await lan(`${take}?key=${overlayKey}`, { method: 'POST', headers: bearer })).status
  results['loopbackWithoutKey'] = (await ask('127.0.0.1', '127.0.0.1', feed)).status

  // Layouts, on their own origin: links inside a layout pack (zips, tarballs and git clones carry them) never reach a
  // file outside that layout's folder — not the data folder, not /, not another layout — from here or the network.
  const layouts = join(dataDir, 'layouts')
  mkdirSync(join(layouts, 'evil'))
  symlinkSync('../../demo-venue.json', join(layouts, 'evil', 'demo.json'))
  symlinkSync('/', join(layouts, 'rootfs'))
  const outside = mkdtempSync(join(tmpdir(), 'matchdesk-outside-'))
  writeFileSync(join(outside, 'secret.json'), '{"secret":true}')
  mkdirSync(join(layouts, 'a'))
  writeFileSync(join(layouts, 'a', 'own.js'), '// a layout of its own')
  mkdirSync(join(layouts, 'b'))
  symlinkSync('../a/own.js', join(layouts, 'b', 'borrowed.js'))
  const layoutsPort = Number(new URL(hub.layoutsUrl!).port)
  const paths = {
    dataFolder: '/layouts/evil/demo.json',
    root: `/layouts/rootfs${outside}/secret.json`,
    betweenLayouts: '/layouts/b/borrowed.js',
    own: '/layouts/a/own.js',
    starter: '/layouts/starter/index.html',
  }
  for (const [where, from, to] of [
    ['Loopback', '127.0.0.1', '127.0.0.1'],
    ['Lan', DEVICE_ADDRESS, HUB_ADDRESS],
  ] as const)
    for (const [name, path] of Object.entries(paths))
      results[`layout${where}_${name}`] = (await ask(from, to, path, { port: layoutsPort })).status
  // The layouts' origin serves the feed (with a key from the network) and nothing else of the hub's.
  results['layoutOriginFeed'] = (
    await ask(DEVICE_ADDRESS, HUB_ADDRESS, `${feed}?key=${overlayKey}`, { port: layoutsPort })
  ).status
  for (const path of ['/pair', '/door', '/board', '/door/v1/session', '/overlays/scoreboard'])
    results[`layoutOrigin ${path}`] = (await ask('127.0.0.1', '127.0.0.1', path, { port: layoutsPort })).status
  results['layoutOrigin control'] = (
    await ask('127.0.0.1', '127.0.0.1', take, { port: layoutsPort, method: 'POST', headers: bearer })
  ).status
  results['hubServesLayouts'] = (await ask('127.0.0.1', '127.0.0.1', paths.starter)).status

  await value('hub:configure', { lan: false })
  results['lanAfterOff'] = (await lan(`${feed}?key=${overlayKey}`)).status
  results['loopbackAfterOff'] = (await ask('127.0.0.1', '127.0.0.1', feed)).status
  results['cookiesSet'] = cookiesSet
} catch (error) {
  results['error'] = String(error)
} finally {
  await services.close()
}
console.log(JSON.stringify(results))
