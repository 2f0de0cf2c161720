// The series line: best-of and games won where the format says, nothing where it does not.
import { describe, expect, it } from 'vitest'
import { seriesText } from './series'

const side = (score: number | null) => ({ name: 'A', score, result: null, checkedIn: true, country: null })

describe('seriesText', () => {
  it('says the best-of and the score when both are known', () => {
    expect(seriesText({ bestOf: 3, opponents: [side(1), side(0)] })).toBe('Bo3 · 1–0')
    expect(seriesText({ bestOf: 5, opponents: [side(null), side(null)] })).toBe('Bo5')
  })

  it('says nothing where the format is not known, or is a single game', () => {
    expect(seriesText({ bestOf: null, opponents: [side(1), side(0)] })).toBeNull()
    expect(seriesText({ bestOf: 1, opponents: [side(1), side(0)] })).toBeNull()
  })
})
