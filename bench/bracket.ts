// The 2,048-entrant double elimination: live refresh ticks in main (requests and IPC bytes per tick, see
// support/refresh-ticks.ts), then in Chromium the first render cold (loading 4,094 nodes) and from cache, and
// scrolling to its far corner.
import { launchBrowser } from '../tests/e2e/support/browser'
import { startWebMode } from '../tests/e2e/support/web-mode'
import { measureRefreshTicks } from './support/refresh-ticks'
import { report, round } from './support/stats'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const ticks = await measureRefreshTicks()
const root = join(import.meta.dirname, '..')
spawnSync(
  process.execPath,
  [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'error'],
  { cwd: root, stdio: 'inherit' },
)
const web = await startWebMode(['--demo-simulate', '0', '--demo-size', 'large'])
const browser = await launchBrowser()
const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
await page.goto(web.url)
await page
  .getByRole('row', { name: /Mega Open/ })
  .getByRole('button', { name: 'Open' })
  .click()
await page.getByRole('heading', { name: 'Check-in' }).waitFor()

async function timeBracket(): Promise<number> {
  const started = performance.now()
  await page.keyboard.press('Control+5')
  await page.waitForFunction(
    () => {
      const canvas = document.querySelector('[data-testid="bracket-canvas"]')
      return (
        canvas?.getAttribute('data-matches') === '4094' &&
        canvas.querySelectorAll('[data-testid="bracket-match"]').length > 0
      )
    },
    undefined,
    { timeout: 120_000, polling: 16 },
  )
  return performance.now() - started
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

const cold = await timeBracket()
const drawn = await page.locator('[data-testid="bracket-canvas"] [data-testid="bracket-match"]').count()
const scroll = await timeScrollToCorner()
const drawnInCorner = await page.locator('[data-testid="bracket-canvas"] [data-testid="bracket-match"]').count()
await page.keyboard.press('Control+6')
await page.getByRole('heading', { name: 'Check-in' }).waitFor()
const warm = await timeBracket()
const heap = await page.evaluate(
  () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
)
await browser.close()
await web.stop()
report({
  benchmark: 'bracket',
  entrants: 2048,
  matches: 4094,
  drawn_at_top_left: drawn,
  drawn_at_bottom_left: drawnInCorner,
  cold_ms: round(cold, 0),
  from_cache_ms: round(warm, 0),
  scroll_to_corner_ms: round(scroll, 0),
  js_heap_mb: round(heap / 1048576, 1),
  ...ticks,
})
