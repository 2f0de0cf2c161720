// What another desk writes into the venue's log is read as entries only when it is one: text that is no JSON, an
// unknown log, a wrong length or a time that is not a number is passed over, and the desk's copy goes on working.
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { VenueDoc } from './venue-doc'

describe('the venue log from a hostile desk', () => {
  it('passes over what is not an entry and keeps the ones that are', () => {
    const hostile = new Y.Doc()
    hostile
      .getArray<string>('venue')
      .push([
        'not json',
        JSON.stringify(['nothing', 'a', 'b', 1, 'd']),
        JSON.stringify(['takes', 'main', 'm1']),
        JSON.stringify(['takes', 'main', 'm1', 'soon', 'd']),
        JSON.stringify(['takes', 'main', { $: 1 }, 5, 'd']),
        JSON.stringify(['takes', 'side', 'm2', 5, 'hostile']),
      ])
    const desk = new VenueDoc('d1', () => 10)
    Y.applyUpdate(desk.doc, Y.encodeStateAsUpdate(hostile), 'lan')
    expect([...desk.view().onAir]).toEqual([['side', 'm2']])
    desk.take('main', 'm3')
    expect(desk.view().onAir.get('main')).toBe('m3')
  })
})
