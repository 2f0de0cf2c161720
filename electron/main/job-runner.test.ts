// The one runner of durable queues: due jobs up to the room it has, none twice, the next woken when it is due (never a
// timer longer than an hour), a failed run logged and the queue going on, nothing while it cannot run.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeClock } from '../../tests/support/fake-clock'
import { JobRunner, type JobQueue } from './job-runner'

interface Job {
  id: number
  dueAt: number
}

/** A queue in memory: jobs leave it when their run says so. */
function memoryQueue(jobs: Job[]) {
  const taken = new Set<number>()
  const queue: JobQueue<Job> & { jobs: Job[]; taken: Set<number> } = {
    jobs,
    taken,
    due: (now, room) => jobs.filter((job) => job.dueAt <= now && !taken.has(job.id)).slice(0, room),
    nextDue: () => (jobs.length ? Math.min(...jobs.map((job) => job.dueAt)) : null),
    take: (job) => void taken.add(job.id),
    release: (job) => void taken.delete(job.id),
  }
  return queue
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('JobRunner', () => {
  it('asks a room given as a function each time it looks: one at a time while told so, more once free again', async () => {
    const clock = fakeClock(0)
    const queue = memoryQueue([1, 2, 3, 4, 5, 6].map((id) => ({ id, dueAt: 0 })))
    let room = 1
    const running = new Map<number, () => void>()
    const runner = new JobRunner<Job>({
      clock,
      what: 'a test job',
      concurrency: () => room,
      queue: () => queue,
      run: (job) =>
        new Promise<void>((resolve) =>
          running.set(job.id, () => {
            queue.jobs.splice(queue.jobs.indexOf(job), 1)
            running.delete(job.id)
            resolve()
          }),
        ),
    })
    runner.kick()
    await vi.advanceTimersByTimeAsync(0)
    expect([...running.keys()]).toEqual([1])
    room = 3
    running.get(1)!()
    await vi.advanceTimersByTimeAsync(0)
    expect([...running.keys()]).toEqual([2, 3, 4])
    // Told to back off with three running: none is stopped, and no new one starts until fewer than one run.
    room = 1
    running.get(2)!()
    running.get(3)!()
    await vi.advanceTimersByTimeAsync(0)
    expect([...running.keys()]).toEqual([4])
    running.get(4)!()
    await vi.advanceTimersByTimeAsync(0)
    expect([...running.keys()]).toEqual([5])
    runner.stop()
  })

  it('runs the due jobs up to its room, each once, and the rest as room frees', async () => {
    const clock = fakeClock(0)
    const queue = memoryQueue([1, 2, 3, 4, 5].map((id) => ({ id, dueAt: 0 })))
    const started: number[] = []
    const finish = new Map<number, () => void>()
    const runner = new JobRunner<Job>({
      clock,
      what: 'a test job',
      concurrency: 2,
      queue: () => queue,
      run: (job) => {
        started.push(job.id)
        return new Promise<void>((resolve) =>
          finish.set(job.id, () => {
            queue.jobs.splice(queue.jobs.indexOf(job), 1)
            resolve()
          }),
        )
      },
    })
    runner.kick()
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual([1, 2])
    expect(runner.busy).toBe(true)
    runner.kick()
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual([1, 2])
    finish.get(1)!()
    await vi.advanceTimersByTimeAsync(0)
    expect(started).toEqual([1, 2, 3])
    for (const id of [2, 3, 4, 5]) {
      await vi.waitFor(() => expect(finish.has(id)).toBe(true))
      finish.get(id)!()
      await vi.advanceTimersByTimeAsync(0)
    }
    expect(started).toEqual([1, 2, 3, 4, 5])
    expect(runner.busy).toBe(false)
  })

  it('sleeps until the next job is due, an hour at most, and goes on after a run that failed', async () => {
    const clock = fakeClock(0)
    const queue = memoryQueue([
      { id: 1, dueAt: 0 },
      { id: 2, dueAt: 5_000 },
      { id: 3, dueAt: 5 * 86_400_000 },
    ])
    const ran: number[] = []
    const runner = new JobRunner<Job>({
      clock,
      what: 'a test job',
      queue: () => queue,
      run: async (job) => {
        ran.push(job.id)
        queue.jobs.splice(queue.jobs.indexOf(job), 1)
        if (job.id === 1) throw new Error('the receiver hung up')
      },
    })
    runner.kick()
    await vi.advanceTimersByTimeAsync(0)
    expect(ran).toEqual([1])
    clock.advance(4_999)
    await vi.advanceTimersByTimeAsync(4_999)
    expect(ran).toEqual([1])
    clock.advance(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(ran).toEqual([1, 2])
    // The last is five days away: the runner looks again within the hour, never sets a timer for days.
    expect(vi.getTimerCount()).toBe(1)
    clock.advance(3_600_000)
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(ran).toEqual([1, 2])
    expect(vi.getTimerCount()).toBe(1)
    runner.stop()
    expect(vi.getTimerCount()).toBe(0)
  })

  it('rests a second after a run that threw with its job still due, instead of taking it again at once', async () => {
    const clock = fakeClock(0)
    const queue = memoryQueue([{ id: 1, dueAt: 0 }])
    let runs = 0
    const runner = new JobRunner<Job>({
      clock,
      what: 'a test job',
      queue: () => queue,
      run: async () => {
        runs++
        throw new Error('the store closed under it')
      },
    })
    runner.kick()
    await vi.advanceTimersByTimeAsync(999)
    expect(runs).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toBe(2)
    runner.stop()
  })

  it('runs nothing while it cannot, or has no queue, until kicked again', async () => {
    const clock = fakeClock(0)
    const queue = memoryQueue([{ id: 1, dueAt: 0 }])
    let online = false
    let open = false
    const ran: number[] = []
    const runner = new JobRunner<Job>({
      clock,
      what: 'a test job',
      ready: () => online,
      queue: () => (open ? queue : undefined),
      run: async (job) => {
        ran.push(job.id)
        queue.jobs.splice(queue.jobs.indexOf(job), 1)
      },
    })
    runner.kick()
    await vi.advanceTimersByTimeAsync(10_000)
    open = true
    runner.kick()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(ran).toEqual([])
    online = true
    runner.kick()
    await vi.advanceTimersByTimeAsync(0)
    expect(ran).toEqual([1])
  })
})
