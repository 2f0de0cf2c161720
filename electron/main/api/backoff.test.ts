// Backoff: full jitter under a doubling cap, and Retry-After in seconds or as an HTTP date.
import { describe, expect, it } from 'vitest'
import { backoffDelay, retryAfterMs, retryDelay } from './backoff'

const policy = { attempts: 5, baseMs: 200, capMs: 5000 }

describe('backoff', () => {
  it('spreads delays over [0, base·2^retry), never above the cap', () => {
    expect(backoffDelay(policy, 0, () => 0)).toBe(0)
    expect(backoffDelay(policy, 0, () => 0.999)).toBe(199)
    expect(backoffDelay(policy, 3, () => 0.5)).toBe(800)
    expect(backoffDelay(policy, 10, () => 0.999)).toBe(4995)
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
