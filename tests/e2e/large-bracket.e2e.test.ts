/// <reference lib="dom" />
// The 2,048-entrant double elimination in Chromium: drawn a window at a time, and the window follows the user's scrolling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, screenshotPath } from './support/browser'
import { startWebMode, type WebMode } from './support/web-mode'

let web: WebMode
let browser: Browser
let page: Page

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0', '--demo-size', 'large'])
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await page.goto(web.url)
  await page
    .getByRole('row', { name: /Mega Open/ })
    .getByRole('button', { name: 'Open' })
    .click()
})

afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

const canvas = () => page.getByTestId('bracket-canvas')
const drawnIds = () =>
  page
    .locator('[data-testid="bracket-match"]')
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('data-match-id')))

describe('a 4,094-match bracket', () => {
  it('draws only the matches around the visible part, at the full picture size', async () => {
    await page.keyboard.press('Control+5')
    await expect.poll(() => canvas().getAttribute('data-matches'), { timeout: 30_000 }).toBe('4094')
    await expect.poll(async () => (await drawnIds()).length).toBeGreaterThan(0)
    expect((await drawnIds()).length).toBeLessThan(200)
    expect(Number(await canvas().getAttribute('height'))).toBeGreaterThan(50_000)
    await page.screenshot({ path: screenshotPath('bracket-large-top') })
  })

  it('draws other matches as the user scrolls with the mouse wheel, and the first ones again on the way back', async () => {
    const first = await drawnIds()
    await canvas().hover()
    await page.mouse.wheel(0, 30_000)
    await expect.poll(async () => (await drawnIds()).some((id) => first.includes(id))).toBe(false)
    expect((await drawnIds()).length).toBeGreaterThan(0)
    await page.screenshot({ path: screenshotPath('bracket-large-scrolled') })
    await page.mouse.wheel(0, -30_000)
    await expect.poll(async () => (await drawnIds()).includes(first[0]!)).toBe(true)
  })
})
