// Time and chance as a port, so retries, backoff and token expiry can be tested with a fake clock.
export interface Clock {
  now(): number
  sleep(ms: number): Promise<void>
  random(): number
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
}
