// Contrast as WCAG counts it, and an accent made readable on either overlay theme without changing one that reads.
import { describe, expect, it } from 'vitest'
import { contrastRatio, readableOn } from './contrast'

describe('contrast', () => {
  it('counts as WCAG does', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
  })

  it('darkens a light accent on a light surface until text reads (the light overlays’ headings were 2.2:1)', () => {
    expect(contrastRatio('#5eb1ff', '#fafbfd')).toBeLessThan(3)
    const readable = readableOn('#5eb1ff', '#fafbfd')
    expect(contrastRatio(readable, '#fafbfd')).toBeGreaterThanOrEqual(4.5)
    expect(readable).not.toBe('#000000')
  })

  it('lightens a dark accent on a dark surface, and leaves a readable one as it is', () => {
    expect(contrastRatio(readableOn('#1a237e', '#0e1015'), '#0e1015')).toBeGreaterThanOrEqual(4.5)
    expect(readableOn('#5eb1ff', '#0e1015')).toBe('#5eb1ff')
  })
})
