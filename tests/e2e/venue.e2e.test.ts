/// <reference lib="dom" />
// Two doors on phones, paired from the Venue view by their QR addresses: the same badge scanned at both at once is
// written once (the second door hears when and where), different people once each, and the door keeps working
// while the venue's internet is down, because the desk's outbox does; a phone that loses the desk is told so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser, screenshotPath, shownText } from './support/browser'
import { openVenue } from './support/open-venue'
import { demoService, type DemoService } from './support/demo-service'
import { startWebMode, type WebMode } from './support/web-mode'

let web: WebMode
let browser: Browser
let desk: Page
let service: DemoService
const doors: { context: BrowserContext; page: Page }[] = []
const TOURNAMENT = 'Street Fighter Weekly 42'
type P = { id: string; name: string; checked_in: boolean; custom_user_identifier: string | null }
let tournamentId = ''
let waitingPeople: P[] = []

const patchesOnService = async () => {
  const stats = (await (await service('/_sandbox/stats')).json()) as { routes: Record<string, number> }
  return Object.entries(stats.routes)
    .filter(([route]) => route.startsWith('PATCH ') && route.includes('participants'))
    .reduce((sum, [, count]) => sum + count, 0)
}
const onService = async (id: string) =>
  ((await (await service(`/organizer/v2/participants/${id}`)).json()) as P).checked_in

async function scanAt(page: Page, code: string) {
  const field = page.getByLabel('Scan or type a badge code')
  await field.fill(code)
  await field.press('Enter')
}

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0', '--demo-control'])
  service = await demoService(web.demo!)
  browser = await launchBrowser()
  desk = await browser.newPage({ viewport: { width: 1300, height: 900 } })
  await desk.goto(web.url)
  const list = await web.ipc<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
  tournamentId = list.items.find((t) => t.name === TOURNAMENT)!.id
  const people = await web.ipc<{ items: P[] }>('participants:list', { tournamentId, filters: {} })
  waitingPeople = people.items.filter((p) => !p.checked_in && p.custom_user_identifier)
})
afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

describe('two doors and one writer', () => {
  it('pairs two phones from the Venue view, each by its own code', async () => {
    await openVenue(desk, TOURNAMENT)
    let previous = ''
    for (const [index, name] of ['Door 1', 'Door 2'].entries()) {
      await desk.getByLabel('Name').fill(name)
      await desk.getByRole('button', { name: 'Add a device' }).click()
      // Each device gets its own code: wait for the new one.
      await expect.poll(() => desk.getByTestId('pairing-code').textContent()).not.toBe(previous)
      const code = (await desk.getByTestId('pairing-code').textContent())!
      previous = code
      expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/)
      await expect.poll(() => desk.getByRole('img', { name: /QR code of http/ }).count()).toBe(1)
      if (index === 0) await desk.screenshot({ path: screenshotPath('view-venue-pairing') })
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        colorScheme: index === 0 ? 'dark' : 'light',
      })
      const page = await context.newPage()
      // The QR code's address: the pairing page with the code in its fragment.
      await page.goto(`${web.hub}/pair#code=${code}`)
      await page.waitForURL(`${web.hub}/door`, { waitUntil: 'commit' })
      await expect.poll(() => page.getByTestId('link').textContent()).toMatch('Live')
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(TOURNAMENT)
      doors.push({ context, page })
    }
    await desk.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => desk.getByRole('row', { name: /Door 2 door/ }).count()).toBe(1)
    await desk.getByRole('button', { name: 'Light theme' }).click()
    await desk.screenshot({ path: screenshotPath('view-venue-light') })
    await desk.getByRole('button', { name: 'Dark theme' }).click()
  })

  it('writes a badge scanned at both doors at the same moment once; the other door hears when and where', async () => {
    await service('/_sandbox/stats/reset', { method: 'POST' })
    const person = waitingPeople[0]!
    await Promise.all(doors.map(({ page }) => scanAt(page, person.custom_user_identifier!)))
    const outcomes = await Promise.all(
      doors.map(async ({ page }) => {
        await expect.poll(() => page.getByTestId('door-result').count()).toBe(1)
        return page.getByTestId('door-result').getAttribute('data-outcome')
      }),
    )
    expect(outcomes.sort()).toEqual(['already', 'in'])
    const said = await Promise.all(doors.map(({ page }) => shownText(page.getByTestId('door-result'))))
    expect(said.join(' | ')).toMatch(/already checked in at \d\d:\d\d \(Door [12]\)/)
    expect(said.join(' | ')).toMatch(new RegExp(`Checked in: ${person.name}`))
    await expect.poll(() => onService(person.id), { timeout: 10_000 }).toBe(true)
    await expect.poll(patchesOnService).toBe(1)
    // Both lists say who checked them in, live.
    for (const { page } of doors) {
      await page.getByRole('searchbox').fill(person.name)
      await expect
        .poll(() => page.getByRole('button', { name: new RegExp(person.name) }).textContent())
        .toMatch(/✓ at \d\d:\d\d \(Door [12]\)/)
    }
    await doors[0]!.page.screenshot({ path: screenshotPath('door-dark') })
    await doors[1]!.page.screenshot({ path: screenshotPath('door-light') })
  })

  it('writes two different people tapped at two doors once each', async () => {
    await service('/_sandbox/stats/reset', { method: 'POST' })
    const [a, b] = [waitingPeople[1]!, waitingPeople[2]!]
    await doors[0]!.page.getByRole('searchbox').fill(a.name)
    await doors[1]!.page.getByRole('searchbox').fill(b.name)
    await Promise.all([
      doors[0]!.page.getByRole('button', { name: new RegExp(a.name) }).click(),
      doors[1]!.page.getByRole('button', { name: new RegExp(b.name) }).click(),
    ])
    await expect.poll(() => onService(a.id), { timeout: 10_000 }).toBe(true)
    await expect.poll(() => onService(b.id), { timeout: 10_000 }).toBe(true)
    await expect.poll(patchesOnService).toBe(2)
    // Door 2 sees Door 1's check-in without reloading.
    await doors[1]!.page.getByRole('searchbox').fill(a.name)
    await expect
      .poll(() => doors[1]!.page.getByRole('button', { name: new RegExp(a.name) }).getAttribute('aria-pressed'))
      .toBe('true')
  })

  it('keeps what the desk said last when a tap’s own answer comes after the live list’s “sent”', async () => {
    const person = waitingPeople[6]!
    const { page } = doors[0]!
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // The tap's answer (checked in, waiting to sync) is held back until the live list has said it was sent.
    await page.route('**/door/v1/checkin', async (route) => {
      const response = await route.fetch()
      await held
      await route.fulfill({ response })
    })
    await page.getByRole('searchbox').fill(person.name)
    const row = page.getByRole('button', { name: new RegExp(person.name) })
    await row.click()
    await expect.poll(() => onService(person.id), { timeout: 10_000 }).toBe(true)
    await expect
      .poll(async () => [await row.getAttribute('aria-pressed'), await row.textContent()])
      .toEqual(['true', expect.not.stringContaining('⟳')])
    release()
    await expect.poll(() => shownText(page.getByTestId('door-result'))).toMatch(`Checked in: ${person.name}`)
    expect(await page.getByTestId('waiting').count()).toBe(0)
    expect(await row.textContent()).not.toContain('⟳')
    await page.unroute('**/door/v1/checkin')
  })

  it('keeps checking in while the venue’s internet is down, and the service gets it when it is back', async () => {
    const person = waitingPeople[3]!
    await service('/_sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offlineForMs: 8_000 }),
    })
    const { page } = doors[0]!
    await scanAt(page, person.custom_user_identifier!)
    await expect.poll(() => page.getByTestId('door-result').getAttribute('data-outcome')).toBe('in')
    await expect.poll(() => page.getByTestId('waiting').textContent(), { timeout: 10_000 }).toMatch(/1 waiting to sync/)
    await expect.poll(() => onService(person.id), { timeout: 30_000, interval: 500 }).toBe(true)
    await expect.poll(() => page.getByTestId('waiting').count(), { timeout: 15_000 }).toBe(0)
  })

  it('tells a phone that lost the desk that nothing was sent, and works again when it is back', async () => {
    const person = waitingPeople[4]!
    const { context, page } = doors[1]!
    await context.setOffline(true)
    await scanAt(page, person.custom_user_identifier!)
    await expect.poll(() => page.getByTestId('door-result').textContent()).toMatch(/Not sent: this device cannot reach/)
    expect(await onService(person.id)).toBe(false)
    await context.setOffline(false)
    await scanAt(page, person.custom_user_identifier!)
    await expect
      .poll(() => shownText(page.getByTestId('door-result')))
      .toMatch(new RegExp(`^✓\\s*Checked in: ${person.name}\\s*$`))
    await expect.poll(() => onService(person.id), { timeout: 10_000 }).toBe(true)
  })

  it('stops a revoked door at once', async () => {
    const devices = await web.ipc<{ devices: { id: string; name: string }[] }>('hub:status', {})
    const door1 = devices.devices.find((d) => d.name === 'Door 1')!
    await web.ipc('hub:revoke', { deviceId: door1.id })
    const { page } = doors[0]!
    await expect.poll(() => page.getByTestId('link').textContent(), { timeout: 10_000 }).toMatch('Not paired')
    await scanAt(page, waitingPeople[5]!.custom_user_identifier!)
    await expect.poll(() => page.getByTestId('door-result').textContent()).toMatch(/no longer paired/)
  })
})
