/// <reference lib="dom" />
// WCAG 2.2 AA at the desk and the door, judged by axe-core in Chromium: every view in both themes with a tournament
// open and a stream on air, the overlays (contrast and language), the pairing page and a paired door on a phone in
// both colour schemes. Keyboard walks of the Stream desk and Check-in: focus lands somewhere meaningful after each
// action and the change is announced in a live region that is there from the start.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { axeViolations, OVERLAY_RULES } from './support/axe'
import { launchBrowser, screenshotPath } from './support/browser'
import { linkedShow, type ShowMatch as Node } from './support/linked-show'
import { startWebMode, type WebMode } from './support/web-mode'

const TOURNAMENT = 'Lyon LAN Winter Cup'
const STREAM = 'B stream'
const THEMES = ['dark', 'light'] as const
const VIEWS = [
  ['1', 'Connect'],
  ['2', 'Tournaments'],
  ['3', 'Streams'],
  ['4', 'Stream desk'],
  ['5', 'Bracket'],
  ['6', 'Check-in'],
  ['7', 'Participants'],
  ['8', 'Stages'],
  ['9', 'Sync'],
  ['0', 'Venue'],
] as const

let web: WebMode
let browser: Browser
let context: BrowserContext
let desk: Page
let streamId = ''
let tournamentId = ''
let queued: Node[] = []
/** Every page judged, and what axe found there: printed at the end for the record. */
const found: Record<string, number> = {}

async function judge(name: string, page: Page, only?: { rules: string[] }): Promise<string[]> {
  const violations = await axeViolations(page, only)
  found[name] = violations.length
  return violations
}

const go = async (key: string, heading: string) => {
  await desk.keyboard.press(`Control+${key}`)
  await expect.poll(() => desk.getByRole('heading', { level: 1 }).textContent()).toBe(heading)
}

async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((value) => localStorage.setItem('matchdesk.theme', value), theme)
  await page.reload()
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset['theme'] ?? '')).toBe(theme)
}

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0'])
  browser = await launchBrowser()
  // axe is injected as a script: the pages' own policy would refuse it.
  context = await browser.newContext({ viewport: { width: 1400, height: 900 }, bypassCSP: true })
  desk = await context.newPage()
  await desk.goto(web.url)
  const show = await linkedShow(web, 3, { tournament: TOURNAMENT, stream: STREAM })
  ;({ tournamentId, streamId } = show)
  queued = show.matches
  await desk
    .getByRole('row', { name: new RegExp(TOURNAMENT) })
    .getByRole('button', { name: 'Open' })
    .click()
})
afterAll(async () => {
  console.log(`axe violations per page: ${JSON.stringify(found)}`)
  await browser?.close()
  await web?.stop()
})

describe('axe-core finds nothing', () => {
  for (const theme of THEMES) {
    it(`in every view, ${theme} theme`, async () => {
      await useTheme(desk, theme)
      const failures: string[] = []
      for (const [key, heading] of VIEWS) {
        await go(key, heading)
        await desk.waitForTimeout(250)
        const violations = await judge(`${heading} (${theme})`, desk)
        failures.push(...violations.map((v) => `${heading}: ${v}`))
        if (theme === 'light') await desk.screenshot({ path: screenshotPath(`a11y-${heading}-${theme}`) })
      }
      // The stream columns' panels open (OBS, casters, VOD chapters with a start marked, overlay addresses).
      await web.ipc('broadcast:mark-start', { streamId })
      await go('4', 'Stream desk')
      // Each column draws its panels once it is near the screen: opened once all are drawn.
      await expect.poll(() => desk.getByTestId('vod-chapters').count()).toBeGreaterThan(0)
      await expect
        .poll(
          async () =>
            (await desk.getByTestId('vod-chapters').count()) - (await desk.getByTestId('stream-column').count()),
        )
        .toBe(0)
      await desk.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)))
      await expect.poll(() => desk.getByTestId('chapters-text').count()).toBeGreaterThan(0)
      const open = await judge(`Stream desk panels open (${theme})`, desk)
      failures.push(...open.map((v) => `Stream desk panels open: ${v}`))
      expect(failures).toEqual([])
    })
  }

  it('on the overlays, in both themes (contrast and language)', async () => {
    await web.ipc('broadcast:take', { streamId, matchId: queued[0]!.id })
    await web.ipc('broadcast:casters', {
      streamId,
      casters: [
        { name: 'Ana Ruiz', handle: '@anacasts', pronouns: 'she/her' },
        { name: 'نور الهدى', handle: '', pronouns: '' },
      ],
    })
    // A map veto run: its overlay has steps to draw (a ban struck through, a pick, the decider). A pick fills game
    // 1's map, a game start: its default sequence would hide the casters 12 s later, before the casters are judged.
    await web.ipc('broadcast:set-sequence', { streamId, event: 'game-start', steps: [] })
    for (const press of [
      { kind: 'veto', side: 0, action: 'ban', item: 'Nuke' },
      { kind: 'veto', side: 1, action: 'pick', item: 'Inferno' },
      { kind: 'veto', side: null, action: 'decider', item: 'Ancient' },
    ])
      await web.ipc('broadcast:live', { streamId, press })
    const page = await context.newPage()
    const failures: string[] = []
    // Each overlay in the tournament's language, and those that carry most words in Arabic (right to left).
    const pages = [
      ...['scoreboard', 'up-next', 'bracket', 'break', 'casters', 'veto'].map((kind) => ({ kind, lang: '' })),
      { kind: 'scoreboard', lang: 'ar' },
      { kind: 'casters', lang: 'ar' },
      { kind: 'veto', lang: 'ar' },
    ]
    for (const theme of THEMES)
      for (const { kind, lang } of pages) {
        await page.goto(`${web.hub}/overlays/${kind}?stream=${streamId}&theme=${theme}${lang && `&lang=${lang}`}`)
        await expect.poll(() => page.locator('[data-testid]').count()).toBeGreaterThan(0)
        await page.locator('body[data-feed="arrived"]').waitFor()
        await page.evaluate(() => document.fonts.ready)
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
        if (kind === 'scoreboard' && !lang) {
          // The series from the stage's match format (the Demo venue's stages are best of 3; read with the stages).
          await expect
            .poll(() => page.getByTestId('scoreboard-series').textContent(), { timeout: 15_000 })
            .toMatch(/^Bo3( · \d+–\d+)?$/)
          // Each team's flag, from its lineup's country, drawn from the flags shipped with the app.
          await expect.poll(() => page.getByTestId('flag').count(), { timeout: 15_000 }).toBe(2)
          expect(await page.getByTestId('flag').first().getAttribute('src')).toMatch(
            /^\.?\/?(overlays\/)?assets\/[a-z]{2}-.*\.svg$|\.svg$/,
          )
        }
        if (kind === 'break') {
          // The break screen: the next match (the one Take next would take), its countdown, in the feed's words.
          const next = queued[1]!.opponents.map((o) => o.participant!.name)
          await expect.poll(() => page.getByTestId('break-next').textContent()).toContain(next[0])
          expect(await page.getByTestId('break-countdown').textContent()).toMatch(/^(next|in \d+ minutes?)$/)
          await page.screenshot({ path: screenshotPath(`overlay-break-${theme}`) })
        }
        if (kind === 'casters') await expect.poll(() => page.getByTestId('caster-name').count()).toBe(2)
        if (kind === 'veto') await expect.poll(() => page.getByTestId('veto-step').count()).toBe(3)
        const violations = await judge(`overlay ${kind} ${lang} (${theme})`, page, { rules: OVERLAY_RULES })
        failures.push(...violations.map((v) => `${kind} ${lang} ${theme}: ${v}`))
      }
    // The technical-difficulties card, drawn while the key is down, in the tournament's language and in Arabic.
    await web.ipc('broadcast:difficulties', { streamId, down: true })
    // At the size OBS draws it (a smaller window scrolls a right-to-left page's canvas in the picture).
    await page.setViewportSize({ width: 1920, height: 1080 })
    for (const theme of THEMES)
      for (const lang of ['', 'ar']) {
        await page.goto(`${web.hub}/overlays/difficulties?stream=${streamId}&theme=${theme}${lang && `&lang=${lang}`}`)
        await expect.poll(() => page.getByTestId('difficulties').count()).toBe(1)
        // Drawn once its size is measured and the language's direction set (two frames after its feed and fonts).
        await page.locator('body[data-feed="arrived"]').waitFor()
        await page.evaluate(() => document.fonts.ready)
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
        await page.screenshot({ path: screenshotPath(`overlay-difficulties${lang && `-${lang}`}-${theme}`) })
        const violations = await judge(`overlay difficulties ${lang} (${theme})`, page, { rules: OVERLAY_RULES })
        failures.push(...violations.map((v) => `difficulties ${lang} ${theme}: ${v}`))
      }
    await web.ipc('broadcast:difficulties', { streamId, down: false })
    await expect.poll(() => page.getByTestId('difficulties').count()).toBe(0)
    await page.close()
    expect(failures).toEqual([])
  })

  it('on the pairing page and a paired door, in both colour schemes', async () => {
    const failures: string[] = []
    for (const scheme of THEMES) {
      const phone = await browser.newContext({
        viewport: { width: 390, height: 844 },
        colorScheme: scheme,
        bypassCSP: true,
      })
      const page = await phone.newPage()
      await page.goto(`${web.hub}/pair`)
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1)
      failures.push(...(await judge(`pairing (${scheme})`, page)).map((v) => `pairing ${scheme}: ${v}`))
      const { code } = await web.ipc<{ code: string }>('hub:pair', {
        name: `Door ${scheme}`,
        kind: 'door',
        tournamentId,
      })
      await page.close()
      const door = await phone.newPage()
      await door.goto(`${web.hub}/pair#code=${code}`)
      await door.waitForURL(`${web.hub}/door`, { waitUntil: 'commit' })
      await expect.poll(() => door.getByTestId('link').textContent()).toMatch('Live')
      failures.push(...(await judge(`door (${scheme})`, door)).map((v) => `door ${scheme}: ${v}`))
      // The door's outcome region is there, empty, before the first scan: a screen reader follows it from the start.
      expect(await door.getByTestId('door-result-region').getAttribute('role')).toBe('status')
      expect((await door.getByTestId('door-result-region').textContent())?.trim()).toBe('')
      const field = door.getByLabel('Scan or type a badge code')
      await field.fill('NO-SUCH-BADGE')
      await field.press('Enter')
      await door.waitForTimeout(300)
      failures.push(...(await judge(`door after a scan (${scheme})`, door)).map((v) => `door scan ${scheme}: ${v}`))
      await door.screenshot({ path: screenshotPath(`a11y-door-${scheme}`) })
      await phone.close()
    }
    expect(failures).toEqual([])
  })
})

describe('keyboard walks', () => {
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null
      return {
        testId: element?.dataset['testid'] ?? element?.id ?? element?.tagName ?? '',
        matchId: element?.dataset['matchId'] ?? '',
        stream: element?.closest('[data-testid="stream-column"]')?.getAttribute('aria-label') ?? '',
      }
    })

  it('Stream desk: after Enter on a queued match, Alt+arrows and N, focus stays where the producer goes on', async () => {
    await useTheme(desk, 'light')
    await go('4', 'Stream desk')
    const column = desk.locator('[data-testid="stream-column"]', { has: desk.getByRole('heading', { name: STREAM }) })
    const said = column.getByTestId('desk-said')
    // The live region is there, empty, before anything happens.
    expect(await said.getAttribute('role')).toBe('status')
    expect((await said.textContent())?.trim()).toBe('')

    const [first, second] = await column.getByTestId('queued').all()
    const firstId = (await first!.getAttribute('data-match-id'))!
    const secondId = (await second!.getAttribute('data-match-id'))!
    await second!.focus()
    await desk.keyboard.press('Alt+ArrowUp')
    await expect.poll(() => focused(desk)).toEqual({ testId: 'queued', matchId: secondId, stream: `Stream ${STREAM}` })
    await expect.poll(() => said.textContent()).toMatch(/is number 1 of 2 in the queue of B stream/)

    // Enter takes the focused match: focus lands on the on-air panel, and the desk says what went on air.
    await desk.keyboard.press('Enter')
    await expect.poll(() => focused(desk)).toEqual({ testId: 'on-air', matchId: '', stream: `Stream ${STREAM}` })
    await expect.poll(() => said.textContent()).toMatch(/^On air on B stream: /)
    expect(await column.getByTestId('on-air').getAttribute('aria-label')).toBe(`On air on ${STREAM}`)

    // N (Take next) from the panel: the next match goes on air, focus stays on the panel.
    await desk.keyboard.press('n')
    await expect.poll(() => said.textContent()).toContain('On air on B stream')
    await expect
      .poll(async () => (await web.ipc<{ onAir: { id: string } | null }>('broadcast:feed', { streamId })).onAir?.id)
      .toBe(firstId)
    expect((await focused(desk)).testId).toBe('on-air')
    await desk.screenshot({ path: screenshotPath('a11y-desk-after-take-light') })
  })

  it('Check-in: the scan region is there before the first scan, focus stays in the scan field, outcomes read', async () => {
    const failures: string[] = []
    for (const theme of THEMES) {
      await useTheme(desk, theme)
      await go('6', 'Check-in')
      const region = desk.getByTestId('scan-result-region')
      expect(await region.getAttribute('role')).toBe('status')
      expect((await region.textContent())?.trim()).toBe('')
      const people = await web.ipc<{
        items: { id: string; name: string; checked_in: boolean; custom_user_identifier: string }[]
      }>('participants:list', { tournamentId, filters: {} })
      const waiting = people.items.find((p) => !p.checked_in && p.custom_user_identifier)!
      for (const [code, outcome] of [
        [waiting.custom_user_identifier, 'in'],
        [waiting.custom_user_identifier, 'already'],
        ['NO-SUCH-BADGE', 'unknown'],
      ] as const) {
        const field = desk.getByLabel('Scan a badge')
        await field.focus()
        await desk.keyboard.type(code)
        await desk.keyboard.press('Enter')
        await expect.poll(() => desk.getByTestId('scan-result').getAttribute('data-outcome')).toBe(outcome)
        expect((await focused(desk)).testId).toBe('scan')
        const violations = await judge(`Check-in scan ${outcome} (${theme})`, desk, { rules: ['color-contrast'] })
        failures.push(...violations.map((v) => `scan ${outcome} ${theme}: ${v}`))
      }
      // Undo the check-in for the other theme's walk.
      await web.ipc('checkin:set', {
        participantId: waiting.id,
        checkedIn: false,
        requestId: randomUUID(),
      })
      await desk.screenshot({ path: screenshotPath(`a11y-checkin-scans-${theme}`) })
    }
    expect(failures).toEqual([])
  })
})
