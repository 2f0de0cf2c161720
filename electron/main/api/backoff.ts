// When to try again: full-jitter exponential backoff, or the service's Retry-After (seconds or HTTP date), capped.
export interface BackoffPolicy {
  /** Attempts in all, the first included. */
  attempts: number
  baseMs: number
  capMs: number
}

export const DEFAULT_BACKOFF: BackoffPolicy = { attempts: 4, baseMs: 250, capMs: 10_000 }

/** Milliseconds to wait before retry number `retry` (0 for the first retry). */
export function backoffDelay(policy: BackoffPolicy, retry: number, random: () => number): number {
  return Math.floor(random() * Math.min(policy.capMs, policy.baseMs * 2 ** retry))
}

/** Reads Retry-After as seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number): number | undefined {
  if (!header) return undefined
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

export function retryDelay(
  policy: BackoffPolicy,
  retry: number,
  retryAfter: string | null | undefined,
  now: number,
  random: () => number,
): number {
  const asked = retryAfterMs(retryAfter, now)
  return Math.min(policy.capMs, asked ?? backoffDelay(policy, retry, random))
}
