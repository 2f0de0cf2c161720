import { describe, expect, it } from 'vitest'
import { groupBy } from './group-by'

describe('groupBy', () => {
  it('keeps the items in order within each group, and the groups in the order their keys first came', () => {
    const groups = groupBy([3, 10, 4, 21, 13, 8], (n) => n % 10)
    expect([...groups]).toEqual([
      [3, [3, 13]],
      [0, [10]],
      [4, [4]],
      [1, [21]],
      [8, [8]],
    ])
  })
})
