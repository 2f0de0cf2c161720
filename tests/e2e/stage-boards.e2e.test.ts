/// <reference lib="dom" />
// The top 8 and standings overlays in Chromium, as OBS opens them, on the Demo venue's Lyon LAN Winter Cup: a pool
// match on air draws its group's standings (a forty-character right-to-left name among them, fitted), a playoff match
// draws the double elimination's top 8; both themes, Arabic too, axe-clean; each draws nothing for the other's stage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { axeViolations, OVERLAY_RULES } from './support/axe'
import { launchBrowser, screenshotPath } from './support/browser'
import { demoService, type DemoService } from './support/demo-service'
import { startWebMode, type WebMode } from './support/web-mode'

type Node = {
  id: string
  stage_id: string
  status: string
  branch: string | null
  opponents: { participant: { id: string; name: string } | null }[]
}
const RTL = 'عبد الرحمن بن عبد العزيز الشمري القحطاني'.slice(0, 40)

let web: WebMode
let browser: Browser
let page: Page
let service: DemoService
let streamId = ''
let pool: Node
let playoff: Node

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0', '--demo-control', '--broadcast-refresh', '300'])
  service = await demoService(web.demo!)
  browser = await launchBrowser()
  // axe is injected as a script: the overlay's own policy would refuse it.
  page = await (await browser.newContext({ viewport: { width: 1920, height: 1080 }, bypassCSP: true })).newPage()
  const list = await web.ipc<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
  const tournamentId = list.items.find((t) => t.name === 'Lyon LAN Winter Cup')!.id
  const stages = await web.ipc<{ items: { id: string; name: string }[] }>('stages:list', { tournamentId })
  const stageId = (name: string) => stages.items.find((s) => s.name === name)!.id
  const streams = await web.ipc<{ items: { id: string; name: string }[] }>('streams:list', {
    tournamentId,
    filters: {},
  })
  streamId = streams.items.find((s) => s.name === 'B stream')!.id
  const nodes = (await web.ipc<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })).items
  // The Demo venue's pools are all played: one of them is taken again, as a replay is shown.
  pool = nodes.find((n) => n.stage_id === stageId('Groups') && n.opponents.every((o) => o.participant))!
  // The grand final: a match every top 8 draws.
  playoff = nodes.find((n) => n.stage_id === stageId('Playoffs') && n.branch === 'gf')!
  for (const match of [pool, playoff])
    await web.ipc('match-streams:replace', { matchId: match.id, streamIds: [streamId] })
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

async function look(kind: string, name: string, ready: () => Promise<void>): Promise<string[]> {
  const failures: string[] = []
  for (const theme of ['dark', 'light'])
    for (const lang of ['', 'ar']) {
      await page.goto(`${web.hub}/overlays/${kind}?stream=${streamId}&theme=${theme}${lang && `&lang=${lang}`}`)
      await ready()
      // Drawn once its fonts are in and its names fitted (fitting runs in the frame after the text is set).
      await page.evaluate(async () => {
        await document.fonts.ready
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      })
      await page.screenshot({ path: screenshotPath(`overlay-${name}${lang && `-${lang}`}-${theme}`) })
      failures.push(
        ...(await axeViolations(page, { rules: OVERLAY_RULES })).map((v) => `${kind} ${lang} ${theme}: ${v}`),
      )
    }
  return failures
}

describe('the stage boards', () => {
  it('standings: a pool match on air draws its group, ranked, the longest right-to-left name fitted', async () => {
    const renamed = pool.opponents[0]!.participant!
    const patch = await service(`/organizer/v2/participants/${renamed.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ name: RTL }),
    })
    expect(patch.status).toBe(200)
    await web.ipc('broadcast:take', { streamId, matchId: pool.id })
    const failures = await look('standings', 'standings', async () => {
      await expect.poll(() => page.getByTestId('standings-name').allTextContents(), { timeout: 10_000 }).toContain(RTL)
    })
    const ranks = (await page.locator('[data-testid="standings-row"] td.rank').allTextContents()).map(Number)
    expect(ranks[0]).toBe(1)
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks)
    // The name fits its cell: shrunk, or ended with an ellipsis, never wider than the panel.
    const fits = await page
      .getByTestId('standings-name')
      .filter({ hasText: RTL })
      .evaluate((el) => el.scrollWidth <= el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis')
    expect(fits).toBe(true)
    expect(failures).toEqual([])
    // The top 8 has nothing to draw for a pool.
    await page.goto(`${web.hub}/overlays/top8?stream=${streamId}`)
    // Its feed is in, and drawn: only then does drawing nothing say something.
    await page.locator('body[data-feed="arrived"]').waitFor()
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await page.getByTestId('top8').count()).toBe(0)
  })

  it('standings: the Rocket League swiss parts equal records by the stage’s tie-breakers and shows the one that decided', async () => {
    const list = await web.ipc<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
    const tournamentId = list.items.find((t) => t.name === 'Rocket League Open')!.id
    const streams = await web.ipc<{ items: { id: string }[] }>('streams:list', { tournamentId, filters: {} })
    const nodes = (await web.ipc<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })).items
    const swissStream = streams.items[0]!.id
    const played = nodes.find((n) => n.status === 'completed')!
    await web.ipc('match-streams:replace', { matchId: played.id, streamIds: [swissStream] })
    await web.ipc('broadcast:take', { streamId: swissStream, matchId: played.id })
    await page.goto(`${web.hub}/overlays/standings?stream=${swissStream}&lang=en`)
    await expect
      .poll(() => page.getByTestId('standings-tie-breaker').allTextContents(), { timeout: 10_000 })
      .toContain('Bu')
    await page.screenshot({ path: screenshotPath('overlay-standings-swiss-dark') })
    const ranks = (await page.locator('[data-testid="standings-row"] td.rank').allTextContents()).map(Number)
    // Teams of one record no longer share #1: Buchholz (then the scores) part them.
    expect(ranks.filter((rank) => rank === 1).length).toBe(1)
  })

  it('top 8: a playoff match on air draws the double elimination’s last rounds and its grand final', async () => {
    await web.ipc('broadcast:take', { streamId, matchId: playoff.id, undecided: true })
    const failures = await look('top8', 'top8', async () => {
      await expect.poll(() => page.getByTestId('top8-match').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(7)
    })
    expect(failures).toEqual([])
    await page.goto(`${web.hub}/overlays/top8?stream=${streamId}&lang=en`)
    await expect.poll(() => page.getByTestId('top8-line').count(), { timeout: 10_000 }).toBeGreaterThan(0)
    // The match on air is the one outlined, and the only one, though others run.
    const marked = page.locator('[data-testid="top8-match"][aria-current="true"]')
    expect(await marked.count()).toBe(1)
    expect(await marked.getAttribute('data-match-id')).toBe(playoff.id)
    // Rounds are headed in words, not codes.
    const rounds = await page.getByTestId('top8-round').allTextContents()
    expect(rounds).toContain('Grand final')
    expect(rounds.some((r) => /^Winners round \d+$/.test(r))).toBe(true)
    expect(rounds.some((r) => /^Losers round \d+$/.test(r))).toBe(true)
    expect((await page.getByTestId('top8').textContent())!).not.toMatch(/\b(WB|LB) R\d|GF2?\b/)
    // A line from every match that feeds another (the grand final's two at least) runs between its cards' edges.
    const gaps = await page
      .getByTestId('top8-line')
      .evaluateAll((paths) => paths.map((path) => (path as SVGPathElement).getTotalLength()))
    expect(gaps.length).toBeGreaterThanOrEqual(2)
    expect(gaps.every((length) => length > 0)).toBe(true)
    await page.goto(`${web.hub}/overlays/standings?stream=${streamId}`)
    await page.locator('body[data-feed="arrived"]').waitFor()
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    expect(await page.getByTestId('standings').count()).toBe(0)
  })
})
