// Whether main's event loop is contended right now: foreground work (a device's request at the hub: a door waits for
// each scan's answer) came in lately and a short timer fires late. Background work (the outbox's replay) then backs off, so door scans and
// the page are answered first; with no foreground waiting, the background runs at full speed however busy main is.
// The timer runs only while someone asks, so an idle desk runs none for it.
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks'

/** The timer's period: its lateness beyond this is the loop's delay. */
const RESOLUTION_MS = 5
/** How long one judgement of the loop lasts before it is looked at again. */
const WINDOW_MS = 50
/** The loop is late when the timer fired this much later than asked, on average over a window. */
const LATE_MS = 3
/** Once late, the loop is taken as late this long after: backing off must not make it look idle at once. */
const STAYS_LATE_MS = 500
/** Foreground work this recent is still being answered (a door waits for its scan's answer). */
const FOREGROUND_MS = 250
/** Not asked for this long, the timer stops. */
const UNASKED_MS = 2000

export class MainLoad {
  private histogram: IntervalHistogram | undefined
  private windowStart = 0
  private lastAsked = 0
  private lateUntil = Number.NEGATIVE_INFINITY
  private lastForeground = Number.NEGATIVE_INFINITY
  private idleCheck: NodeJS.Timeout | undefined

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Foreground work came in: a device's request at the hub. */
  foreground(): void {
    this.lastForeground = this.now()
  }

  /** Whether foreground work waits on a late loop now (false at the first ask: nothing measured yet). */
  contended(): boolean {
    const now = this.now()
    this.lastAsked = now
    if (!this.histogram) {
      this.start(now)
      return false
    }
    if (now - this.windowStart >= WINDOW_MS) {
      const { count, mean } = this.histogram
      if (count > 0 && mean / 1e6 - RESOLUTION_MS > LATE_MS) this.lateUntil = now + STAYS_LATE_MS
      this.histogram.reset()
      this.windowStart = now
    }
    return now < this.lateUntil && now - this.lastForeground < FOREGROUND_MS
  }

  /** Whether the loop's timer runs now (someone asked within the last two seconds or so). */
  get measuring(): boolean {
    return this.histogram !== undefined
  }

  stop(): void {
    this.histogram?.disable()
    this.histogram = undefined
    clearInterval(this.idleCheck)
    this.lateUntil = Number.NEGATIVE_INFINITY
  }

  private start(now: number): void {
    this.histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
    this.histogram.enable()
    this.windowStart = now
    this.idleCheck = setInterval(() => {
      if (this.now() - this.lastAsked >= UNASKED_MS) this.stop()
    }, UNASKED_MS)
    this.idleCheck.unref()
  }
}

/** Main's loop, one per process: the hub notes its devices' requests in it, every session's replay asks it. */
export const mainLoad = new MainLoad()
