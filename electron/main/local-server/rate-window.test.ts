import { describe, expect, it } from 'vitest'
import { RateWindow } from './rate-window'

describe('a rate window', () => {
  it('admits a key’s calls up to its limit in a second, and again in the next second', () => {
    const window = new RateWindow(3)
    const at = 1_700_000_000_000
    expect([1, 2, 3, 4].map((i) => window.admit('a', at + i))).toEqual([true, true, true, false])
    // Another key has its own count.
    expect(window.admit('b', at + 5)).toBe(true)
    expect(window.admit('a', at + 1000)).toBe(true)
  })

  it('forgets the oldest keys past what it keeps', () => {
    const window = new RateWindow(1, 2)
    const at = 1_700_000_000_000
    window.admit('a', at)
    window.admit('b', at)
    window.admit('c', at)
    // "a" was forgotten: it starts a new count.
    expect(window.admit('a', at)).toBe(true)
    expect(window.admit('c', at)).toBe(false)
  })
})
