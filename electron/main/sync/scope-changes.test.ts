// A refresh is told as changes only when views can lay them over what they show without reordering anything.
import { describe, expect, it } from 'vitest'
import { changesBetween } from './scope-changes'

const rows = (...pairs: [string, string][]) => new Map(pairs)

describe('changes between two copies of a scope', () => {
  it('names the items whose data changed and those that are gone', () => {
    const before = rows(['a', '1'], ['b', '2'], ['c', '3'])
    expect(changesBetween(before, rows(['a', '1'], ['b', '9'], ['c', '3']))).toEqual({ upserted: ['b'], removed: [] })
    expect(changesBetween(before, rows(['a', '1'], ['c', '4']))).toEqual({ upserted: ['c'], removed: ['b'] })
    expect(changesBetween(before, before)).toEqual({ upserted: [], removed: [] })
  })

  it('cannot say it as changes when items were added or moved', () => {
    const before = rows(['a', '1'], ['b', '2'])
    expect(changesBetween(before, rows(['a', '1'], ['b', '2'], ['c', '3']))).toBeNull()
    expect(changesBetween(before, rows(['b', '2'], ['a', '1']))).toBeNull()
    expect(changesBetween(before, rows(['a', '1'], ['c', '3']))).toBeNull()
  })
})
