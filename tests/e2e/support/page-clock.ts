// When something happens in a page, by the browser's own clock: a click at the desk and the overlay or door that
// follows it are timed inside Chromium, so the test's round trips to a busy browser (hundreds of ms on a loaded
// two-core machine) do not count against the app.
import type { Page } from 'playwright-core'

/** What a page shows once the awaited change has happened: elements matching `selector`, and what they read. */
export interface Shown {
  selector: string
  /** Exactly these texts, in order (the invisible isolates around names left out). */
  texts?: string[]
  /** Some element's text contains this. */
  contains?: string
  /** Exactly this many elements. */
  count?: number
}

type Watches = Record<string, Promise<number>>
let watches = 0

/** Installs a watch in the page under a fresh name; answers what waits for the time it saw (ms since the epoch). */
async function watch(
  page: Page,
  install: (input: { name: string; shown: Shown | null }) => void,
  shown: Shown | null,
): Promise<() => Promise<number>> {
  const name = `__matchdeskWatch${++watches}`
  await page.evaluate(install, { name, shown })
  return () => page.evaluate((key) => (window as unknown as Watches)[key]!, name)
}

/** Starts watching for the page's next click. */
export function nextClick(page: Page): Promise<() => Promise<number>> {
  return watch(
    page,
    ({ name }) => {
      ;(window as unknown as Watches)[name] = new Promise((resolve) =>
        document.addEventListener('click', () => resolve(Date.now()), { capture: true, once: true }),
      )
    },
    null,
  )
}

/** Starts watching for the page to show `shown` (at once if it already does). */
export function whenShown(page: Page, shown: Shown): Promise<() => Promise<number>> {
  return watch(
    page,
    ({ name, shown }) => {
      const { selector, texts, contains, count } = shown!
      const holds = () => {
        const nodes = Array.from(document.querySelectorAll(selector))
        const read = nodes.map((node) => (node.textContent ?? '').replace(/[\u2068\u2069]/g, ''))
        return (
          (count === undefined || nodes.length === count) &&
          (texts === undefined || JSON.stringify(read) === JSON.stringify(texts)) &&
          (contains === undefined || read.some((text) => text.includes(contains)))
        )
      }
      ;(window as unknown as Watches)[name] = new Promise((resolve) => {
        if (holds()) return resolve(Date.now())
        const observer = new MutationObserver(() => {
          if (!holds()) return
          observer.disconnect()
          resolve(Date.now())
        })
        observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true })
      })
    },
    shown,
  )
}
