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

describe('finding a match in it', () => {
  it('names the groups and the rounds', async () => {
    await page.evaluate(() => document.querySelector('[data-testid="bracket-canvas"]')!.parentElement!.scrollTo(0, 0))
    const options = await page.getByLabel('Group').locator('option').allTextContents()
    expect(options).toEqual(['all', 'Winners', 'Losers', 'Grand final'])
    await expect.poll(() => page.getByTestId('round-heading').first().textContent()).toBe('Winners round 1')
  })

  it('finds a match by label or player with / then Enter: drawn, marked, in view, focused, and announced', async () => {
    await page.locator('h1').click()
    await page.keyboard.press('/')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Find a match')
    await page.getByLabel('Find a match').fill('WB R1 M100')
    await page.getByLabel('Find a match').press('Enter')
    // The whole label first, and how many are exact: WB R1 M100, not M1000–M1009 that merely contain it.
    await expect.poll(() => page.getByTestId('find-count').textContent()).toMatch(/^1 of \d+ · 1 exact$/)
    expect(await page.locator('[data-testid="bracket-match"].found').getAttribute('aria-label')).toMatch(
      /^Winners round 1 match 100, /,
    )
    await page.getByLabel('Find a match').fill('Winners round 1 match 1000')
    await page.getByLabel('Find a match').press('Enter')
    await expect.poll(() => page.getByTestId('find-count').textContent()).toMatch(/^1 of \d+ · 1 exact$/)
    const found = page.locator('[data-testid="bracket-match"].found')
    await expect.poll(() => found.count()).toBe(1)
    const announced = (await found.getAttribute('aria-label'))!
    expect(announced).toMatch(/^Winners round 1 match 1000, .+, (completed|running|pending)$/)
    const inView = () =>
      found.evaluate((box) => {
        const a = box.getBoundingClientRect()
        const s = box.closest('svg')!.parentElement!.getBoundingClientRect()
        return a.top >= s.top && a.bottom <= s.bottom && a.left >= s.left && a.right <= s.right
      })
    expect(await inView()).toBe(true)
    await page.screenshot({ path: screenshotPath('bracket-large-found') })

    // By one of its players, from the top of the bracket again.
    const player = announced.split(', ')[1]!.replace(/ \d+$/, '')
    await page.evaluate(() => document.querySelector('[data-testid="bracket-canvas"]')!.parentElement!.scrollTo(0, 0))
    await page.getByLabel('Find a match').fill(player)
    await page.getByLabel('Find a match').press('Enter')
    await expect.poll(async () => (await found.getAttribute('aria-label')) ?? '').toContain(player)
    expect(await inView()).toBe(true)
  })

  it('has a compact view, in both themes', async () => {
    await page.getByLabel('Compact').check()
    await page.evaluate(() => document.querySelector('[data-testid="bracket-canvas"]')!.parentElement!.scrollTo(0, 0))
    await expect.poll(() => page.getByTestId('round-heading').first().textContent()).toBe('Winners round 1')
    await page.screenshot({ path: screenshotPath('bracket-large-compact-dark') })
    await page.getByRole('button', { name: 'Light theme' }).click()
    await page.screenshot({ path: screenshotPath('bracket-large-compact-light') })
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await page.getByLabel('Compact').uncheck()
  })
})
