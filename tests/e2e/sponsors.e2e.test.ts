/// <reference lib="dom" />
// The venue's sponsors in Chromium: a producer adds logos on the Stream desk (an SVG refused under its field, a PNG and
// a WebP taken, one named with forty right-to-left characters), the sponsor overlay and the break screen, opened as
// OBS opens them, show them in turn, and the airtime the desk counted shows in its report and exports as CSV; desk
// and overlays in both themes (and Arabic), axe-clean.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { pngLogo, svgFile } from '../support/image-headers'
import { axeViolations, OVERLAY_RULES } from './support/axe'
import { launchBrowser, screenshotPath } from './support/browser'
import { startWebMode, type WebMode } from './support/web-mode'

const RTL = 'عبد الرحمن بن عبد العزيز الشمري القحطاني'.slice(0, 40)
const TOURNAMENT = 'Lyon LAN Winter Cup'
type Node = { id: string; status: string; opponents: { participant: { id: string } | null }[] }

let web: WebMode
let browser: Browser
let desk: Page
let overlay: Page
let streamId = ''

beforeAll(async () => {
  web = await startWebMode(['--demo-simulate', '0', '--demo-control', '--broadcast-refresh', '300'])
  browser = await launchBrowser()
  // axe is injected as a script: the pages' own policies would refuse it.
  desk = await (await browser.newContext({ viewport: { width: 1500, height: 1100 }, bypassCSP: true })).newPage()
  overlay = await (await browser.newContext({ viewport: { width: 1920, height: 1080 }, bypassCSP: true })).newPage()
  await desk.goto(web.url)
  await desk
    .getByRole('row', { name: new RegExp(TOURNAMENT) })
    .getByRole('button', { name: 'Open' })
    .click()
  const list = await web.ipc<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
  const tournamentId = list.items.find((t) => t.name === TOURNAMENT)!.id
  const streams = await web.ipc<{ items: { id: string; name: string }[] }>('streams:list', {
    tournamentId,
    filters: {},
  })
  streamId = streams.items.find((s) => s.name === 'B stream')!.id
  const nodes = await web.ipc<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
  const [first, second] = nodes.items.filter((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant))
  for (const match of [first!, second!])
    await web.ipc('match-streams:replace', { matchId: match.id, streamIds: [streamId] })
  await web.ipc('broadcast:take', { streamId, matchId: first!.id })
  await desk.keyboard.press('Control+4')
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await web?.stop()
})

/** A real WebP, as Chromium encodes a canvas. */
async function webpLogo(word: string): Promise<Buffer> {
  const dataUrl = await desk.evaluate((text) => {
    const canvas = Object.assign(document.createElement('canvas'), { width: 600, height: 200 })
    const context = canvas.getContext('2d')!
    context.fillStyle = '#0b7a3e'
    context.fillRect(0, 0, 600, 200)
    context.fillStyle = '#fff'
    context.font = 'bold 72px sans-serif'
    context.fillText(text, 40, 130)
    return canvas.toDataURL('image/webp')
  }, word)
  return Buffer.from(dataUrl.split(',')[1]!, 'base64')
}

/** A picture as viewers see the sponsor once its fade-in is over (a turn may start just before the shot). */
const asSeen = { animations: 'disabled' } as const

async function addSponsor(name: string, seconds: number, file: { name: string; mimeType: string; buffer: Buffer }) {
  const panel = desk.getByTestId('sponsors')
  await panel.getByLabel('Sponsor name').fill(name)
  await panel.getByLabel('Seconds a turn').fill(String(seconds))
  await panel.getByLabel('Logo (PNG, JPEG or WebP)').setInputFiles(file)
  await panel.getByRole('button', { name: 'Add sponsor' }).click()
}

describe('sponsors', () => {
  it('are added on the Stream desk: a logo that is no PNG, JPEG or WebP is refused under its field', async () => {
    const panel = desk.getByTestId('sponsors')
    await panel.locator('summary').click()
    await expect.poll(() => panel.textContent()).toMatch(/No sponsor yet/)
    await addSponsor('Evil', 5, { name: 'logo.png', mimeType: 'image/png', buffer: svgFile() })
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toBe('image: a PNG, JPEG or WebP file (this one is not)')
    await addSponsor('Acme Energy', 3, { name: 'acme.png', mimeType: 'image/png', buffer: pngLogo('ACME') })
    // The form is the next sponsor's once the first is added (filled before, its answer would empty it again).
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(1)
    await addSponsor(RTL, 3, { name: 'riyadh.webp', mimeType: 'image/webp', buffer: await webpLogo('RIYADH') })
    await expect.poll(() => panel.getByRole('listitem').count()).toBe(2)
    expect(await panel.getByRole('alert').count()).toBe(0)
    expect(await panel.getByRole('listitem').nth(1).textContent()).toMatch(/3 s · 600 × 200/)
  })

  it('rotate in the sponsor overlay and on the break screen, both themes, Arabic too, axe-clean', async () => {
    const failures: string[] = []
    for (const theme of ['dark', 'light'])
      for (const lang of ['', 'ar']) {
        await overlay.goto(`${web.hub}/overlays/sponsors?stream=${streamId}&theme=${theme}${lang && `&lang=${lang}`}`)
        const shown = overlay.getByTestId('sponsor').locator('img:not(.ahead)')
        await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
        await overlay.screenshot({ path: screenshotPath(`overlay-sponsors${lang && `-${lang}`}-${theme}`), ...asSeen })
        failures.push(...(await axeViolations(overlay, { rules: OVERLAY_RULES })).map((v) => `${theme} ${lang}: ${v}`))
      }
    expect(failures).toEqual([])
    // Each its 3 s in turn: the other one comes, named for readers, then the first again.
    const current = () => overlay.getByTestId('sponsor').locator('img:not(.ahead)').getAttribute('alt')
    const first = await current()
    await expect.poll(current, { timeout: 5_000 }).not.toBe(first)
    const second = await current()
    await expect.poll(current, { timeout: 5_000 }).toBe(first)
    expect([first, second].sort()).toEqual(['Acme Energy', RTL].sort())

    // At twice the size on a 1280×720 canvas, the card stays inside it.
    const small = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage()
    await small.goto(`${web.hub}/overlays/sponsors?stream=${streamId}&scale=2&quiet=1`)
    const box = (await (await small.waitForSelector('[data-testid="sponsor-card"]')).boundingBox())!
    expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 720).toBe(true)
    expect(box.width).toBeGreaterThan(420)
    await small.screenshot({ path: screenshotPath('overlay-sponsors-720p-scale-2'), ...asSeen })
    await small.close()

    for (const theme of ['dark', 'light']) {
      await overlay.goto(`${web.hub}/overlays/break?stream=${streamId}&theme=${theme}`)
      const strip = overlay.getByTestId('break-sponsors')
      await expect
        .poll(() => strip.locator('img:not(.ahead)').evaluate((i: HTMLImageElement) => i.naturalWidth))
        .toBeGreaterThan(0)
      await overlay.screenshot({ path: screenshotPath(`overlay-break-sponsors-${theme}`), ...asSeen })
      expect(await axeViolations(overlay, { rules: OVERLAY_RULES })).toEqual([])
    }
  })

  it('count the airtime per sponsor and stream while the overlay is open, and export it as CSV', async () => {
    await overlay.goto(`${web.hub}/overlays/sponsors?stream=${streamId}`)
    const panel = desk.getByTestId('sponsors')
    const rows = panel.getByRole('table').getByRole('row')
    // Read again every 5 s while open: both sponsors have had a turn on B stream.
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3)
    expect(await rows.nth(1).textContent()).toMatch(/^Acme EnergyB stream\d+:\d\d$/)
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      panel.getByRole('button', { name: 'Export CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('sponsor-airtime.csv')
    const csv = readFileSync(await download.path(), 'utf8').split('\r\n')
    expect(csv[0]).toBe('\uFEFFsponsor,stream,seconds_on_air,duration')
    expect(csv).toContainEqual(expect.stringMatching(new RegExp(`^"${RTL}","B stream","\\d+","\\d+:\\d\\d"$`)))
    expect(csv).toContainEqual(expect.stringMatching(/^"Acme Energy","All streams","\d+"/))

    await panel.scrollIntoViewIfNeeded()
    expect(await axeViolations(desk)).toEqual([])
    await desk.screenshot({ path: screenshotPath('view-stream-desk-sponsors'), fullPage: true })
    await desk.getByRole('button', { name: 'Light theme' }).click()
    expect(await axeViolations(desk)).toEqual([])
    await desk.screenshot({ path: screenshotPath('view-stream-desk-sponsors-light'), fullPage: true })
    await desk.getByRole('button', { name: 'Dark theme' }).click()
  })
})
