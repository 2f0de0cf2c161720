/// <reference lib="dom" />
// A page's failure is in main's log: the desk's window, an overlay in OBS and a paired door each send what went wrong
// on them to the desk's matchdesk.log, with where it happened (a page's budget: lib/page-failures.test.ts, main's:
// electron/main/page-log.test.ts).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './support/browser'
import { startWebMode, tournamentNamed, type WebMode } from './support/web-mode'

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

type Line = { module?: string; msg?: string; source?: string; stack?: string; level?: number }
const logLines = (): Line[] => {
  const file = join(web.dataDir, 'matchdesk.log')
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line)
}
/** Waits for the log to hold a line saying `message` (the page gathers its lines for a moment before sending). */
async function loggedLine(message: string): Promise<Line> {
  for (;;) {
    const found = logLines().find((line) => line.msg === message)
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
const throwOn = (page: Page, message: string) =>
  page.evaluate((said) => {
    setTimeout(() => {
      throw new Error(said)
    })
  }, message)

describe('a page’s failures reach main’s log', () => {
  it('the desk window’s uncaught error and rejection', async () => {
    const page = await browser.newPage()
    await page.goto(web.url)
    await page.getByRole('navigation').waitFor()
    await throwOn(page, 'a failure in the desk window')
    await page.evaluate(() => void Promise.reject(new Error('a rejection in the desk window')))
    const thrown = await loggedLine('a failure in the desk window')
    expect(thrown).toMatchObject({ module: 'page:desk-window', source: 'desk window', level: 50 })
    expect(thrown.stack).toContain('a failure in the desk window')
    await loggedLine('a rejection in the desk window')
    await page.close()
  })

  it('an overlay’s and a paired door’s, under the device that sent them', async () => {
    const tournamentId = await tournamentNamed(web, 'Street Fighter Weekly 42')
    const streams = await web.ipc<{ items: { id: string }[] }>('streams:list', { tournamentId, filters: {} })
    const overlay = await browser.newPage()
    await overlay.goto(`${web.hub}/overlays/scoreboard?stream=${streams.items[0]!.id}`)
    await throwOn(overlay, 'a failure in the scoreboard')
    expect(await loggedLine('a failure in the scoreboard')).toMatchObject({
      module: 'page:overlay-scoreboard',
      source: 'this machine',
    })
    await overlay.close()

    const code = await web.ipc<{ code: string }>('hub:pair', { name: 'North door', kind: 'door', tournamentId })
    const door = await browser.newPage()
    await door.goto(`${web.hub}/pair#code=${code.code}`)
    await door.waitForURL(`${web.hub}/door`, { waitUntil: 'commit' })
    await door.getByRole('heading').first().waitFor()
    await throwOn(door, 'a failure at the north door')
    const line = await loggedLine('a failure at the north door')
    expect(line).toMatchObject({ module: 'page:door' })
    expect(line.source).toMatch(/^door North door \([0-9a-f]{8}\)$/)
    await door.close()
  })

  it('the hub takes no more lines than a call may carry, and says so', async () => {
    const tooMany = await fetch(`${web.hub}/log/v1/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ lines: Array(21).fill({ level: 'warn', module: 'overlay', message: 'x' }) }),
    })
    expect(tooMany.status).toBe(400)
    expect(((await tooMany.json()) as { error: string }).error).toBe('lines: at most 20 at once')
  })
})
