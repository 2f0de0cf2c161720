// Web mode's bridge over real HTTP: token and Host guards, IPC as JSON, events as SSE, the page gets the token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'node:http'
import { createMainServices, type MainServices } from '../main/composition'
import { startBridge, type Bridge } from './bridge'

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
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(bridge.url)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: url.port, path, headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString()))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('web bridge', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(new URL(bridge.url).hostname).toBe('127.0.0.1')
  })

  it('answers a contract channel with its Result', async () => {
    const response = await fetch(new URL('ipc/app:info', bridge.url), { method: 'POST', headers: auth(), body: '{}' })
    expect(await response.json()).toEqual({
      ok: true,
      value: { version: '9.9.9', profile: { id: 'demo', name: 'Demo venue', demo: true } },
    })
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
})
