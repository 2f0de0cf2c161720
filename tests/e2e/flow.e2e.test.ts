/// <reference lib="dom" />
// The whole desk on the Demo venue in Chromium: a stream, match links (the 33rd refused), the bracket mark,
// check-in by search and by scan, and three check-ins made offline that reach the service when it is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, screenshotPath, shownText } from './support/browser'
import { demoService, type DemoService } from './support/demo-service'
import { startWebMode, type WebMode } from './support/web-mode'

let web: WebMode
let browser: Browser
let page: Page
let serviceCall: Promise<DemoService>
const TOURNAMENT = 'Street Fighter Weekly 42'
type P = { id: string; name: string; custom_user_identifier: string | null; checked_in: boolean }

/** Reads (or changes) the Demo venue's sandbox directly, as the service itself. */
async function service<T>(path: string, init: RequestInit = {}): Promise<T> {
  return (await (await serviceCall)(path, init)).json() as Promise<T>
}

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0', '--demo-control'])
  serviceCall = demoService(web.demo!)
  browser = await launchBrowser()
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
  await page.goto(web.url)
})
afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

const go = async (key: string, heading: string) => {
  await page.keyboard.press(`Control+${key}`)
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading)
}
const waiting = () => page.getByTestId('pending').textContent()

describe('a day at the desk', () => {
  let tournamentId: string
  let streamId: string
  let matchId: string

  it('opens a tournament from the list', async () => {
    await page
      .getByRole('row', { name: new RegExp(TOURNAMENT) })
      .getByRole('button', { name: 'Open' })
      .click()
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Check-in')
    const list = await web.ipc<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
    tournamentId = list.items.find((t) => t.name === TOURNAMENT)!.id
    await go('2', 'Tournaments')
    await page.screenshot({ path: screenshotPath('view-tournaments') })
  })

  it('creates a stream, refused first with a field message, then saved', async () => {
    await go('3', 'Streams')
    await page.getByLabel('Name').fill('E2E cam')
    await page.getByLabel('Address (https)').fill('not an address')
    await page.getByRole('button', { name: 'Add stream' }).click()
    await expect.poll(() => page.getByRole('alert').first().textContent()).toMatch(/url must be/)
    await page.getByLabel('Address (https)').fill('https://www.twitch.tv/e2e_cam')
    await page.getByRole('button', { name: 'Add stream' }).click()
    await expect.poll(() => page.getByRole('row', { name: /E2E cam/ }).count()).toBe(1)
    await expect.poll(() => page.getByTestId('stream-count').textContent()).toBe('3 / 128')
    // The language reads whole in its field ("English (en" was clipped).
    await page.getByLabel('Language').fill('Portuguese (pt)')
    expect(await page.getByLabel('Language').evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true)
    await page.screenshot({ path: screenshotPath('view-streams') })
  })

  it('links it to a match, and refuses a 33rd stream on that match', async () => {
    for (let i = 0; i < 30; i++) {
      await web.ipc('streams:create', {
        body: {
          tournament_id: tournamentId,
          name: `Extra cam ${i}`,
          url: `https://www.twitch.tv/extra_${i}`,
          language: 'en',
        },
      })
    }
    await go('4', 'Stream desk')
    // The Demo venue queues matches on its streams as it runs: pick one that has none yet.
    await page.getByRole('radio', { name: 'no stream' }).check()
    matchId = (await page.getByTestId('desk-match').first().getAttribute('data-match-id'))!
    await page.getByRole('radio', { name: 'all' }).check()
    const match = page.locator(`[data-testid="desk-match"][data-match-id="${matchId}"]`)
    await match.getByRole('button', { name: 'Link streams' }).click()
    await match.getByLabel(/E2E cam/).check()
    await match.getByRole('button', { name: 'Save links' }).click()
    // The live venue may queue the same match on one of its own streams meanwhile: ours must be among them.
    await expect.poll(() => match.locator('.chip').allTextContents()).toContain('E2E cam')

    await match.getByRole('button', { name: 'Link streams' }).click()
    const boxes = match.getByRole('checkbox')
    // Counted once the editor has drawn them (counting at once raced its first draw: 0 boxes, once in CI).
    await expect.poll(() => boxes.count()).toBe(33)
    for (let i = 0; i < 33; i++) {
      const box = boxes.nth(i)
      if (!(await box.isChecked())) await box.click()
    }
    await expect.poll(() => match.getByTestId('link-count').textContent()).toBe('32 / 32')
    await expect.poll(() => match.getByRole('alert').textContent()).toMatch(/at most 32 streams/)
    await page.screenshot({ path: screenshotPath('view-stream-desk') })
    await match.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(waiting, { timeout: 20_000 }).toBe('0 waiting')
    const streams = await service<{ id: string; name: string }[]>(
      `/organizer/v2/streams?tournament_ids=${tournamentId}`,
      { headers: { range: 'streams=0-49' } },
    )
    streamId = streams.find((s) => s.name === 'E2E cam')!.id
    expect(await service(`/organizer/v2/matches/${matchId}/streams`)).toContain(streamId)
  })

  it('the bracket shows that match as streamed', async () => {
    await go('5', 'Bracket')
    const box = page.locator(`[data-testid="bracket-match"][data-match-id="${matchId}"]`)
    await expect.poll(() => box.getAttribute('data-streamed')).toBe('true')
    await page.screenshot({ path: screenshotPath('view-bracket') })
  })

  it('checks one participant in by search and another by scan; the service has both', async () => {
    await go('6', 'Check-in')
    const { items } = await web.ipc<{ items: P[] }>('participants:list', {
      tournamentId,
      filters: { is_checked_in: false },
    })
    const [bySearch, byScan] = items
    const count = () => page.getByTestId('checked-in-count').textContent()
    const before = await count()
    await page.getByLabel('Search participants').fill(bySearch!.name.slice(0, 6))
    await page.getByRole('switch', { name: new RegExp(bySearch!.name) }).press('Enter')
    await expect
      .poll(() => page.getByRole('switch', { name: new RegExp(bySearch!.name) }).getAttribute('aria-checked'))
      .toBe('true')
    expect(await count()).not.toBe(before)
    // Scanners send codes in any case: a lower-case badge code still finds its person.
    await page.getByLabel('Scan a badge').fill(byScan!.custom_user_identifier!.toLowerCase())
    await page.getByLabel('Scan a badge').press('Enter')
    const shown = () => shownText(page.getByTestId('scan-result'))
    await expect.poll(shown).toMatch(`Checked in: ${byScan!.name}`)
    expect(await page.getByTestId('scan-result').getAttribute('data-outcome')).toBe('in')
    await page.getByLabel('Scan a badge').fill(byScan!.custom_user_identifier!)
    await page.getByLabel('Scan a badge').press('Enter')
    await expect.poll(() => page.getByTestId('scan-result').getAttribute('data-outcome')).toBe('already')
    // The same words as at a door: who, when, and where (here, the desk).
    expect(await shown()).toMatch(/: already checked in at \d\d:\d\d \(desk\)$/)
    await page.getByLabel('Scan a badge').fill('NOBODY-42')
    await page.getByLabel('Scan a badge').press('Enter')
    await expect.poll(shown).toMatch('Unknown code: NOBODY-42')
    expect(await page.getByTestId('scan-result').getAttribute('data-outcome')).toBe('unknown')
    await page.getByText(/Last scans/).click()
    await page.screenshot({ path: screenshotPath('view-check-in') })
    await page.getByRole('button', { name: 'Light theme' }).click()
    await page.screenshot({ path: screenshotPath('view-check-in-light') })
    await page.getByRole('button', { name: 'Dark theme' }).click()
    await expect.poll(waiting, { timeout: 20_000 }).toBe('0 waiting')
    for (const p of [bySearch!, byScan!])
      expect((await service<P>(`/organizer/v2/participants/${p.id}`)).checked_in).toBe(true)
  })

  it('a check-in made at another door appears by itself within one refresh interval', async () => {
    const { items } = await web.ipc<{ items: P[] }>('participants:list', {
      tournamentId,
      filters: { is_checked_in: false },
    })
    const other = items[0]!
    await page.getByLabel('Search participants').fill(other.name)
    const row = page.getByRole('switch', { name: new RegExp(other.name) })
    expect(await row.getAttribute('aria-checked')).toBe('false')
    await service(`/organizer/v2/participants/${other.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checked_in: true }),
    })
    await expect.poll(() => row.getAttribute('aria-checked'), { timeout: 12_000, interval: 250 }).toBe('true')
  })

  it('offline: three check-ins wait, then reach the service when it is back', async () => {
    const { items } = await web.ipc<{ items: P[] }>('participants:list', {
      tournamentId,
      filters: { is_checked_in: false },
    })
    const three = items.slice(0, 3)
    await service('/_sandbox/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ offlineForMs: 15_000 }),
    })
    for (const p of three) {
      await page.getByLabel('Search participants').fill(p.name)
      await page.getByRole('switch', { name: new RegExp(p.name) }).click()
      await expect
        .poll(() => page.getByRole('switch', { name: new RegExp(p.name) }).getAttribute('aria-checked'))
        .toBe('true')
    }
    await expect.poll(waiting, { timeout: 10_000 }).toBe('3 waiting')
    await expect.poll(() => page.getByTestId('connection').textContent(), { timeout: 10_000 }).toBe('Offline')
    await expect.poll(() => page.getByTestId('offline-banner').textContent()).toMatch(/3 changes wait here/)
    // The marks come from the outbox: a reload while the writes wait keeps them.
    await page.reload()
    await go('6', 'Check-in')
    await expect.poll(() => page.getByTestId('waiting-count').textContent()).toBe('waiting to sync 3')
    await page.getByLabel('Search participants').fill(three[0]!.name)
    await expect
      .poll(() => page.getByRole('switch', { name: new RegExp(three[0]!.name) }).textContent())
      .toMatch(/waiting to sync/)
    await go('9', 'Sync')
    expect(await page.getByTestId('waiting-item').count()).toBe(3)
    await page.screenshot({ path: screenshotPath('view-sync-offline') })
    await expect.poll(waiting, { timeout: 30_000, interval: 250 }).toBe('0 waiting')
    await expect.poll(() => page.getByTestId('connection').textContent()).toBe('Online')
    await go('6', 'Check-in')
    await page.getByLabel('Search participants').fill(three[0]!.name)
    await expect
      .poll(() => page.getByRole('switch', { name: new RegExp(three[0]!.name) }).textContent())
      .not.toMatch(/waiting to sync/)
    expect(await page.getByTestId('waiting-count').count()).toBe(0)
    for (const p of three) expect((await service<P>(`/organizer/v2/participants/${p.id}`)).checked_in).toBe(true)
  }, 60_000)

  it('the other views render', async () => {
    for (const [key, heading, name] of [
      ['7', 'Participants', 'participants'],
      ['8', 'Stages', 'stages'],
      ['1', 'Connect', 'connect'],
      ['9', 'Sync', 'sync'],
    ] as const) {
      await go(key, heading)
      await page.waitForTimeout(300)
      await page.screenshot({ path: screenshotPath(`view-${name}`) })
      if (name === 'connect') expect(await page.getByTestId('auth-status').textContent()).toMatch(/Signed in/)
    }
  })

  it('starts keyboard users with a skip link to the main content', async () => {
    await page.reload()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect.poll(() => skip.evaluate((link) => link === document.activeElement)).toBe(true)
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
  })

  it("edits a team's lineup: every player's fields stay inside the form, and an email reads whole", async () => {
    await go('2', 'Tournaments')
    await page
      .getByRole('row', { name: /Lyon LAN Winter Cup/ })
      .getByRole('button', { name: 'Open' })
      .click()
    await go('7', 'Participants')
    await page.getByRole('button', { name: /^Edit/ }).first().click()
    await page.getByRole('button', { name: 'Add a player' }).click()
    const added = await page.getByLabel(/^Player \d+ email$/).count()
    await page.getByLabel(`Player ${added} name`).fill('Wolfsburg Academy Esports Club Europe 8!')
    const email = page.getByLabel(`Player ${added} email`)
    await email.fill('wolfsburg.academy.8@example.org')
    const form = (await page.getByRole('form', { name: 'Edit participant' }).boundingBox())!
    const lineup = page.getByRole('group', { name: 'Lineup' })
    for (const field of await lineup.locator('input, button').all()) {
      const box = (await field.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(form.x)
      expect(box.x + box.width).toBeLessThanOrEqual(form.x + form.width)
    }
    expect(await email.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true)
    await page.screenshot({ path: screenshotPath('view-participants-lineup') })
  })
})
