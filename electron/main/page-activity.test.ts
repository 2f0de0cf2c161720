// Work that waits for a quiet moment: not while the page keeps asking, never later than its latest, never once cancelled.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PageActivity } from './page-activity'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('page activity', () => {
  const activity = () => new PageActivity(() => Date.now())

  it('runs the task once the page has been quiet that long, counted from when it was asked for', () => {
    const page = activity()
    const task = vi.fn()
    page.whenQuiet(task, 250, 2000)
    vi.advanceTimersByTime(249)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('waits while the page keeps asking (a view opening after another), then runs once it stops', () => {
    const page = activity()
    const task = vi.fn()
    page.whenQuiet(task, 250, 2000)
    for (let i = 0; i < 6; i++) {
      vi.advanceTimersByTime(100)
      page.asked()
    }
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(249)
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('runs at its latest however busy the page is, and never once cancelled', () => {
    const page = activity()
    const task = vi.fn()
    page.whenQuiet(task, 250, 1000)
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(100)
      page.asked()
    }
    expect(task).toHaveBeenCalledTimes(1)

    const cancelled = vi.fn()
    const cancel = page.whenQuiet(cancelled, 250, 1000)
    page.asked()
    vi.advanceTimersByTime(100)
    cancel()
    vi.advanceTimersByTime(5000)
    expect(cancelled).not.toHaveBeenCalled()
  })
})
