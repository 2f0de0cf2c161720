/// <reference lib="dom" />
// Running the floor in Chromium: stations made and auto-assigned in the Stations view, a venue board on a TV and a
// door phone paired from the desk, and a call from the desk reaching both within a second; with 40-character and
// right-to-left names, in both themes, judged by axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { axeViolations } from './support/axe'
import { launchBrowser, screenshotPath } from './support/browser'
import { nextClick, whenShown } from './support/page-clock'
import { demoService, type DemoService } from './support/demo-service'
import { nameFirstPlaceable } from './support/floor-names'
import { startWebMode, tournamentNamed, type WebMode } from './support/web-mode'

let web: WebMode
let browser: Browser
let desk: Page
let board: Page
let door: Page
let service: DemoService
const TOURNAMENT = 'Street Fighter Weekly 42'
let tournamentId = ''
/** The hardest names: 40 characters, Latin and Arabic (right to left); CJK and emoji on the next match. */
const NAMES = ['Wolfsburg Academy Esports Club Europe 8!', 'نادي الرياض للرياضات الإلكترونية العالمي']
const MORE_NAMES = [
  '東京電脳遊戯倶楽部世界選手権代表団'.repeat(3).slice(0, 40),
  '🔥🐉 Dragon Fire Esports Team Europe 🐉🔥',
]

/** Pairs a device from the desk and opens its pairing address, as scanning the QR code does; answers its page. */
async function pairedPage(kind: 'door' | 'board', viewport: { width: number; height: number }, dark: boolean) {
  const code = await web.ipc<{ code: string }>('hub:pair', {
    name: kind === 'door' ? 'Door 1' : 'Hall TV',
    kind,
    tournamentId,
  })
  // bypassCSP: axe is added to the page as a script of its own; the hub's CSP would refuse it.
  const context = await browser.newContext({ viewport, colorScheme: dark ? 'dark' : 'light', bypassCSP: true })
  const page = await context.newPage()
  await page.goto(`${web.hub}/pair#code=${code.code}`)
  await page.waitForURL(`${web.hub}/${kind}`, { waitUntil: 'commit' })
  return page
}

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0', '--demo-control'])
  service = await demoService(web.demo!)
  browser = await launchBrowser()
  tournamentId = await tournamentNamed(web, TOURNAMENT)
  // The first matches ready for the floor get the hardest names.
  await nameFirstPlaceable(web, service, tournamentId, [NAMES, MORE_NAMES])
  desk = await (await browser.newContext({ viewport: { width: 1400, height: 1000 }, bypassCSP: true })).newPage()
  await desk.goto(web.url)
})
afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

describe('running the floor', () => {
  it('makes stations and auto-assigns the ready matches in the Stations view', async () => {
    await desk
      .getByRole('row', { name: new RegExp(TOURNAMENT) })
      .getByRole('button', { name: 'Open' })
      .click()
    await desk.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Stations' }).click()
    await expect.poll(() => desk.getByRole('heading', { level: 1 }).textContent()).toBe('Stations')
    await desk.locator('#station-to').fill('6')
    await desk.getByRole('button', { name: 'Make Station 1–6' }).click()
    await expect.poll(() => desk.getByTestId('station').count()).toBe(6)
    // From the keyboard: the match with the longest names goes on Station 1; auto-assign fills the rest.
    const station = desk.getByRole('combobox', { name: new RegExp(`Station for ${NAMES[0]}`) })
    await station.focus()
    await station.selectOption({ label: 'Station 1' })
    await desk.keyboard.press('Tab')
    await desk.keyboard.press('Enter')
    await expect.poll(() => desk.getByTestId('station').first().textContent()).toContain(NAMES[0])
    await desk.getByRole('button', { name: 'Auto-assign free stations' }).click()
    await expect.poll(() => desk.getByRole('button', { name: /^Call Station / }).count()).toBeGreaterThan(2)
    expect(await axeViolations(desk)).toEqual([])
  })

  it('a call reaches the venue board and a door phone within a second', async () => {
    board = await pairedPage('board', { width: 1920, height: 1080 }, true)
    door = await pairedPage('door', { width: 390, height: 844 }, true)
    await expect.poll(() => board.getByTestId('board-playing').count()).toBeGreaterThan(2)
    await expect.poll(() => door.getByTestId('link').textContent()).toMatch('Live')

    // Timed in the browser, from the click at the desk to the board's and the door's text.
    const clicked = await nextClick(desk)
    const boardShown = await whenShown(board, { selector: '[data-testid="board-called"]', count: 1 })
    const doorShown = await whenShown(door, { selector: '[data-testid="door-calls"]', contains: '→ Station 1' })
    await desk
      .getByTestId('station')
      .first()
      .getByRole('button', { name: /^Call Station / })
      .click()
    await Promise.all([
      expect.poll(() => board.getByTestId('board-called').count()).toBe(1),
      expect.poll(() => door.getByTestId('door-calls').textContent()).toContain('→ Station 1'),
    ])
    const took = await clicked()
    expect((await boardShown()) - took).toBeLessThan(1000)
    expect((await doorShown()) - took).toBeLessThan(1000)
    expect(await board.getByTestId('board-called').textContent()).toContain(NAMES[1])
    expect(await door.getByTestId('door-calls').textContent()).toContain(`Called: ${NAMES[0]} vs ${NAMES[1]}`)
    // The desk's timer counts down from the default five minutes.
    await expect.poll(() => desk.getByTestId('tile-state').first().textContent()).toMatch(/Called · DQ (4:5\d|5:00)/)
  })

  it('looks right in both themes, with nothing axe finds on the board or the called door', async () => {
    await board.screenshot({ path: screenshotPath('board-dark') })
    await door.screenshot({ path: screenshotPath('door-called-dark') })
    await desk.screenshot({ path: screenshotPath('view-stations') })
    expect(await axeViolations(board)).toEqual([])
    expect(await axeViolations(door)).toEqual([])

    const light = await browser.newContext({
      viewport: { width: 1920, height: 1080 },
      colorScheme: 'light',
      bypassCSP: true,
    })
    const lightBoard = await light.newPage()
    await lightBoard.goto(`${web.hub}/board?tournament=${tournamentId}&theme=light`)
    await expect.poll(() => lightBoard.getByTestId('board-called').count()).toBe(1)
    await lightBoard.screenshot({ path: screenshotPath('board-light') })
    expect(await axeViolations(lightBoard)).toEqual([])
    // At 1280×720 too: every row stays inside the board, CJK and emoji names included.
    await lightBoard.setViewportSize({ width: 1280, height: 720 })
    await expect.poll(() => lightBoard.getByText(MORE_NAMES[1]!).count()).toBe(1)
    await lightBoard.screenshot({ path: screenshotPath('board-light-720') })
    const outside = await lightBoard.evaluate(
      () =>
        Array.from(document.querySelectorAll('[data-testid^="board-"]')).filter((row) => {
          const box = row.getBoundingClientRect()
          return box.right > window.innerWidth + 0.5 || box.bottom > window.innerHeight + 0.5
        }).length,
    )
    expect(outside).toBe(0)

    const lightDoor = await pairedPage('door', { width: 390, height: 844 }, false)
    await expect.poll(() => lightDoor.getByTestId('link').textContent()).toMatch('Live')
    await desk.getByTestId('station').first().getByRole('button', { name: 'Recall' }).click()
    await expect.poll(() => lightDoor.getByTestId('door-calls').textContent()).toContain('→ Station 1')
    await lightDoor.screenshot({ path: screenshotPath('door-called-light') })
    expect(await axeViolations(lightDoor)).toEqual([])

    await desk.getByRole('button', { name: 'Light theme' }).click()
    await desk.screenshot({ path: screenshotPath('view-stations-light') })
    expect(await axeViolations(desk)).toEqual([])
    await desk.getByRole('button', { name: 'Dark theme' }).click()
  })

  it('reads from across the hall: names on one line each, never broken inside a word; only whole cards on a page', async () => {
    await web.ipc('floor:create-stations', { tournamentId, prefix: 'Station', from: 7, to: 30 })
    await web.ipc('floor:auto-assign', { tournamentId })
    const problems: string[] = []
    for (const theme of ['dark', 'light'] as const)
      for (const viewport of [
        { width: 1920, height: 1080 },
        { width: 1280, height: 720 },
      ]) {
        const context = await browser.newContext({ viewport, colorScheme: theme })
        const page = await context.newPage()
        await page.goto(`${web.hub}/board?tournament=${tournamentId}&theme=${theme}`)
        await expect.poll(() => page.getByTestId('board-playing').count()).toBeGreaterThan(2)
        await page.evaluate(() => document.fonts.ready)
        // Fitting and paging settle within a frame or two.
        await page.waitForTimeout(300)
        const seen = await page.evaluate(() => {
          const found: string[] = []
          const lineOf = (element: Element) => {
            const style = getComputedStyle(element)
            return style.lineHeight === 'normal' ? parseFloat(style.fontSize) * 1.25 : parseFloat(style.lineHeight)
          }
          for (const card of Array.from(document.querySelectorAll('[data-testid^="board-"]'))) {
            const box = card.getBoundingClientRect()
            const list = card.closest('section')!.getBoundingClientRect()
            if (box.bottom > list.bottom + 0.5 || box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5)
              found.push(`${card.getAttribute('data-testid')} "${card.textContent?.trim()}" is cut`)
            // Each name (and the station's), as the board draws it: one line each, and none cut to nothing.
            const parts = Array.from(card.querySelectorAll('.names bdi, .station'))
            if (parts.length < 2) found.push(`${card.getAttribute('data-testid')}: its names are not shown`)
            for (const part of parts) {
              const lines = Math.round((part as HTMLElement).offsetHeight / lineOf(part))
              if (lines > 1) found.push(`"${part.textContent}" takes ${lines} lines`)
              if (parseFloat(getComputedStyle(part).fontSize) < 16) found.push(`"${part.textContent}" is too small`)
            }
          }
          return found
        })
        problems.push(...seen.map((p) => `${theme} ${viewport.width}: ${p}`))
        await page.screenshot({ path: screenshotPath(`board-hall-${theme}-${viewport.width}`) })
        await context.close()
      }
    expect(problems).toEqual([])
  })
})
