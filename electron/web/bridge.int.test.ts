// Web mode's bridge over real HTTP: token and Host guards, IPC as JSON, events as SSE, the page gets the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMainServices, type MainServices } from '../main/composition'
import { startBridge, type Bridge } from './bridge'
import { encodedVariants } from '../../tests/support/encoded-paths'
import { rawRequest, type RawAnswer } from '../../tests/support/raw-http'
import { isPackedList } from '../../shared/ipc/packed-list'
import type { Result } from '../../shared/ipc/result'
import { unpackAnswer } from '../../shared/ipc/wire'

let services: MainServices
let bridge: Bridge
const rendererDir = mkdtempSync(join(tmpdir(), 'matchdesk-renderer-'))
mkdirSync(join(rendererDir, 'assets'))
writeFileSync(join(rendererDir, 'index.html'), '<html><head><title>t</title></head><body></body></html>')
writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)')
writeFileSync(join(tmpdir(), 'matchdesk-outside.html'), 'outside')

beforeAll(async () => {
  services = await createMainServices({ version: '9.9.9', dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-data-')) })
  bridge = await startBridge({ services, rendererDir })
})
afterAll(async () => {
  await bridge.close()
  await services.close()
})

const auth = () => ({ authorization: `Bearer ${bridge.token}`, 'content-type': 'application/json' })

/** Raw request so the Host header and the path can be anything. */
const raw = (path: string, headers: Record<string, string>) =>
  rawRequest(bridge.url, path, { headers, ...(headers['host'] && { host: headers['host'] }) })

describe('web bridge', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(new URL(bridge.url).hostname).toBe('127.0.0.1')
  })

  it('answers a contract channel with its Result', async () => {
    const response = await fetch(new URL('ipc/app:info', bridge.url), { method: 'POST', headers: auth(), body: '{}' })
    expect(await response.json()).toEqual({
      ok: true,
      value: { version: '9.9.9', profile: { id: 'demo', name: 'Demo venue', demo: true }, notices: [] },
    })
  })

  it('sends a list answer packed: the page unpacks what dispatch answered, in a fraction of the bytes', async () => {
    const tournaments = await services.dispatch('tournaments:list', { filters: {} })
    const tournamentId = (tournaments as { value: { items: { id: string }[] } }).value.items[0]!.id
    const answered = await services.dispatch('bracket:nodes', { tournamentId, filters: {} })
    const response = await fetch(new URL('ipc/bracket:nodes', bridge.url), {
      method: 'POST',
      headers: auth(),
      body: JSON.stringify({ tournamentId, filters: {} }),
    })
    const text = await response.text()
    const crossed = JSON.parse(text) as Result<{ items: unknown }>
    expect(crossed.ok && isPackedList(crossed.value.items)).toBe(true)
    expect(unpackAnswer('bracket:nodes', crossed)).toEqual(answered)
    expect(text.length).toBeLessThan(JSON.stringify(answered).length / 3)
  })

  it('answers bad input with a validation Result, unknown channels with not_found', async () => {
    const bad = await fetch(new URL('ipc/app:info', bridge.url), { method: 'POST', headers: auth(), body: '{"x":1}' })
    expect(await bad.json()).toMatchObject({ ok: false, error: { code: 'validation' } })
    const unknown = await fetch(new URL('ipc/fs:read', bridge.url), { method: 'POST', headers: auth(), body: '{}' })
    expect(await unknown.json()).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })

  it('refuses calls without the token or with a wrong one', async () => {
    const none = await fetch(new URL('ipc/app:info', bridge.url), {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(none.status).toBe(401)
    const wrong = await fetch(new URL('ipc/app:info', bridge.url), {
      method: 'POST',
      body: '{}',
      headers: { ...auth(), authorization: 'Bearer nope' },
    })
    expect(wrong.status).toBe(401)
    expect((await raw('/events', {})).status).toBe(401)
  })

  it('refuses a cross-site form post (text/plain) even with the token', async () => {
    const response = await fetch(new URL('ipc/app:info', bridge.url), {
      method: 'POST',
      body: '{}',
      headers: { authorization: `Bearer ${bridge.token}`, 'content-type': 'text/plain' },
    })
    expect(response.status).toBe(415)
  })

  it('refuses requests whose Host is not 127.0.0.1:port (DNS rebinding)', async () => {
    const answer = await raw('/', { host: 'evil.example' })
    expect(answer.status).toBe(403)
    expect(answer.body).not.toContain(bridge.token)
  })

  it('serves the page with the token in a meta tag and a CSP, and never files outside the folder', async () => {
    const page = await fetch(bridge.url)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(await page.text()).toContain(`<meta name="matchdesk-bridge-token" content="${bridge.token}">`)
    const asset = await fetch(new URL('assets/app.js', bridge.url))
    expect(asset.headers.get('content-type')).toContain('text/javascript')
    expect((await raw('/../matchdesk-outside.html', { host: new URL(bridge.url).host })).status).toBe(404)
    expect((await raw('/%2e%2e/matchdesk-outside.html', { host: new URL(bridge.url).host })).status).toBe(404)
  })

  it('streams published events to subscribers as SSE', async () => {
    const controller = new AbortController()
    const response = await fetch(new URL('events', bridge.url), { headers: auth(), signal: controller.signal })
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    await reader.read() // the ": connected" comment: the subscription is in place
    services.bus.publish('app:notice', { level: 'info', message: 'Demo venue ready' })
    const { value } = await reader.read()
    expect(value).toBe('event: app:notice\ndata: {"level":"info","message":"Demo venue ready"}\n\n')
    controller.abort()
  })

  it('refuses every encoded spelling of /ipc and /events without the token: access follows the matched route', async () => {
    // The public renderer files may answer ("/?/events" is the page itself); the channels and the event stream never.
    const leaked = (a: RawAnswer) =>
      (a.status < 300 && !a.contentType.startsWith('text/html')) ||
      a.contentType.startsWith('text/event-stream') ||
      a.body.includes('"ok":')
    const answers = [
      ...encodedVariants('/ipc/app:info').map(async (path) => ({
        path,
        ...(await rawRequest(bridge.url, path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })),
      })),
      ...encodedVariants('/ipc/auth:sign-out').map(async (path) => ({
        path,
        ...(await rawRequest(bridge.url, path, { method: 'POST' })),
      })),
      ...encodedVariants('/events').map(async (path) => ({ path, ...(await rawRequest(bridge.url, path)) })),
    ]
    const leaks = (await Promise.all(answers)).filter(leaked)
    expect(leaks.map((a) => `${a.path} → ${a.status} ${a.contentType}`)).toEqual([])
    expect(answers.length).toBeGreaterThan(80)
  })

  it('refuses an IPC call that is not JSON, as a no-cors cross-site fetch would send it', async () => {
    const bare = await rawRequest(bridge.url, '/ipc/auth:sign-out', {
      method: 'POST',
      headers: { authorization: `Bearer ${bridge.token}` },
    })
    expect(bare.status).toBe(415)
  })
})
