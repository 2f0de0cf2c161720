// The show's decisions without an OBS: the match scene on a Take, nothing on a mere refresh, the break a set time
// after the result (never twice, never for another match), and after a reconnection the scene chosen last.
import { describe, expect, it } from 'vitest'
import type { Feed } from '../../../shared/broadcast/feed'
import { breakStillDue, NOTHING_SHOWN, planShow, type ShowState } from './obs-show'

const settings = { matchScene: 'Match', breakScene: 'Break', breakAfterSeconds: 20 }
const feedOf = (id: string | null, status = 'running') =>
  ({ onAir: id === null ? null : { id, status } }) as unknown as Feed

describe('planShow', () => {
  it('switches to the match scene on a Take, and leaves the scene alone when the same match refreshes', () => {
    const taken = planShow(NOTHING_SHOWN, feedOf('m1'), settings, 1000, false)
    expect(taken).toMatchObject({ scene: 'Match', breakAt: null, state: { onAirId: 'm1', chosenScene: 'Match' } })
    expect(planShow(taken.state, feedOf('m1'), settings, 2000, false).scene).toBeNull()
  })

  it('brings the break the set time after the result is seen, once, and cancels it for the next match', () => {
    const taken = planShow(NOTHING_SHOWN, feedOf('m1'), settings, 0, false).state
    const result = planShow(taken, feedOf('m1', 'completed'), settings, 5000, false)
    expect(result).toMatchObject({ scene: null, breakAt: 25_000, state: { finishedAt: 5000 } })
    // The same result published again does not move the break.
    expect(planShow(result.state, feedOf('m1', 'completed'), settings, 9000, false).breakAt).toBe(25_000)
    const shown: ShowState = { ...result.state, breakShown: true }
    expect(breakStillDue(result.state, feedOf('m1', 'completed'), false, 'm1')).toBe(true)
    expect(breakStillDue(shown, feedOf('m1', 'completed'), false, 'm1')).toBe(false)
    expect(breakStillDue(result.state, feedOf('m1', 'completed'), true, 'm1')).toBe(false)
    expect(planShow(shown, feedOf('m1', 'completed'), settings, 30_000, false).breakAt).toBeNull()
    const next = planShow(result.state, feedOf('m2'), settings, 10_000, false)
    expect(next).toMatchObject({ scene: 'Match', cancelBreak: true, breakAt: null })
    expect(breakStillDue(next.state, feedOf('m2'), false, 'm1')).toBe(false)
  })

  it('takes a result back: no break comes', () => {
    const result = planShow(NOTHING_SHOWN, feedOf('m1', 'completed'), settings, 0, false)
    const reopened = planShow(result.state, feedOf('m1', 'running'), settings, 1000, false)
    expect(reopened).toMatchObject({ cancelBreak: true, breakAt: null, state: { finishedAt: null } })
  })

  it('catching up after a restart: a result found already there is past its delay; otherwise the scene chosen last', () => {
    expect(planShow(NOTHING_SHOWN, feedOf('m1', 'completed'), settings, 0, true)).toMatchObject({
      scene: 'Break',
      breakAt: null,
      state: { breakShown: true },
    })
    const chosen: ShowState = { ...NOTHING_SHOWN, onAirId: 'm1', chosenScene: 'Interview' }
    expect(planShow(chosen, feedOf('m1'), settings, 0, true).scene).toBe('Interview')
  })

  it('no break scene, or a delay of 0: no break ever', () => {
    for (const other of [
      { ...settings, breakScene: null },
      { ...settings, breakAfterSeconds: 0 },
    ])
      expect(planShow(NOTHING_SHOWN, feedOf('m1', 'completed'), other, 0, false).breakAt).toBeNull()
  })

  it('nothing on air: no scene', () => {
    expect(planShow(NOTHING_SHOWN, feedOf(null), settings, 0, true).scene).toBeNull()
  })
})
