// Runs the jobs of a durable queue — the outbox's writes to the service, the floor webhook's calls — one way for both:
// what is due now, up to a number at once, each job recording its own outcome in the queue (done, tried again at a
// time, given up); then it sleeps until the next job is due, or until kicked.
import type { Clock } from './clock'
import { moduleLog } from './log'

const log = moduleLog('job-runner')

/** The longest a wake-up timer is set for: a queue waiting days (a 429's Retry-After) is looked at hourly. */
const LONGEST_WAIT_MS = 60 * 60_000
/** After a run that failed without recording its outcome (its job still due), the queue rests this long. */
const AFTER_FAILURE_MS = 1000

/** A durable queue as the runner sees it. */
export interface JobQueue<Job> {
  /** Jobs that may run now, oldest first, at most `room`; none of those the runner has taken. */
  due(now: number, room: number): Job[]
  /** When the next waiting job is due (ms), or null when none waits. */
  nextDue(): number | null
  /** The runner takes a job (it is running until released): not handed out, or changed, meanwhile. */
  take?(job: Job): void
  release?(job: Job): void
}

export interface JobRunnerOptions<Job> {
  clock: Clock
  /** The queue now, or undefined while none is open (jobs wait for the next kick). */
  queue(): JobQueue<Job> | undefined
  /** Runs one job and records its outcome in the queue. */
  run(job: Job): Promise<void>
  /** Jobs run at once (default 1: in order); a function is asked each time the runner looks for jobs. */
  concurrency?: number | (() => number)
  /** False while jobs cannot run (offline): they wait for the next kick. */
  ready?(): boolean
  /** Told after each job ended, however it ended. */
  ended?(job: Job): void
  /** What the log says a job was, when one fails unexpectedly. */
  what: string
}

export class JobRunner<Job> {
  private timer?: NodeJS.Timeout
  private running = 0
  private stopped = false

  constructor(private readonly options: JobRunnerOptions<Job>) {}

  /** Whether a job is running now. */
  get busy(): boolean {
    return this.running > 0
  }

  /** Looks at the queue again soon (something was queued, the service is back): safe to call at any time. */
  kick(): void {
    if (this.stopped) return
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.pump(), 0)
    this.timer.unref()
  }

  stop(): void {
    this.stopped = true
    clearTimeout(this.timer)
  }

  private pump(): void {
    const { options } = this
    const queue = options.queue()
    if (this.stopped || !queue || options.ready?.() === false) return
    const { concurrency = 1 } = options
    const room = (typeof concurrency === 'number' ? concurrency : concurrency()) - this.running
    const jobs = room > 0 ? queue.due(options.clock.now(), room) : []
    for (const job of jobs) {
      queue.take?.(job)
      this.running++
      void options
        .run(job)
        .then(
          () => true,
          (error: unknown) => {
            log.failed(options.what)(error)
            return false
          },
        )
        .then((recorded) => {
          queue.release?.(job)
          this.running--
          options.ended?.(job)
          // A job that threw is still due: taken again at once, it would loop.
          if (recorded) this.pump()
          else this.wake(AFTER_FAILURE_MS)
        })
    }
    if (jobs.length === 0 && this.running === 0) this.sleep(queue)
  }

  private sleep(queue: JobQueue<Job>): void {
    const due = queue.nextDue()
    if (due !== null) this.wake(due - this.options.clock.now())
  }

  private wake(afterMs: number): void {
    if (this.stopped) return
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.pump(), Math.min(Math.max(0, afterMs), LONGEST_WAIT_MS))
    this.timer.unref()
  }
}
