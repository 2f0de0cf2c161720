// The venue's own time: the wall clock, the wall clock sped up (fast mode), or a clock a test moves by hand.
export interface EventClock {
  /** Epoch milliseconds of event time. */
  now(): number
}

/** Event time that starts at the wall clock's now and runs `speed` times faster (1: real time). */
export function pacedClock(speed = 1, wall: () => number = Date.now): EventClock {
  const start = wall()
  return { now: () => start + (wall() - start) * speed }
}

/** A clock that moves only when told: simulation tests run hours of event time in a moment. */
export class ManualClock implements EventClock {
  constructor(private at: number) {}

  now(): number {
    return this.at
  }

  advance(ms: number): void {
    this.at += ms
  }
}
