import { describe, expect, it } from 'vitest'
import { byNaturalName, NaturalSorter, naturalCompare } from './natural-order'

describe('natural order', () => {
  it('puts "Astrablade 2" before "Astrablade 10", ignoring case and accents', () => {
    const names = ['Astrablade 10', 'astrablade 2', 'Astrablade 1', 'Émile', 'emil', 'Zed']
    expect([...names].sort(naturalCompare)).toEqual([
      'Astrablade 1',
      'astrablade 2',
      'Astrablade 10',
      'emil',
      'Émile',
      'Zed',
    ])
  })

  it('sorts things by their names the same way', () => {
    const people = [{ name: 'Team 12' }, { name: 'Team 9' }, { name: 'team 100' }]
    expect(people.sort(byNaturalName).map((p) => p.name)).toEqual(['Team 9', 'Team 12', 'team 100'])
  })
})

describe('NaturalSorter', () => {
  /** A small seeded generator, so a failure can be replayed. */
  function random(seed: number) {
    return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
  }
  const NAMES = ['Astrablade', 'astrablade', 'Émile', 'emile', 'Zed', 'Team', 'team', 'ß', 'ss', '10', '']

  it('sorts as the collator does, stably, however the list changes between sorts', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = random(seed)
      const pick = <T>(from: readonly T[]) => from[Math.floor(next() * from.length)]!
      const made = () => ({ name: `${pick(NAMES)} ${Math.floor(next() * 12)}`.trim() })
      const sorter = new NaturalSorter<{ name: string }>((p) => p.name)
      let items = Array.from({ length: 1 + Math.floor(next() * 40) }, made)
      const gone: { name: string }[] = []
      for (let round = 0; round < 6; round++) {
        const expected = [...items].sort(byNaturalName)
        expect(sorter.sort(items), `seed ${seed}, round ${round}`).toEqual(expected)
        expect(
          sorter.sort(items).every((item, i) => item === expected[i]),
          `seed ${seed}: the same objects`,
        ).toBe(true)
        // What a desk's next read brings: some things kept, some new, some renamed (a new object), some gone, and
        // some back that were last sorted rounds ago.
        const kept = items.filter(() => next() > 0.1)
        gone.push(...items.filter((item) => !kept.includes(item)))
        const back = gone.filter((item) => !kept.includes(item) && next() < 0.3)
        items = kept
          .map((item) => (next() < 0.1 ? made() : item))
          .concat(back, Array.from({ length: Math.floor(next() * 5) }, made))
          .sort(() => next() - 0.5)
      }
    }
  })

  it('sorts things last sorted in different lists (another tournament, a filtered list) as the collator does', () => {
    const [a, b, c, d, e] = ['a', 'b', 'c', 'd', 'e'].map((name) => ({ name }))
    const sorter = new NaturalSorter<{ name: string }>((p) => p.name)
    sorter.sort([b!, a!])
    sorter.sort([c!, d!, e!])
    expect(sorter.sort([e!, b!, c!, a!]).map((p) => p.name)).toEqual(['a', 'b', 'c', 'e'])
  })

  it('sorts a thing whose key changed by its new key', () => {
    const item = { name: 'Zed 1' }
    const other = { name: 'Mid' }
    const sorter = new NaturalSorter<{ name: string }>((p) => p.name)
    expect(sorter.sort([item, other])).toEqual([other, item])
    item.name = 'Aaron'
    expect(sorter.sort([other, item])).toEqual([item, other])
  })
})
