// Main's load as the replay sees it: contended while foreground work comes in and the loop runs late, not when only
// one of the two holds (an idle loop; background work alone keeping main busy), and no timer once nobody asks.
import { afterEach, describe, expect, it } from 'vitest'
import { MainLoad } from './main-load'

/** Keeps the loop busy in slices of `sliceMs`, letting it turn between them, for `forMs`; `each` runs every slice. */
async function keepBusy(sliceMs: number, forMs: number, each: () => void = () => {}): Promise<void> {
  const until = performance.now() + forMs
  while (performance.now() < until) {
    each()
    const sliceEnd = performance.now() + sliceMs
    while (performance.now() < sliceEnd);
    await new Promise((resolve) => setImmediate(resolve))
  }
}

const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let load: MainLoad
afterEach(() => load.stop())

describe('MainLoad', () => {
  it('is contended while devices ask and main runs 25 ms tasks back to back, and free once they stop asking', async () => {
    load = new MainLoad()
    expect(load.contended()).toBe(false)
    await keepBusy(25, 300, () => load.foreground())
    expect(load.contended()).toBe(true)
    // Just after: the loop is still taken as late, and the last request is still being answered.
    await idle(60)
    expect(load.contended()).toBe(true)
    await idle(300)
    expect(load.contended()).toBe(false)
  })

  it('is not contended when only background work keeps main busy: nobody waits for an answer', async () => {
    load = new MainLoad()
    load.contended()
    await keepBusy(25, 300)
    expect(load.contended()).toBe(false)
  })

  it('is not contended while devices ask of an idle loop, and measures only while asked', async () => {
    load = new MainLoad()
    load.contended()
    expect(load.measuring).toBe(true)
    for (let i = 0; i < 6; i++) {
      load.foreground()
      await idle(50)
    }
    expect(load.contended()).toBe(false)
    await idle(4200)
    expect(load.measuring).toBe(false)
  })
})
