// A page's failures go to main's log in few calls: gathered for a moment, a full call at once, and a page failing in a
// loop sends its minute's budget and then nothing until the next minute.
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { PageLine } from '../../../shared/log/page-lines'

beforeEach(() => {
  vi.useFakeTimers()
  vi.resetModules()
})
afterEach(() => vi.useRealTimers())

async function pageWith() {
  const calls: PageLine[][] = []
  const failures = await import('./page-failures')
  failures.sendFailuresWith('stream-desk', async (lines) => void calls.push(lines), new EventTarget() as Window)
  return { calls, failures }
}

it('gathers what fails in a moment into one call, each line with its module and what failed', async () => {
  const { calls, failures } = await pageWith()
  failures.reportFailure('stream-desk', new Error('no feed'))
  failures.failed('bracket', 'reading the links')(new Error('offline'))
  expect(calls).toEqual([])
  await vi.advanceTimersByTimeAsync(500)
  expect(calls).toHaveLength(1)
  expect(calls[0]!.map(({ module, message, level }) => ({ module, message, level }))).toEqual([
    { module: 'stream-desk', message: 'no feed', level: 'warn' },
    { module: 'bracket', message: 'reading the links failed: offline', level: 'warn' },
  ])
})

it('sends 30 lines a minute at most, in calls of 20 at most, and again the next minute', async () => {
  const { calls, failures } = await pageWith()
  for (let i = 0; i < 100; i++) failures.reportFailure('overlay-scoreboard', new Error(`loop ${i}`))
  await vi.advanceTimersByTimeAsync(500)
  expect(calls.map((lines) => lines.length)).toEqual([20, 10])
  await vi.advanceTimersByTimeAsync(30_000)
  failures.reportFailure('overlay-scoreboard', new Error('still failing'))
  await vi.advanceTimersByTimeAsync(500)
  expect(calls).toHaveLength(2)
  await vi.advanceTimersByTimeAsync(30_000)
  failures.reportFailure('overlay-scoreboard', new Error('a minute on'))
  await vi.advanceTimersByTimeAsync(500)
  expect(calls.at(-1)!.map((line) => line.message)).toEqual(['a minute on'])
})

it('cuts a long message and stack to the contract’s lengths, so main never refuses a page’s line', async () => {
  const { calls, failures } = await pageWith()
  const error = new Error('x'.repeat(5000))
  failures.reportFailure('door', error)
  await vi.advanceTimersByTimeAsync(500)
  expect(calls[0]![0]!.message).toHaveLength(1000)
  expect(calls[0]![0]!.stack!.length).toBeLessThanOrEqual(4000)
})
