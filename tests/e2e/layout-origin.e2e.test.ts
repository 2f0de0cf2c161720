/// <reference lib="dom" />
// A producer's layout runs its own code: served from its own origin (a port of its own) under a sandboxing CSP, it
// cannot read a paired door's key from the hub's storage, open the pairing page, or reach the door, board or control
// routes; it still reads its stream's feed. The hostile layout here tries each and writes what it got into its page.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './support/browser'
import { startWebMode, type WebMode } from './support/web-mode'

let web: WebMode
let browser: Browser

const HOSTILE = `
const hub = new URLSearchParams(location.search).get('hub')
const stream = new URLSearchParams(location.search).get('stream')
const seen = {}
const attempt = async (name, work) => {
  try { seen[name] = await work() } catch (error) { seen[name] = 'refused: ' + (error && error.name) }
}
await attempt('storage', () => { try { return localStorage.getItem('matchdesk.deviceKey') } catch { return 'no storage' } })
await attempt('popup', () => { const w = window.open('/pair'); return w ? 'opened' : 'blocked' })
await attempt('popupHub', () => { const w = window.open(hub + '/pair'); return w ? 'opened' : 'blocked' })
for (const path of ['/door/v1/session', '/door/v1/participants', '/board/v1/state', '/pair', '/control/v1/streams/' + stream + '/hold'])
  await attempt('own ' + path, async () => (await fetch(path, { method: path.startsWith('/control') ? 'POST' : 'GET' })).status)
await attempt('hub door', async () => (await fetch(hub + '/door/v1/participants')).status)
await attempt('feed', async () => (await fetch('/feed/v1/streams/' + stream)).status)
document.body.dataset.seen = JSON.stringify(seen)
`

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0'])
  browser = await launchBrowser()
  const dir = join(web.dataDir, 'layouts', 'hostile')
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><title>hostile</title><script type="module" src="app.js"></script>',
  )
  writeFileSync(join(dir, 'app.js'), HOSTILE)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

describe('a layout on its own origin', () => {
  it('cannot reach a paired door’s key, the pairing page or the door, board and control routes; reads its feed', async () => {
    const tournaments = await web.ipc<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
    const tournament = tournaments.items.find((t) => t.name === 'Lyon LAN Winter Cup')!
    const streams = await web.ipc<{ items: { id: string }[] }>('streams:list', {
      tournamentId: tournament.id,
      filters: {},
    })
    const streamId = streams.items[0]!.id
    await web.ipc('broadcast:status', { tournamentId: tournament.id })
    const context = await browser.newContext()
    // A door paired in this browser: its key sits in the hub origin's storage.
    const pairing = await web.ipc<{ code: string }>('hub:pair', {
      name: 'Door 1',
      kind: 'door',
      tournamentId: tournament.id,
    })
    const door = await context.newPage()
    await door.goto(`${web.hub}/pair#code=${pairing.code}`)
    await door.waitForURL(`${web.hub}/door`, { waitUntil: 'commit' })
    await expect.poll(() => door.evaluate(() => localStorage.getItem('matchdesk.deviceKey'))).toMatch(/.{16,}/)

    expect(new URL(web.layouts).origin).not.toBe(new URL(web.hub).origin)
    const layout = await context.newPage()
    const response = await layout.goto(
      `${web.layouts}/layouts/hostile/?stream=${streamId}&hub=${encodeURIComponent(web.hub)}`,
    )
    expect(response?.headers()['content-security-policy']).toMatch(/sandbox allow-scripts allow-same-origin/)
    expect(response?.headers()['cross-origin-opener-policy']).toBe('same-origin')
    await expect.poll(() => layout.evaluate(() => document.body.dataset['seen'] ?? '')).not.toBe('')
    const seen = JSON.parse((await layout.evaluate(() => document.body.dataset['seen']))!) as Record<string, unknown>
    expect(seen).toEqual({
      storage: null,
      popup: 'blocked',
      popupHub: 'blocked',
      'own /door/v1/session': 'refused: TypeError',
      'own /door/v1/participants': 'refused: TypeError',
      'own /board/v1/state': 'refused: TypeError',
      'own /pair': 'refused: TypeError',
      [`own /control/v1/streams/${streamId}/hold`]: 'refused: TypeError',
      'hub door': 'refused: TypeError',
      feed: 200,
    })
    expect(context.pages()).toHaveLength(2)
    // The hub no longer serves layouts itself.
    expect((await fetch(`${web.hub}/layouts/starter/`)).status).toBe(401)
    await context.close()
  })
})
