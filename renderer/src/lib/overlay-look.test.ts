// An overlay's options from its address: readable ones used, out-of-range ones clamped, and every change said.
import { describe, expect, it } from 'vitest'
import { fittedScale, lookFrom, overlayStyle } from './overlay-look'

describe('lookFrom', () => {
  it('clamps a scale out of range to the nearest end and says so, instead of ignoring it', () => {
    expect(lookFrom(new URLSearchParams('scale=10'))).toMatchObject({
      scale: 4,
      adjusted: ['scale 10 is out of 0.25–4: 4 is used'],
    })
    expect(lookFrom(new URLSearchParams('scale=0.1')).scale).toBe(0.25)
  })

  it('keeps defaults for what it cannot read, and says what', () => {
    const look = lookFrom(new URLSearchParams('theme=neon&accent=red&scale=big'))
    expect(look).toMatchObject({ theme: 'dark', accent: '#5eb1ff', scale: 1 })
    expect(look.adjusted).toHaveLength(3)
  })

  it('says nothing when everything is readable', () => {
    expect(lookFrom(new URLSearchParams('theme=light&accent=ff4655&scale=1.5'))).toEqual({
      theme: 'light',
      accent: '#ff4655',
      scale: 1.5,
      adjusted: [],
    })
  })
})

describe('overlayStyle', () => {
  it('keeps the accent for bars and gives text an accent that reads on the light theme', async () => {
    const { contrastRatio } = await import('./contrast')
    const style = overlayStyle({ theme: 'light', accent: '#5eb1ff', scale: 1 })
    expect(style).toContain('--overlay-accent: #5eb1ff')
    const text = /--overlay-accent-text: (#[0-9a-f]{6})/.exec(style)![1]!
    for (const surface of ['#fafbfd', '#e2e7ee']) expect(contrastRatio(text, surface)).toBeGreaterThanOrEqual(4.5)
  })
})

describe('fittedScale', () => {
  it('draws at the scale asked while it fits the place’s room, else at the largest that fits', () => {
    const scoreboard = { width: 1400, height: 92 }
    expect(fittedScale(1, 'top', scoreboard)).toBe(1)
    expect(fittedScale(0.25, 'top', scoreboard)).toBe(0.25)
    expect(fittedScale(2, 'top', scoreboard)).toBeCloseTo(1840 / 1400)
    expect(1400 * fittedScale(4, 'top', scoreboard)).toBeLessThanOrEqual(1840)
    const panel = { width: 620, height: 700 }
    expect(700 * fittedScale(4, 'bottom-left', panel)).toBeLessThanOrEqual(1080 - 120)
    // Not measured yet: the scale asked.
    expect(fittedScale(1.5, 'center', { width: 0, height: 0 })).toBe(1.5)
  })
})
