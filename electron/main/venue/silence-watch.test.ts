// A link is silent after 3.5 s without a word on ticks that come on time; a tick after this desk was stalled judges
// nothing (what the other side sent waits unread), and the next tick on time judges again.
import { describe, expect, it } from 'vitest'
import { SilenceWatch } from './silence-watch'

describe('silence watch', () => {
  it('takes a link for silent on time, and never on the tick right after a stall', () => {
    const watch = new SilenceWatch(1000, 3500, 0)
    expect(watch.judge([0], 1000)).toEqual([false])
    expect(watch.judge([0], 2000)).toEqual([false])
    expect(watch.judge([0, 1500], 4000)).toEqual([true, false])
    // Stalled for 6 s: the link heard at 4000 looks silent, but the late tick judges nothing.
    expect(watch.judge([4000], 10_000)).toEqual([false])
    // What waited is read meanwhile (heard at 10 000): on time again, it is not silent; one that stayed silent is.
    expect(watch.judge([10_000, 4000], 11_000)).toEqual([false, true])
  })
})
