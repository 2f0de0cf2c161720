// A view opening on a stale local copy of a large list answers from it at once and reads it again behind as a live
// tick does (rolling windows, the bracket's frontier): not whole, which is 100 requests for 5,000 people and 32 for a
// 4,094-match bracket, run in main while the view draws. On the large Demo venue over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MainServices } from '../composition'
import { largeDemo, movableClock } from '../../../tests/support/large-demo'

let services: MainServices
let tournamentId = ''
/** Moved on to make the local copy stale. */
const { clock, skip } = movableClock()

beforeAll(async () => {
  ;({ services, tournamentId } = await largeDemo('read-behind', { clock }))
  for (const channel of ['participants:list', 'bracket:nodes'] as const) {
    const read = await services.dispatch(channel, { tournamentId, filters: {} })
    expect(read.ok).toBe(true)
  }
}, 120_000)
afterAll(() => services.close())

const requests = (path: string) => services.connections.sandbox.stats.count('GET', path)

/** Watches the live ticks main starts from now on (they run as ever); `done` waits for them and stops watching. */
function watchTicks(onTick: () => void = () => undefined) {
  const reads = services.connections.active.offline.reads
  const tick = reads.tick.bind(reads)
  const started: Promise<unknown>[] = []
  reads.tick = (...args: Parameters<typeof reads.tick>) => {
    onTick()
    const running = tick(...args)
    started.push(running.catch(() => undefined))
    return running
  }
  return {
    count: () => started.length,
    done: async () => {
      await Promise.all(started)
      reads.tick = tick
    },
  }
}

describe('a view opening on a stale large list', () => {
  it.each([
    ['participants:list', 'participants', '/organizer/v2/participants', 4],
    ['bracket:nodes', 'nodes', '/organizer/v2/bracket-nodes', 8],
  ] as const)(
    '%s answers from the local copy and reads a live tick behind',
    async (channel, resource, path, most) => {
      const { cache } = services.connections.active.offline
      skip(60_000)
      const refreshedAt = cache.refreshedAt(resource, tournamentId)
      const before = requests(path)
      const read = await services.dispatch(channel, { tournamentId, filters: {} })
      expect(read.ok).toBe(true)
      expect((read as { value: { refreshedAt: number } }).value.refreshedAt).toBe(refreshedAt)
      await expect
        .poll(() => cache.refreshedAt(resource, tournamentId), { timeout: 30_000 })
        .toBeGreaterThan(refreshedAt!)
      const made = requests(path) - before
      expect(made).toBeGreaterThan(0)
      expect(made).toBeLessThanOrEqual(most)
    },
    60_000,
  )

  it('answers before the tick behind starts: working out a bracket frontier takes main tens of ms', async () => {
    const order: string[] = []
    const ticks = watchTicks(() => order.push('tick'))
    try {
      skip(60_000)
      await services.dispatch('bracket:nodes', { tournamentId, filters: {} })
      order.push('answer')
      await expect.poll(() => order, { timeout: 30_000 }).toContain('tick')
      expect(order).toEqual(['answer', 'tick'])
    } finally {
      await ticks.done()
    }
  })

  it('reads one stale list once behind, however often the page reads it meanwhile', async () => {
    const ticks = watchTicks()
    try {
      skip(60_000)
      for (let i = 0; i < 3; i++) await services.dispatch('bracket:nodes', { tournamentId, filters: {} })
      await expect.poll(() => ticks.count(), { timeout: 30_000 }).toBeGreaterThan(0)
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(ticks.count()).toBe(1)
    } finally {
      await ticks.done()
    }
  })
})
