// Backoff, for every retry in main: a doubling ceiling up to the cap, full jitter under it, and Retry-After in seconds
// or as an HTTP date.
import { describe, expect, it } from 'vitest'
import { backoffCeiling, backoffDelay, retryAfterMs, retryDelay } from './backoff'

const policy = { attempts: 5, baseMs: 200, capMs: 5000 }

describe('backoff', () => {
  it('spreads delays over [0, base·2^retry), never above the cap', () => {
    expect(backoffDelay(policy, 0, () => 0)).toBe(0)
    expect(backoffDelay(policy, 0, () => 0.999)).toBe(199)
    expect(backoffDelay(policy, 3, () => 0.5)).toBe(800)
    expect(backoffDelay(policy, 10, () => 0.999)).toBe(4995)
  })

  it('doubles its ceiling from the first wait to the cap, and stays at the cap however many tries came before', () => {
    expect([0, 1, 2, 3, 4, 5].map((retry) => backoffCeiling(policy, retry))).toEqual([200, 400, 800, 1600, 3200, 5000])
    expect(backoffCeiling(policy, 5000)).toBe(5000)
    expect(Number.isFinite(backoffDelay(policy, 1e9, () => 0.5))).toBe(true)
  })

  it('reads Retry-After as seconds or an HTTP date, and ignores junk', () => {
    const now = Date.parse('2026-11-22T12:00:00Z')
    expect(retryAfterMs('7', now)).toBe(7000)
    expect(retryAfterMs('Sun, 22 Nov 2026 12:00:30 GMT', now)).toBe(30_000)
    expect(retryAfterMs('Sun, 22 Nov 2026 11:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs('soon', now)).toBeUndefined()
    expect(retryAfterMs(null, now)).toBeUndefined()
  })

  it('prefers the service’s Retry-After, capped', () => {
    expect(retryDelay(policy, 0, '2', 0, () => 0.9)).toBe(2000)
    expect(retryDelay(policy, 0, '600', 0, () => 0.9)).toBe(5000)
    expect(retryDelay(policy, 1, undefined, 0, () => 0.5)).toBe(200)
  })
})
