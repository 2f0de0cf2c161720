// Renderer tests: the fake bridge in place of window.api before any module reads it, a clean DOM after each test.
import { cleanup } from '@testing-library/svelte'
import { afterEach, beforeEach } from 'vitest'
import { fakeApi, reset } from './fake-api'

window.api = fakeApi
// Chromium has idle callbacks; jsdom does not: the next task stands in for the idle moment.
if (!('requestIdleCallback' in window))
  Object.assign(window, {
    requestIdleCallback: (run: IdleRequestCallback) =>
      setTimeout(() => run({ didTimeout: false, timeRemaining: () => 0 })),
    cancelIdleCallback: (id: number) => clearTimeout(id),
  })
// Each test is a fresh app: nothing kept from the one before.
beforeEach(async () => {
  reset()
  // Imported here, not above: the app's modules read window.api when they load.
  const { forgetLastAnswers } = await import('../lib/ipc/cached-list.svelte')
  forgetLastAnswers()
})
afterEach(() => cleanup())
