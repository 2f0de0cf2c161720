/// <reference lib="dom" />
// A scorekeeper's tablet on a phone, paired from the Venue view for one stream: it presses +1, a game's map and a
// pick on the on-air duel of the hardest names (40 characters, right to left), the desk's feed follows at once, and
// the page is axe-clean in both themes. Its technical-difficulties key asks before it takes the stream off air; a
// caster's phone removes a caster.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { axeViolations } from './support/axe'
import { launchBrowser, screenshotPath } from './support/browser'
import { demoService, type DemoService } from './support/demo-service'
import { openVenue } from './support/open-venue'
import { startWebMode, tournamentNamed, type WebMode } from './support/web-mode'
import { obsEyes, obsMissing, startObsStudio } from '../support/obs-studio'
import { obsSettingsOf, replayBufferOn } from '../support/obs-settings'

const TOURNAMENT = 'Lyon LAN Winter Cup'
const LONG = 'Wolfeschlegelsteinhausenbergerdorff Tea'.padEnd(40, 'm')
const RTL = 'فريق النجوم الساطعة من الدار البيضاء'
let web: WebMode
let browser: Browser
let desk: Page
let service: DemoService
let streamId = ''
let streamName = ''

type Feed = {
  onAir: { opponents: { name: string; score: number | null }[]; games: { map: string | null }[] | null }
  difficulties: boolean
}

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0', '--demo-control'])
  service = await demoService(web.demo!)
  browser = await launchBrowser()
  const tournamentId = await tournamentNamed(web, TOURNAMENT)
  const streams = await web.ipc<{ items: { id: string; name: string }[] }>('streams:list', {
    tournamentId,
    filters: {},
  })
  ;({ id: streamId, name: streamName } = streams.items[0]!)
  type Node = { id: string; status: string; opponents: { participant: { id: string } | null }[] }
  const nodes = await web.ipc<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
  const match = nodes.items.find(
    (n) => n.status !== 'completed' && n.opponents.length === 2 && n.opponents.every((o) => o.participant),
  )!
  for (const [i, opponent] of match.opponents.entries()) {
    const answer = await service(`/organizer/v2/participants/${opponent.participant!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ name: i === 0 ? LONG : RTL }),
    })
    expect(answer.status).toBe(200)
  }
  await web.ipc('cache:refresh', { resource: 'participants', scope: tournamentId, full: true })
  await web.ipc('cache:refresh', { resource: 'nodes', scope: tournamentId, full: true })
  await web.ipc('match-streams:replace', { matchId: match.id, streamIds: [streamId] })
  await web.ipc('broadcast:take', { streamId, matchId: match.id })
  await web.ipc('broadcast:set-pick-lists', { tournamentId, lists: { picks: ['Ryu', 'Ken'], maps: ['Suzaku Castle'] } })
  desk = await browser.newPage({ viewport: { width: 1300, height: 900 } })
  desk.setDefaultTimeout(10_000)
  await desk.goto(web.url)
})
afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

/** Pairs a scorekeeper's tablet for the stream from the Venue view; answers the phone's page on /tablet. */
async function pairTablet(name: string, colorScheme: 'dark' | 'light', kind = 'Scorekeeper'): Promise<Page> {
  await desk.getByLabel('Name').fill(name)
  await desk.getByLabel('Kind').selectOption({
    label: kind === 'Caster' ? 'Caster tablet (one stream’s casters)' : 'Scorekeeper tablet (one stream’s score)',
  })
  await expect.poll(() => desk.getByLabel('Serves the stream').locator('option').count()).toBeGreaterThan(0)
  await desk.getByLabel('Serves the stream').selectOption({ label: streamName })
  const before = await desk
    .getByTestId('pairing-code')
    .textContent()
    .catch(() => '')
  await desk.getByRole('button', { name: 'Add a device' }).click()
  await expect.poll(() => desk.getByTestId('pairing-code').textContent()).not.toBe(before)
  const code = (await desk.getByTestId('pairing-code').textContent())!
  // The hub's pages allow no inline script: axe is let in by bypassing the CSP for the test only.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme, bypassCSP: true })
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  await page.goto(`${web.hub}/pair#code=${code}`)
  await page.waitForURL(`${web.hub}/tablet`, { waitUntil: 'commit' })
  await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Connected')
  return page
}

describe('a scorekeeper’s tablet', () => {
  it('is paired for one stream from the Venue view and presses on its on-air duel; the feed follows', async () => {
    await openVenue(desk, TOURNAMENT)
    const tablet = await pairTablet('Scorekeeper 1', 'dark')
    await expect.poll(() => tablet.getByRole('heading', { level: 1 }).textContent()).toBe(streamName)
    await tablet.getByRole('button', { name: `+1 ${RTL}` }).click()
    await expect.poll(() => tablet.getByTestId('tablet-score').allTextContents()).toEqual(['0', '1'])
    await tablet.getByRole('combobox', { name: 'Map' }).first().fill('Suzaku Castle')
    await tablet.getByRole('combobox', { name: 'Map' }).first().press('Tab')
    await tablet
      .getByRole('combobox', { name: `Pick, ${LONG}` })
      .first()
      .fill('Ryu')
    await tablet
      .getByRole('combobox', { name: `Pick, ${LONG}` })
      .first()
      .press('Tab')
    const feed = async () => web.ipc<Feed>('broadcast:feed', { streamId })
    await expect.poll(async () => (await feed()).onAir.opponents.map((o) => o.score)).toEqual([0, 1])
    await expect.poll(async () => (await feed()).onAir.games?.[0]?.map).toBe('Suzaku Castle')
    await tablet.getByTestId('tablet-games').scrollIntoViewIfNeeded()
    expect(await axeViolations(tablet)).toEqual([])
    await tablet.screenshot({ path: screenshotPath('tablet-dark'), fullPage: true })
  })

  it('is axe-clean in the light theme too, and says when the producer holds the stream', async () => {
    await web.ipc('broadcast:hold', { streamId, held: true })
    const tablet = await pairTablet('Scorekeeper 2', 'light')
    await tablet.getByRole('button', { name: `+1 ${LONG}` }).click()
    await expect.poll(() => tablet.getByTestId('tablet-held').textContent()).toMatch(/wait for them to apply/)
    expect(await axeViolations(tablet)).toEqual([])
    // The hardest names never push the page wider than the phone.
    expect(await tablet.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await tablet.screenshot({ path: screenshotPath('tablet-light'), fullPage: true })
    await web.ipc('broadcast:hold', { streamId, held: false })
  })

  it('has the technical-difficulties key: it asks before going off air, the feed follows; up again in one tap', async () => {
    const difficulties = async () => (await web.ipc<Feed>('broadcast:feed', { streamId })).difficulties
    for (const scheme of ['dark', 'light'] as const) {
      const tablet = await pairTablet(`Scorekeeper ${scheme} key`, scheme)
      const key = tablet.getByTestId('tablet-difficulties')
      // Last on the page, after the presses: not the first thing a thumb meets.
      const last = await tablet.evaluate(() =>
        Array.from(document.querySelectorAll('main button')).at(-1)?.getAttribute('data-testid'),
      )
      expect(last).toBe('tablet-difficulties')
      // One tap asks; Escape (or Cancel) leaves the stream on air, focus back on the key.
      await key.click()
      await expect.poll(() => tablet.getByTestId('tablet-difficulties-ask').isVisible()).toBe(true)
      await tablet.keyboard.press('Escape')
      expect(await tablet.getByTestId('tablet-difficulties-ask').count()).toBe(0)
      expect(await key.evaluate((el) => el === document.activeElement)).toBe(true)
      expect(await difficulties()).toBe(false)
      await key.click()
      expect(await axeViolations(tablet)).toEqual([])
      await tablet.screenshot({ path: screenshotPath(`tablet-difficulties-ask-${scheme}`), fullPage: true })
      await tablet.getByTestId('tablet-difficulties-confirm').click()
      await expect.poll(() => key.getAttribute('aria-pressed')).toBe('true')
      await expect.poll(difficulties).toBe(true)
      // The difficulties are not the producer's hold: the tablet does not say its edits wait.
      expect(await tablet.getByTestId('tablet-held').count()).toBe(0)
      expect(await tablet.getByTestId('tablet-said').textContent()).toBe('Technical difficulties on air')
      expect(await axeViolations(tablet)).toEqual([])
      await tablet.screenshot({ path: screenshotPath(`tablet-difficulties-${scheme}`), fullPage: true })
      await key.click()
      await expect.poll(() => key.getAttribute('aria-pressed')).toBe('false')
      await expect.poll(difficulties).toBe(false)
      await tablet.context().close()
    }
  })
})

describe('a caster’s phone', () => {
  it('removes a caster, the rest kept, and Save puts it on air', async () => {
    const casters = async () => (await web.ipc<{ casters: { name: string }[] }>('broadcast:feed', { streamId })).casters
    await web.ipc('broadcast:casters', {
      streamId,
      casters: [
        { name: LONG, handle: '@long', pronouns: 'she/her' },
        { name: RTL, handle: '', pronouns: '' },
        { name: 'Ana', handle: '', pronouns: 'they/them' },
      ],
    })
    await openVenue(desk, TOURNAMENT)
    const phone = await pairTablet('Caster phone', 'dark', 'Caster')
    await expect.poll(() => phone.getByTestId('tablet-caster').count()).toBe(3)
    await phone.getByRole('button', { name: `Remove caster 2, ${RTL}` }).click()
    expect(await phone.getByTestId('tablet-caster').count()).toBe(2)
    // Focus goes to the caster that took its place; the air has all three until Save.
    expect(await phone.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('Ana')
    expect(await casters()).toHaveLength(3)
    await phone.getByRole('button', { name: 'Save casters' }).click()
    await expect.poll(async () => (await casters()).map((c) => c.name)).toEqual([LONG, 'Ana'])
    expect(await axeViolations(phone)).toEqual([])
    await phone.screenshot({ path: screenshotPath('tablet-casters-dark'), fullPage: true })
    await phone.context().close()
    const light = await pairTablet('Caster phone light', 'light', 'Caster')
    await expect.poll(() => light.getByTestId('tablet-caster').count()).toBe(2)
    expect(await axeViolations(light)).toEqual([])
    await light.screenshot({ path: screenshotPath('tablet-casters-light'), fullPage: true })
    await light.context().close()
  })
})

describe.skipIf(obsMissing() !== undefined)('a scorekeeper’s Replay key', () => {
  it(
    'plays the stream’s instant replay in its OBS and says it is on air, in both themes',
    { timeout: 120_000 },
    async () => {
      const obs = await startObsStudio(replayBufferOn())
      const eyes = await obsEyes(obs)
      try {
        await web.ipc('obs:configure', {
          streamId,
          settings: obsSettingsOf(obs, { replay: { speed: 100, seconds: 1, bufferSeconds: 20 } }),
          password: obs.password,
        })
        await expect
          .poll(async () => (await web.ipc<{ link: string }>('obs:state', { streamId })).link, { timeout: 10_000 })
          .toBe('connected')
        await web.ipc('obs:setup', { streamId })
        const program = async () => (await eyes.call('GetCurrentProgramScene')).currentProgramSceneName
        await expect.poll(program, { timeout: 10_000 }).toBe('Match')
        const tablet = await pairTablet('Replay key', 'dark')
        const key = tablet.getByTestId('tablet-replay')
        await expect.poll(() => key.textContent()).toBe('Replay')
        // Held, the replay stays on air once played: both themes are looked at while it is.
        await web.ipc('broadcast:hold', { streamId, held: true })
        await key.click()
        await expect.poll(program, { timeout: 15_000 }).toBe('Replay')
        await expect.poll(() => key.textContent(), { timeout: 10_000 }).toBe('Replay on air')
        for (const scheme of ['dark', 'light'] as const) {
          // The page takes its theme as it loads: opened again in the other one, the replay still on air.
          if (scheme === 'light') {
            await tablet.emulateMedia({ colorScheme: scheme })
            await tablet.reload()
            await expect.poll(() => key.textContent(), { timeout: 10_000 }).toBe('Replay on air')
          }
          expect(await axeViolations(tablet)).toEqual([])
          await tablet.screenshot({ path: screenshotPath(`tablet-replay-${scheme}`), fullPage: true })
        }
        // Released, the show comes back and the key says it is ready again.
        await web.ipc('broadcast:hold', { streamId, held: false })
        await expect.poll(program, { timeout: 20_000 }).toBe('Match')
        await expect.poll(() => key.textContent(), { timeout: 10_000 }).toBe('Replay')
        await tablet.context().close()
      } finally {
        await web.ipc('obs:forget', { streamId }).catch(() => undefined)
        await eyes.disconnect()
        await obs.stop()
      }
    },
  )
})
