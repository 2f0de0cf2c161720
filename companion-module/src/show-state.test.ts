// The show as the module holds it: a state worked out before the one held changes nothing, a new connection's burst
// replaces everything (a stream no longer told is gone), and a call counts down as the venue board counts it.
import { describe, expect, it } from 'vitest'
import { ShowState } from './show-state'
import type { WireStation, WireStream } from './wire'

const stream = (id: string, next: string[], revision: number): WireStream => ({
  streamId: id,
  onAir: null,
  next,
  held: false,
  staged: [],
  feed: { stream: { id, name: `Stream ${id}` }, tournament: { id: 't', name: 'Cup' }, onAir: null, next: [] },
  revision,
})

describe('the show', () => {
  it('keeps the latest state of a stream, whichever arrives last', () => {
    const show = new ShowState()
    show.apply('stream', stream('s1', ['m1', 'm2'], 12))
    expect(show.apply('stream', stream('s1', ['m1'], 11))).toBe(false)
    expect(show.streams.get('s1')!.next).toEqual(['m1', 'm2'])
    expect(show.apply('stream', stream('s1', ['m2'], 13))).toBe(true)
    expect(show.streams.get('s1')!.next).toEqual(['m2'])
  })

  it('takes the longest texts a desk’s OBS fields carry: a 24-step veto, 15 games with 40-character names', () => {
    const name = 'Wolfsburg Academy Esports Club Europe 8!'
    const veto = Array.from({ length: 24 }, (_, i) => `${name} bans ${'Map'.padEnd(40, String(i % 10))}`).join('\n')
    const games = Array.from(
      { length: 15 },
      (_, i) => `Game ${i + 1}: ${name} · ${'M'.repeat(40)} · 13–11 · ${'P'.repeat(40)} – ${'Q'.repeat(40)}`,
    ).join('\n')
    const show = new ShowState()
    expect(show.apply('stream', { ...stream('s1', [], 1), fields: { veto, games } })).toBe(true)
    expect(show.streams.get('s1')!.fields?.['veto']).toBe(veto)
    // Past any field a desk writes: passed over, not held.
    expect(show.apply('stream', { ...stream('s1', [], 2), fields: { veto: 'x'.repeat(4001) } })).not.toBe(true)
  })

  it('takes a new connection’s burst as the whole show', () => {
    const show = new ShowState()
    show.apply('stream', stream('s1', [], 1))
    show.apply('stream', stream('s2', [], 2))
    const burst = new ShowState()
    burst.apply('stream', stream('s2', ['m9'], 5))
    show.replaceWith(burst)
    expect([...show.streams.keys()]).toEqual(['s2'])
  })

  it('counts a call down from the hub’s clock, stops at 0 and says nothing once everyone arrived', () => {
    let now = 100_000
    const show = new ShowState(() => now)
    const station = (arrived: boolean[]): WireStation => ({
      id: 'st1',
      number: 1,
      name: 'Station 1',
      match: null,
      call: { calledAt: 40_000, deadline: 100_000, arrived },
    })
    // The hub's clock is 50 s behind this machine's.
    show.apply('floor', { tournamentId: 't', tournament: 'Cup', stations: [station([false, false])], now: 50_000 })
    expect(show.dqSecondsLeft('t', station([false, false]))).toBe(50)
    now += 49_500
    expect(show.dqSecondsLeft('t', station([true, false]))).toBe(0)
    now += 10_000
    expect(show.dqSecondsLeft('t', station([false, false]))).toBe(0)
    expect(show.dqSecondsLeft('t', station([true, true]))).toBeNull()
  })
})
