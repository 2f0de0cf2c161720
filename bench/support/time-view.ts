// Times a view in the page: from the key that opens it to the end of the frame that shows it, as a person sees it.
import type { Page } from 'playwright-core'

/**
 * From the key that opens a view until the frame showing `count` elements matching `selector` has been drawn: timed in
 * the page, from the key's event to the end of the first frame after the DOM holds them (a rAF, then a user-blocking
 * task: after that frame's style, layout and paint). Polling from here would add a CDP round trip to a page busy with the answer.
 */
export async function timeView(
  page: Page,
  key: string,
  selector: string,
  count: number,
  screenful = false,
): Promise<number> {
  // Armed before the key is sent (input can overtake an evaluate still on its way), awaited after.
  await page.evaluate(
    ([selector, count, screenful]) => {
      ;(window as { shown?: Promise<number> }).shown = new Promise<number>((resolve, reject) => {
        let pressed = 0
        setTimeout(() => reject(new Error(`${selector}: ${count} not shown (key seen: ${pressed > 0})`)), 60_000)
        addEventListener('keydown', (event) => (pressed = event.timeStamp), { capture: true, once: true })
        const watch = new MutationObserver(() => {
          if (!pressed) return
          const found = document.querySelectorAll(selector)
          // `screenful`: enough of them to fill the window (the last one starts below it) is enough.
          const filled =
            screenful && found.length > 0 && found[found.length - 1]!.getBoundingClientRect().top > innerHeight
          if (found.length < count && !filled) return
          watch.disconnect()
          // The frame's style, layout and paint run in the task of its rAF callbacks: the first task after it ends the
          // frame. A user-blocking task runs ahead of the view's own timers (the desk builds its other columns in one
          // set in a rAF): a message or a timer could run after them, adding their work to the first frame.
          requestAnimationFrame(() => {
            const { scheduler } = globalThis as { scheduler?: { postTask(task: () => void, options: object): unknown } }
            if (scheduler) scheduler.postTask(() => resolve(performance.now() - pressed), { priority: 'user-blocking' })
            else setTimeout(() => resolve(performance.now() - pressed))
          })
        })
        watch.observe(document.body, { childList: true, subtree: true })
      })
    },
    [selector, count, screenful] as const,
  )
  await page.keyboard.press(key)
  return page.evaluate(() => (window as { shown?: Promise<number> }).shown!)
}
