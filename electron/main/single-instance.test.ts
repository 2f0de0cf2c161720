// The second launch of the desktop app: it quits, and the first instance brings its window to the front.
import { describe, expect, it, vi } from 'vitest'
import type { BrowserWindow } from 'electron'
import { claimSingleInstance } from './single-instance'

function fakeApp(lockFree: boolean) {
  const handlers = new Map<string, () => void>()
  return {
    requestSingleInstanceLock: vi.fn(() => lockFree),
    on: vi.fn((event: string, handler: () => void) => handlers.set(event, handler)),
    quit: vi.fn(),
    handlers,
  }
}

describe('single instance', () => {
  it('quits a second launch', () => {
    const app = fakeApp(false)
    expect(claimSingleInstance(app as never, () => undefined)).toBe(false)
    expect(app.quit).toHaveBeenCalled()
  })

  it('restores and focuses the first window when another launch is attempted', () => {
    const app = fakeApp(true)
    const window = { isMinimized: vi.fn(() => true), restore: vi.fn(), show: vi.fn(), focus: vi.fn() }
    expect(claimSingleInstance(app as never, () => window as unknown as BrowserWindow)).toBe(true)
    app.handlers.get('second-instance')!()
    expect(window.restore).toHaveBeenCalled()
    expect(window.focus).toHaveBeenCalled()
    expect(app.quit).not.toHaveBeenCalled()
  })
})
