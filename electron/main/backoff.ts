// When to try again, for every retry in main (a service call, the outbox, an OBS link, the floor's webhook, the service
// probe while offline): waits doubling from a first one up to a cap, with full jitter where many may retry at once;
// or what the other side's Retry-After (seconds or HTTP date) asks, capped.

/** Waits doubling from `baseMs` (the first retry's) up to `capMs`. */
export interface Backoff {
  baseMs: number
  capMs: number
}

export interface BackoffPolicy extends Backoff {
  /** Attempts in all, the first included. */
  attempts: number
}

export const DEFAULT_BACKOFF: BackoffPolicy = { attempts: 4, baseMs: 250, capMs: 10_000 }

/** The wait before retry number `retry` (0 for the first retry): base·2^retry, at most the cap. */
export function backoffCeiling(backoff: Backoff, retry: number): number {
  return Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.min(Math.max(0, retry), 30))
}

/** Full jitter: a random wait up to the ceiling, so clients that failed together do not retry together. */
export function backoffDelay(backoff: Backoff, retry: number, random: () => number): number {
  return Math.floor(random() * backoffCeiling(backoff, retry))
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
