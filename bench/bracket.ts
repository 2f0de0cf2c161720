// The 2,048-entrant double elimination: live refresh ticks in main (requests and IPC bytes per tick, see
// support/refresh-ticks.ts); then in Chromium the first open (4,094 nodes read from the service), the cold draw (a
// freshly loaded page, the bracket in main's local copy), the draw from cache, scrolling to its far corner, the JS
// heap; and brackets-viewer.js drawing the same bracket in the same browser (support/brackets-viewer-peer.ts), its
// draws taken in turn with the cold ones, so both see the machine as it is at the time (a 2-core VM's speed drifts).
import type { Page } from 'playwright-core'
import { launchBrowser } from '../tests/e2e/support/browser'
import { bracketsViewerPeer } from './support/brackets-viewer-peer'
import { openMegaOpen as openMegaOpenAt, startLargeVenue } from './support/mega-open'
import { measureRefreshTicks } from './support/refresh-ticks'
import { percentile, report, round } from './support/stats'
import { timeView } from './support/time-view'

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  )

const ticks = await measureRefreshTicks()
const web = await startLargeVenue()
const browser = await launchBrowser()
const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })

const openMegaOpen = () => openMegaOpenAt(page, web.url)

/**
 * Opening the Bracket view until the frame that shows its first matches, the whole bracket laid out (see
 * support/time-view.ts): timed in the page, as brackets-viewer.js is (polling from here added a CDP round trip to a
 * page busy drawing).
 */
async function timeBracket(): Promise<number> {
  const ms = await timeView(
    page,
    'Control+5',
    '[data-testid="bracket-canvas"][data-matches="4094"] [data-testid="bracket-match"]',
    1,
  )
  await page.locator('[data-testid="bracket-canvas"][data-matches="4094"]').waitFor()
  return ms
}

/** Jumps to the bottom-left corner (the losers bracket starts there) and waits until its matches replace those of the top-left. */
async function timeScrollToCorner(): Promise<number> {
  const firstDrawn = await page.locator('[data-testid="bracket-match"]').first().getAttribute('data-match-id')
  const started = performance.now()
  await page.evaluate(() => {
    const scroller = document.querySelector('[data-testid="bracket-canvas"]')!.parentElement!
    scroller.scrollTo({ left: 0, top: scroller.scrollHeight })
  })
  await page.waitForFunction(
    (id) => !document.querySelector(`[data-testid="bracket-match"][data-match-id="${id}"]`),
    firstDrawn,
    { timeout: 30_000, polling: 16 },
  )
  return performance.now() - started
}

/** The page's JS heap after a garbage collection, in MB. */
async function heapMb(target: Page): Promise<number> {
  const cdp = await target.context().newCDPSession(target)
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  await cdp.detach()
  return round(usedSize / 1048576, 1)
}

const peer = await bracketsViewerPeer()
await openMegaOpen()
const firstOpen = await timeBracket()
// Each draw is taken several times and the median reported: one sample swings with a GC or a background tick. The
// cold draws and the peer's alternate.
const SAMPLES = 7
const colds: number[] = []
const peers: Awaited<ReturnType<typeof peer.draw>>[] = []
for (let i = 0; i < SAMPLES; i++) {
  await openMegaOpen()
  colds.push(await timeBracket())
  peers.push(await peer.draw(browser))
  // The peer's page leaves a large heap behind: a second to settle before the next cold draw.
  await page.waitForTimeout(1000)
}
const cold = median(colds)
const peerMs = median(peers.map((p) => p.ms))
const drawn = await page.locator('[data-testid="bracket-canvas"] [data-testid="bracket-match"]').count()
const heap = await heapMb(page)
const scroll = await timeScrollToCorner()
const drawnInCorner = await page.locator('[data-testid="bracket-canvas"] [data-testid="bracket-match"]').count()
await page.keyboard.press('Control+6')
await page.getByRole('heading', { name: 'Check-in' }).waitFor()
const warms: number[] = []
for (let i = 0; i < SAMPLES; i++) {
  if (i > 0) {
    await page.keyboard.press('Control+6')
    await page.getByRole('heading', { name: 'Check-in' }).waitFor()
  }
  warms.push(await timeBracket())
}
const warm = median(warms)
await browser.close()
await web.stop()
report({
  benchmark: 'bracket',
  entrants: 2048,
  matches: 4094,
  drawn_at_top_left: drawn,
  drawn_at_bottom_left: drawnInCorner,
  first_open_ms: round(firstOpen, 0),
  cold_ms: round(cold, 0),
  cold_samples_ms: colds.map((ms) => round(ms, 0)).join(' '),
  from_cache_ms: round(warm, 0),
  from_cache_samples_ms: warms.map((ms) => round(ms, 0)).join(' '),
  brackets_viewer_cold_ms: round(peerMs, 0),
  brackets_viewer_samples_ms: peers.map((p) => round(p.ms, 0)).join(' '),
  brackets_viewer_matches_drawn: peers[0]!.matches,
  speedup_vs_brackets_viewer: round(peerMs / cold, 2),
  goal_speedup: 12,
  scroll_to_corner_ms: round(scroll, 0),
  js_heap_mb: heap,
  brackets_viewer_js_heap_mb: round(peers[0]!.heapMb, 1),
  ...ticks,
})
