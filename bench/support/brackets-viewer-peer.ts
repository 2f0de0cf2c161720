// The peer in the bracket bench: brackets-viewer.js drawing the same 2,048-entrant double elimination, made by
// brackets-manager in its in-memory storage, in the same Chromium. Timed from data in the page to drawn and laid out.
import { createRequire } from 'node:module'
import type { Browser } from 'playwright-core'
import { BracketsManager } from 'brackets-manager'
import { InMemoryDatabase } from 'brackets-memory-db'

const require = createRequire(import.meta.url)

/** The peer's bracket, made once; `draw` times one cold draw of it on a fresh page. */
export async function bracketsViewerPeer(entrants = 2048) {
  const manager = new BracketsManager(new InMemoryDatabase())
  await manager.create.stage({
    tournamentId: 0,
    name: 'Main event',
    type: 'double_elimination',
    seeding: Array.from({ length: entrants }, (_, i) => `Player ${i + 1}`),
    settings: { grandFinal: 'simple' },
  })
  const data = await manager.get.stageData(0)
  return { draw: (browser: Browser) => drawOnce(browser, data) }
}

type StageData = Awaited<ReturnType<BracketsManager['get']['stageData']>>

async function drawOnce(browser: Browser, data: StageData) {
  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } })
  // Served from an origin of its own (the library reads localStorage, which about:blank refuses).
  await page.route('http://peer.localhost/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html><body><div id="root" class="brackets-viewer"></div></body></html>',
    }),
  )
  await page.goto('http://peer.localhost/')
  await page.addStyleTag({ path: require.resolve('brackets-viewer/dist/brackets-viewer.min.css') })
  await page.addScriptTag({ path: require.resolve('brackets-viewer/dist/brackets-viewer.min.js') })
  const result = await page.evaluate(
    async (db) => {
      const viewer = (
        window as unknown as { bracketsViewer: { render(data: unknown, config: unknown): Promise<void> } }
      ).bracketsViewer
      const started = performance.now()
      await viewer.render(
        { stages: db.stage, matches: db.match, matchGames: db.match_game, participants: db.participant },
        { selector: '#root', clear: true },
      )
      // Laid out and painted: the next frame after the DOM is in place.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      return {
        ms: performance.now() - started,
        matches: document.querySelectorAll('#root .match').length,
        heap: (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
      }
    },
    data as unknown as { stage: unknown; match: unknown; match_game: unknown; participant: unknown },
  )
  await page.close()
  return { ms: result.ms, matches: result.matches, heapMb: result.heap / 1048576, modelMatches: data.match.length }
}
