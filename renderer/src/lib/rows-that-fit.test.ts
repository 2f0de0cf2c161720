import { describe, expect, it } from 'vitest'
import { rowsThatFit } from './rows-that-fit'

describe('rowsThatFit', () => {
  it('counts the whole cards a list holds, gaps between them', () => {
    expect(rowsThatFit(500, 100, 10)).toBe(4)
    expect(rowsThatFit(540, 100, 10)).toBe(5)
    expect(rowsThatFit(539, 100, 10)).toBe(4)
    expect(rowsThatFit(50, 100, 10)).toBe(1)
    expect(rowsThatFit(0, 100, 10)).toBe(1)
  })
})
