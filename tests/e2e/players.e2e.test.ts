/// <reference lib="dom" />
// Players' phones in Chromium at 360 px: a player opens the players' page (the address the desk's QR code holds), finds
// themselves by name, is called from the desk (the phone buzzes, the call counts down), reports the result with their
// badge; the other player, found by their badge, reports another: both phones and the desk's tile say disputed, and
// Clear at the desk reaches the phones. With a
// 40-character and a right-to-left name, in both themes, judged by axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import type { FloorState } from '../../shared/floor/floor'
import { axeViolations } from './support/axe'
import { launchBrowser, screenshotPath } from './support/browser'
import { demoService } from './support/demo-service'
import { nameFirstPlaceable } from './support/floor-names'
import { startWebMode, tournamentNamed, type WebMode } from './support/web-mode'

let web: WebMode
let browser: Browser
let playersUrl = ''
let tournamentId = ''
let station: FloorState['stations'][number]
const TOURNAMENT = 'Street Fighter Weekly 42'
const NAMES = ['Wolfsburg Academy Esports Club Europe 8!', 'نادي الرياض للرياضات الإلكترونية العالمي']
const PHONE = { width: 360, height: 740 }

/** A phone's page on the players' address, its vibrations counted (Chromium has no motor to feel). */
async function phone(dark: boolean): Promise<Page> {
  // bypassCSP: axe is added to the page as a script of its own; the hub's CSP would refuse it.
  const context = await browser.newContext({ viewport: PHONE, colorScheme: dark ? 'dark' : 'light', bypassCSP: true })
  await context.addInitScript(() => {
    const counted = window as unknown as { vibrations: number }
    counted.vibrations = 0
    navigator.vibrate = () => {
      counted.vibrations++
      return true
    }
  })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  await page.goto(playersUrl)
  return page
}

async function badgeOf(participantId: string): Promise<string> {
  const people = await web.ipc<{ items: { id: string; custom_user_identifier: string | null }[] }>(
    'participants:list',
    { tournamentId, filters: {} },
  )
  return people.items.find((p) => p.id === participantId)!.custom_user_identifier!
}

/** Types a game's points into the phone's report: the player's own first. */
async function report(page: Page, games: [number, number][], code: string) {
  for (const [i, [mine, theirs]] of games.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Add a game' }).click()
    await page.getByRole('spinbutton', { name: `Game ${i + 1}: You` }).fill(String(mine))
    await page.getByRole('spinbutton', { name: `Game ${i + 1}: Opponent` }).fill(String(theirs))
  }
  await page.getByLabel('Your badge code or the station’s code').fill(code)
  await page.getByRole('button', { name: 'Send the result' }).click()
}

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0', '--demo-control'])
  browser = await launchBrowser()
  tournamentId = await tournamentNamed(web, TOURNAMENT)
  await nameFirstPlaceable(web, await demoService(web.demo!), tournamentId, [NAMES])
  await web.ipc('floor:create-stations', { tournamentId, prefix: 'Station', from: 1, to: 2 })
  const floor = await web.ipc<FloorState>('floor:state', { tournamentId })
  const match = floor.upNext.find((m) => m.opponents.some((o) => o.name === NAMES[0]))!
  await web.ipc('floor:assign', { tournamentId, stationId: floor.stations[0]!.id, matchId: match.id })
  station = (await web.ipc<FloorState>('floor:state', { tournamentId })).stations[0]!
  playersUrl = (await web.ipc<{ url: string }>('hub:players-page', { tournamentId })).url
})
afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

describe('players’ phones', () => {
  let first: Page
  let second: Page

  it('a player finds themselves by name and sees their station; a call buzzes and counts down', async () => {
    first = await phone(true)
    await first.getByLabel('Your name or badge code').fill(NAMES[0]!.slice(0, 12))
    await first.getByRole('button', { name: 'Find' }).click()
    await first.getByRole('button', { name: NAMES[0] }).click()
    await expect
      .poll(() => first.getByTestId('player-station').textContent(), { timeout: 10_000 })
      .toContain('Station 1')
    expect(await first.getByText(`against ${NAMES[1]}`).count()).toBe(1)

    await web.ipc('floor:call', { tournamentId, stationId: station.id })
    await expect
      .poll(() => first.getByTestId('player-called').textContent(), { timeout: 10_000 })
      .toMatch(/Called: go to Station 1 within (4:5\d|5:00)/)
    expect(await first.evaluate(() => (window as unknown as { vibrations: number }).vibrations)).toBe(1)
    await first.screenshot({ path: screenshotPath('player-called-dark'), fullPage: true })
    expect(await axeViolations(first)).toEqual([])
    // The page remembers who they are: opened again, it is their page at once.
    await first.reload()
    await expect.poll(() => first.getByTestId('player-called').count(), { timeout: 10_000 }).toBe(1)
  })

  it('both report with their badges; different results say disputed on both phones and the desk', async () => {
    const [a, b] = station.match!.opponents.map((o) => o.participantId!)
    await report(
      first,
      [
        [2, 1],
        [1, 2],
        [2, 0],
      ],
      await badgeOf(a!),
    )
    await expect
      .poll(() => first.getByTestId('player-report').textContent(), { timeout: 10_000 })
      .toContain(`waiting for ${NAMES[1]} to report`)

    second = await phone(false)
    await second.getByLabel('Your name or badge code').fill(await badgeOf(b!))
    await second.getByRole('button', { name: 'Find' }).click()
    await second.getByRole('button', { name: NAMES[1] }).click()
    await expect.poll(() => second.getByTestId('player-called').count(), { timeout: 10_000 }).toBe(1)
    // Their own badge: the station's code from this machine's one address would be the first phone's (the int test
    // covers the station's code from a phone of its own).
    await report(second, [[2, 0]], await badgeOf(b!))
    await expect
      .poll(() => second.getByTestId('player-report').textContent(), { timeout: 10_000 })
      .toBe('Your results differ: a judge is on the way.')
    await expect
      .poll(() => first.getByTestId('player-report').textContent(), { timeout: 10_000 })
      .toBe('Your results differ: a judge is on the way.')
    const tile = (await web.ipc<FloorState>('floor:state', { tournamentId })).stations[0]!
    expect(tile.players!.report!.state).toBe('disputed')

    await second.screenshot({ path: screenshotPath('player-disputed-light'), fullPage: true })
    await first.screenshot({ path: screenshotPath('player-disputed-dark'), fullPage: true })
    expect(await axeViolations(second)).toEqual([])
    expect(await axeViolations(first)).toEqual([])
    // At 360 px nothing runs off the side, the 40-character name and the Arabic one included.
    for (const page of [first, second])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  })

  it('the desk’s Stations view shows the players’ code, the dispute and the players’ page’s QR code, in both themes', async () => {
    const desk = await (
      await browser.newContext({ viewport: { width: 1400, height: 1000 }, bypassCSP: true })
    ).newPage()
    // An action that cannot happen fails where it waits (named), not as the whole test's timeout.
    desk.setDefaultTimeout(15_000)
    await desk.goto(web.url)
    await desk
      .getByRole('row', { name: new RegExp(TOURNAMENT) })
      .getByRole('button', { name: 'Open' })
      .click()
    await desk.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Stations' }).click()
    const tile = desk.getByTestId('station').first()
    await tile.getByTestId('tile-report').waitFor()
    await expect
      .poll(() => tile.getByTestId('tile-report').textContent(), { timeout: 10_000 })
      .toBe('Disputed: 2–1 / 0–1')
    // The players' page's address and QR code come with their own answer: waited for.
    await expect.poll(() => desk.getByText(playersUrl).count(), { timeout: 10_000 }).toBe(1)
    await expect
      .poll(() => desk.getByRole('img', { name: 'QR code of the players’ page' }).count(), { timeout: 10_000 })
      .toBe(1)
    // Seen on the tile, not only there: the players' toggles of a called station take most of its room.
    expect(await tile.getByTestId('tile-report').isVisible()).toBe(true)
    await tile.screenshot({ path: screenshotPath('tile-disputed-dark') })
    await desk.screenshot({ path: screenshotPath('view-stations-players-dark') })
    expect(await axeViolations(desk)).toEqual([])
    await desk.getByRole('button', { name: 'Light theme' }).click()
    await desk.screenshot({ path: screenshotPath('view-stations-players-light') })
    expect(await axeViolations(desk)).toEqual([])
    // Clear lets the players report again: their phones are told.
    await tile.getByRole('button', { name: /^Clear the players’ reports/ }).click()
    await expect.poll(() => tile.getByTestId('tile-report').count(), { timeout: 10_000 }).toBe(0)
    await expect.poll(() => first.getByTestId('player-report').count(), { timeout: 10_000 }).toBe(0)
  })
})
