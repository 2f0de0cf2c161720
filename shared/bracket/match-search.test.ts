// Finding "WB R3 M2" finds WB R3 M2 first, not the thirty labels that merely contain it.
import { describe, expect, it } from 'vitest'
import { FIT, plain, searchFit } from './match-search'

const label = (n: number) => ({ long: `Winners round 3 · match ${n}`, short: `WB R3 M${n}` })

describe('match search', () => {
  it('ranks the whole label first, then whole words, then what merely contains the search', () => {
    const numbers = [2, 20, 21, 29, 200, 12]
    const fits = numbers.map((n) => [n, searchFit(plain('WB R3 M2'), label(n), n, ['Nova', 'Echo'])])
    expect(fits).toEqual([
      [2, FIT.exact],
      [20, FIT.partial],
      [21, FIT.partial],
      [29, FIT.partial],
      [200, FIT.partial],
      [12, FIT.none],
    ])
    expect(searchFit(plain('round 3'), label(2), 2, [])).toBe(FIT.words)
    expect(searchFit(plain('nova'), label(2), 2, ['Nova Prime'])).toBe(FIT.partial)
    expect(searchFit(plain('grand final'), label(2), 2, [])).toBe(FIT.none)
  })
})
