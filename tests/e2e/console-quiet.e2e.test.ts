/// <reference lib="dom" />
// What OBS's and a phone's console show on load: nothing refused. Every overlay, a paired door and a venue board load
// without a request the hub refuses (no favicon asked of a route that does not exist) and without console errors.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OVERLAYS } from '../../shared/broadcast/overlays'
import { launchBrowser } from './support/browser'
import { startWebMode, type WebMode } from './support/web-mode'

let web: WebMode
let browser: Browser

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0'])
  browser = await launchBrowser()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

/** Every refused answer and console error a page had while it loaded and settled. */
function watch(page: Page): string[] {
  const seen: string[] = []
  page.on('response', (response) => {
    if (response.status() >= 400) seen.push(`${response.status()} ${new URL(response.url()).pathname}`)
  })
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()}`)
  })
  return seen
}

describe('pages load quietly', () => {
  it('overlays, a paired door and a board log nothing refused', async () => {
    const tournaments = await web.ipc<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
    const tournamentId = tournaments.items.find((t) => t.name === 'Street Fighter Weekly 42')!.id
    const streams = await web.ipc<{ items: { id: string }[] }>('streams:list', { tournamentId, filters: {} })
    await web.ipc('broadcast:status', { tournamentId })
    const problems: string[] = []
    const context = await browser.newContext()
    for (const { kind } of OVERLAYS) {
      const page = await context.newPage()
      const seen = watch(page)
      await page.goto(`${web.hub}/overlays/${kind}?stream=${streams.items[0]!.id}`)
      // Its feed in and drawn (two frames): whatever it would ask or log on load, it has.
      await page.locator('body[data-feed="arrived"]').waitFor()
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      problems.push(...seen.map((s) => `${kind}: ${s}`))
      await page.close()
    }
    for (const kind of ['door', 'board'] as const) {
      const code = await web.ipc<{ code: string }>('hub:pair', { name: `A ${kind}`, kind, tournamentId })
      const page = await context.newPage()
      const seen = watch(page)
      await page.goto(`${web.hub}/pair#code=${code.code}`)
      await page.waitForURL(`${web.hub}/${kind}`, { waitUntil: 'commit' })
      await page.waitForTimeout(800)
      problems.push(...seen.map((s) => `${kind}: ${s}`))
      await page.close()
    }
    await context.close()
    expect(problems).toEqual([])
  })
})
