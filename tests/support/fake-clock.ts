// A clock whose sleeps return at once and are recorded, with time moving by what was slept.
import type { Clock } from '../../electron/main/clock'

export interface FakeClock extends Clock {
  sleeps: number[]
  advance(ms: number): void
  onSleep?: (ms: number) => void
}

export function fakeClock(start = Date.parse('2026-11-22T12:00:00Z'), random = () => 0.5): FakeClock {
  let now = start
  const clock: FakeClock = {
    sleeps: [],
    now: () => now,
    random,
    advance: (ms) => void (now += ms),
    sleep: async (ms) => {
      clock.sleeps.push(ms)
      now += ms
      clock.onSleep?.(ms)
    },
  }
  return clock
}
