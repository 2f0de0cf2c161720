// Two desks' stations of one number: one keeps it, the others move after the last, named along, on every desk alike.
import { describe, expect, it } from 'vitest'
import { renumbered, type NumberedStation } from './station-numbers'

const at = (tournamentId: string, number: number, name = `Station ${number}`): NumberedStation => ({
  tournamentId,
  station: { number, name },
})

describe('station numbers of two desks', () => {
  it('keeps the number on the lowest id and moves the others after the last, renaming “Station N”', () => {
    const moves = renumbered([
      ['a1', at('t', 1)],
      ['a2', at('t', 2)],
      ['b1', at('t', 1)],
      ['b2', at('t', 2, 'Stage left')],
      ['b3', at('t', 3)],
    ])
    expect([...moves]).toEqual([
      ['b1', { number: 4, name: 'Station 4' }],
      ['b2', { number: 5, name: 'Stage left' }],
    ])
  })

  it('gives the same answer in any order, and moves nothing in another tournament or of a removed station', () => {
    const stations: [string, NumberedStation][] = [
      ['x', at('t', 1)],
      ['y', at('t', 1)],
      ['z', at('u', 1)],
      ['w', { tournamentId: 't', station: null }],
    ]
    expect([...renumbered(stations.toReversed())]).toEqual([...renumbered(stations)])
    expect([...renumbered(stations)]).toEqual([['y', { number: 2, name: 'Station 2' }]])
  })

  it('keeps a renamed name within the limit', () => {
    const long = `${'S'.repeat(38)} 9`
    const moves = renumbered([
      ...Array.from({ length: 9 }, (_, i) => [`a${i}`, at('t', i + 1)] as const),
      ['b', at('t', 9, long)],
    ])
    expect(moves.get('b')).toEqual({ number: 10, name: `${'S'.repeat(37)} 10` })
  })
})
