// The queue says when, in its own order, the same in the desk and the up-next overlay.
import { describe, expect, it } from 'vitest'
import { queueTimes } from './broadcast-time'

const NOW = Date.parse('2026-11-22T15:00:00Z')
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString()

describe('queueTimes', () => {
  it('says "next up" exactly once, and never a later match sooner than the one before it', () => {
    // After a reorder: estimates that went backwards and a match already due in third place.
    const queue = [28, 29, 0, 29, 12].map((minutes) => ({ estimatedStart: at(minutes), decided: true }))
    const times = queueTimes(queue, NOW)
    expect(times.filter((t) => t === 'next up')).toHaveLength(1)
    expect(times[0]).toBe('next up')
    const minutes = times.slice(1).map((t) => Number(/~(\d+) min/.exec(t!)![1]))
    expect(minutes).toEqual([29, 29, 29, 29])
  })

  it('marks a match still waiting for its opponents, and makes the first decided one next up', () => {
    const times = queueTimes(
      [
        { estimatedStart: at(1), decided: false },
        { estimatedStart: at(5), decided: true },
        { estimatedStart: null, decided: true },
        { estimatedStart: at(40), decided: true },
      ],
      NOW,
    )
    expect(times).toEqual(['to be decided', 'next up', null, 'on stream in ~40 min'])
  })
})
