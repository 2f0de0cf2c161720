// The channel names are the contract's keys, the event names the events' keys; the preload knows only their shape, and
// the lists whose items cross packed are the contract's `cached(…)` answers.
import { describe, expect, it } from 'vitest'
import { isChannelName } from './channels'
import { CHANNELS, PACKED_CHANNELS, contract, isChannel } from './contract'
import { events } from './events'

describe('channel names', () => {
  it('are the contract’s keys, each of the shape the preload lets through', () => {
    expect(CHANNELS).toEqual(Object.keys(contract))
    expect(CHANNELS.length).toBeGreaterThan(70)
    for (const name of [...CHANNELS, ...Object.keys(events)]) expect(isChannelName(name)).toBe(true)
    expect(isChannel('streams:list')).toBe(true)
    expect(isChannel('streams:drop-everything')).toBe(false)
    expect(isChannel('toString')).toBe(false)
  })

  it('let no other shape through the preload', () => {
    for (const name of ['', 'streams', 'streams:', ':list', 'Streams:list', 'a:b:c', 'app:info ', '../x:y', 'x:y/z', 7])
      expect(isChannelName(name)).toBe(false)
  })

  it('pack the items of exactly the lists a view keeps', () => {
    expect([...PACKED_CHANNELS].sort()).toEqual([
      'bracket:nodes',
      'participants:list',
      'stages:list',
      'streams:list',
      'tournaments:list',
    ])
  })
})
