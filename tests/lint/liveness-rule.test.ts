// One rule for "is that desk still there": the app's (shared/venue/liveness.ts: device pages, overlays, the hosting
// rule's look at each desk) and Companion's module's own copy of it (it cannot import the app) say the same.
import { describe, expect, it } from 'vitest'
import { firstThatProves, LIVENESS } from '../../shared/venue/liveness'
import { LIVENESS as COMPANIONS } from '../../companion-module/src/venue-desks'

describe('the liveness rule', () => {
  it('is the same in the app and in Companion’s module', () => {
    expect(COMPANIONS).toEqual(LIVENESS)
  })

  it('moves to the first other desk, in the venue’s order, that proves itself', async () => {
    const desks = [
      { name: 'gone', url: 'http://10.0.0.1:7310' },
      { name: 'silent', url: 'http://10.0.0.2:7310' },
      { name: 'next', url: 'http://10.0.0.3:7310' },
      { name: 'later', url: 'http://10.0.0.4:7310' },
    ]
    const asked: string[] = []
    const next = await firstThatProves(desks, 'http://10.0.0.1:7310/door', async (desk) => {
      asked.push(desk.name)
      return desk.name !== 'silent'
    })
    expect(next?.name).toBe('next')
    // The desk being left is not asked; none after the one that proved itself is either.
    expect(asked).toEqual(['silent', 'next'])
  })
})
