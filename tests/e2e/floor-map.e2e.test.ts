/// <reference lib="dom" />
// The Stations view as the floor manager's map, in Chromium: 64 stations on one 1920×1080 screen and 256 in four,
// at 1280×720 too, in both themes, with 40-character, right-to-left, CJK and emoji names; every tile's text inside
// its tile, nothing axe finds, and a keyboard walk (Call → arrived → Free) with focus checked after each step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { axeViolations } from './support/axe'
import { launchBrowser, screenshotPath } from './support/browser'
import { demoService, type DemoService } from './support/demo-service'
import { nameFirstPlaceable } from './support/floor-names'
import { startWebMode, tournamentNamed, type WebMode } from './support/web-mode'

let web: WebMode
let browser: Browser
let service: DemoService
const TOURNAMENT = 'Street Fighter Weekly 42'
let tournamentId = ''
/** The hardest names a player may have: 40 characters, right to left, CJK, emoji. */
const PLAYERS = [
  'Wolfsburg Academy Esports Club Europe 8!',
  'نادي الرياض للرياضات الإلكترونية العالمي',
  '東京電脳遊戯倶楽部世界選手権代表団'.repeat(3).slice(0, 40),
  '🔥🐉 Dragon Fire Esports Team Europe 🐉🔥',
]
/** A station's longest names. */
const STATION_NAMES = ['Main Hall Left Wing Table Forty-Two West', 'قاعة البطولة الرئيسية الطاولة رقم اثنين']

type Floor = {
  stations: { id: string; number: number; match: { opponents: unknown[] } | null }[]
}

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0', '--demo-control'])
  service = await demoService(web.demo!)
  browser = await launchBrowser()
  tournamentId = await tournamentNamed(web, TOURNAMENT)
  await nameFirstPlaceable(web, service, tournamentId, [PLAYERS.slice(0, 2), PLAYERS.slice(2, 4)])
  // 64 stations, two with the longest names, one out of order; the ready matches on them, three called, one of
  // them with everyone there (playing).
  await web.ipc('floor:create-stations', { tournamentId, prefix: 'Station', from: 1, to: 64 })
  let made = await web.ipc<Floor>('floor:state', { tournamentId })
  for (const [i, name] of STATION_NAMES.entries())
    await web.ipc('floor:update-station', { tournamentId, stationId: made.stations[i]!.id, name })
  await web.ipc('floor:update-station', { tournamentId, stationId: made.stations[9]!.id, outOfOrder: true })
  await web.ipc('floor:auto-assign', { tournamentId })
  made = await web.ipc<Floor>('floor:state', { tournamentId })
  const busy = made.stations.filter((s) => s.match)
  expect(busy.length).toBeGreaterThanOrEqual(4)
  for (const station of busy.slice(0, 3)) await web.ipc('floor:call', { tournamentId, stationId: station.id })
  for (const opponent of [0, 1])
    await web.ipc('floor:arrived', { tournamentId, stationId: busy[2]!.id, opponent, arrived: true })
})
afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

/** A desk page in a theme at a size, on the Stations view, every tile drawn and fitted. */
async function stationsPage(viewport: { width: number; height: number }, theme: 'dark' | 'light', count: number) {
  const context = await browser.newContext({ viewport, colorScheme: theme, bypassCSP: true })
  const page = await context.newPage()
  await page.goto(web.url)
  await page.evaluate((value) => localStorage.setItem('matchdesk.theme', value), theme)
  await page.reload()
  await page
    .getByRole('row', { name: new RegExp(TOURNAMENT) })
    .getByRole('button', { name: 'Open' })
    .click()
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Stations' }).click()
  await expect.poll(() => page.getByTestId('station').count()).toBe(count)
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(300)
  return page
}

/** What of each tile is outside it: its text cut past its box, or a part drawn outside the tile. */
function tilesOverflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = []
    for (const tile of Array.from(document.querySelectorAll<HTMLElement>('[data-testid="station"]'))) {
      const box = tile.getBoundingClientRect()
      const article = tile.querySelector('article')!
      const name = tile.querySelector('h3')?.textContent?.trim()
      if (article.scrollHeight > article.clientHeight + 1) found.push(`${name}: taller than its tile`)
      for (const part of Array.from(tile.querySelectorAll<HTMLElement>('h3, p, li, button, select'))) {
        const at = part.getBoundingClientRect()
        if (at.width === 0) continue
        if (at.left < box.left - 0.5 || at.right > box.right + 0.5 || at.bottom > box.bottom + 0.5)
          found.push(`${name}: "${part.textContent?.trim().slice(0, 30)}" outside the tile`)
      }
    }
    return found
  })
}

/** The grid's height in screens: how far down the last tile ends, from the first tile's top, over the viewport. */
function screensOfTiles(page: Page): Promise<{ lastBottom: number; screens: number }> {
  return page.evaluate(() => {
    const tiles = Array.from(document.querySelectorAll('[data-testid="station"]'))
    const bottom = Math.max(...tiles.map((t) => t.getBoundingClientRect().bottom))
    const scroller = document.getElementById('main') ?? document.scrollingElement!
    return { lastBottom: bottom + scroller.scrollTop, screens: bottom / innerHeight }
  })
}

describe('the floor’s map', () => {
  it('fits 64 stations on one 1920×1080 screen, names inside their tiles, in both themes, axe clean', async () => {
    for (const theme of ['dark', 'light'] as const) {
      const page = await stationsPage({ width: 1920, height: 1080 }, theme, 64)
      await page.screenshot({ path: screenshotPath(`stations-64-${theme}-1920`) })
      const { lastBottom } = await screensOfTiles(page)
      expect(lastBottom).toBeLessThanOrEqual(1080)
      expect(await tilesOverflowing(page)).toEqual([])
      expect(await page.locator('[data-state="called"]').count()).toBeGreaterThanOrEqual(2)
      expect(await page.locator('[data-state="playing"]').count()).toBeGreaterThanOrEqual(1)
      expect(await page.locator('[data-state="out-of-order"]').count()).toBe(1)
      expect(await axeViolations(page)).toEqual([])
      // Late first: the called come before the free.
      await page.getByRole('radio', { name: 'Late first' }).check()
      await expect.poll(() => page.getByTestId('station').first().getAttribute('data-state')).toBe('called')
      await page.screenshot({ path: screenshotPath(`stations-64-${theme}-1920-by-state`) })
      await page.context().close()
    }
  })

  it('keeps every tile inside its cell at 1280×720, and walks Call → arrived → Free from the keyboard', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const page = await stationsPage({ width: 1280, height: 720 }, theme, 64)
      await page.screenshot({ path: screenshotPath(`stations-64-${theme}-1280`) })
      expect(await tilesOverflowing(page)).toEqual([])
      expect(await axeViolations(page)).toEqual([])
      // Edit stations: names, out of order, streams and Delete, one row each; axe clean too.
      await page.getByRole('button', { name: 'Edit stations' }).click()
      await expect.poll(() => page.getByTestId('station-editor').count()).toBe(64)
      await page.screenshot({ path: screenshotPath(`stations-edit-${theme}-1280`) })
      expect(await axeViolations(page)).toEqual([])
      await page.getByRole('button', { name: 'Done editing' }).click()
      await expect.poll(() => page.getByTestId('station').count()).toBe(64)
      if (theme === 'dark') await keyboardWalk(page)
      await page.context().close()
    }
  })

  it('shows 256 stations in four 1920×1080 screens', async () => {
    await web.ipc('floor:create-stations', { tournamentId, prefix: 'Station', from: 65, to: 256 })
    const page = await stationsPage({ width: 1920, height: 1080 }, 'dark', 256)
    await page.screenshot({ path: screenshotPath('stations-256-dark-1920') })
    const { lastBottom } = await screensOfTiles(page)
    expect(lastBottom / 1080).toBeLessThanOrEqual(4)
    expect(await tilesOverflowing(page)).toEqual([])
    await page.context().close()
  })
})

/** Call, then each player arrived, then Free, by keys alone: focus stays in the tile after each. */
async function keyboardWalk(page: Page) {
  const callable = page.getByTestId('station').filter({ has: page.getByRole('button', { name: /^Call / }) })
  const name = (await callable.first().locator('h3').textContent())!.trim()
  // The tile by its name: what it can do changes with each step.
  const tile = page.getByTestId('station').filter({ has: page.getByRole('heading', { name, exact: true }) })
  const focusedLabel = () =>
    page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName)
  const focusInTile = () =>
    tile.evaluate((node) => node.contains(document.activeElement) && document.activeElement !== document.body)
  await tile.getByRole('button', { name: `Call ${name}` }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => tile.getAttribute('data-state')).toBe('called')
  await expect.poll(focusInTile).toBe(true)
  expect(await focusedLabel()).toMatch(new RegExp(` arrived at ${name}$`))
  await expect.poll(() => page.getByTestId('floor-said').textContent()).toMatch(new RegExp(`^${name} called: `))
  await page.keyboard.press('Enter')
  await expect.poll(() => tile.getByRole('button', { pressed: true }).count()).toBe(1)
  expect(await focusInTile()).toBe(true)
  // The other player: Tab, Enter. Everyone is there: the tile says Playing, and Free is next.
  await page.keyboard.press('Tab')
  expect(await focusedLabel()).toMatch(new RegExp(` arrived at ${name}$`))
  await page.keyboard.press('Enter')
  await expect.poll(() => tile.getAttribute('data-state')).toBe('playing')
  expect(await focusInTile()).toBe(true)
  await page.keyboard.press('Tab')
  expect(await focusedLabel()).toBe(`Free ${name}`)
  await page.keyboard.press('Enter')
  await expect.poll(() => tile.getAttribute('data-state')).toBe('free')
  await expect.poll(focusInTile).toBe(true)
  await expect.poll(() => page.getByTestId('floor-said').textContent()).toMatch(new RegExp(`^${name} is free`))
}
