// The desks that follow a 5,000-person event in the background (the doors' list, the producer's desk) read the
// participants as the Check-in list does: rolling windows of the list each tick, not the whole list (100 requests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MainServices } from '../composition'
import { largeDemo } from '../../../tests/support/large-demo'

const TICK_MS = 250
let services: MainServices
let tournamentId = ''

beforeAll(async () => {
  ;({ services, tournamentId } = await largeDemo('follow-refresh', { broadcastRefreshMs: TICK_MS }))
  for (const channel of ['participants:list', 'streams:list', 'bracket:nodes'] as const) {
    const read = await services.dispatch(channel, { tournamentId, filters: {} })
    expect(read.ok).toBe(true)
  }
}, 120_000)
afterAll(() => services.close())

const participantReads = () => services.connections.sandbox.stats.count('GET', '/organizer/v2/participants')

/** Participant requests made while `ms` pass, with at least a few ticks of each desk in them. */
async function readsDuring(ms: number): Promise<number> {
  const before = participantReads()
  await new Promise((resolve) => setTimeout(resolve, ms))
  return participantReads() - before
}

describe('following a 5,000-person event', () => {
  it('a door connected to it reads a few windows a tick', async () => {
    const stop = services.doors.subscribe(tournamentId, () => undefined)
    try {
      const reads = await readsDuring(TICK_MS * 6)
      // ~6 ticks: 4 windows each, where one whole read is 100 requests.
      expect(reads).toBeGreaterThan(0)
      expect(reads).toBeLessThanOrEqual(6 * 4 + 8)
    } finally {
      stop()
    }
  }, 60_000)

  it("the producer's desk watching its streams reads a few windows every fourth tick", async () => {
    const status = await services.dispatch('broadcast:status', { tournamentId })
    expect(status.ok).toBe(true)
    const reads = await readsDuring(TICK_MS * 9)
    expect(reads).toBeGreaterThan(0)
    expect(reads).toBeLessThanOrEqual(3 * 4 + 8)
  }, 60_000)
})
