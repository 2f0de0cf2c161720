// An overlay's options from its address: readable ones used, out-of-range ones clamped, and every change said.
import { describe, expect, it } from 'vitest'
import { lookFrom } from './overlay-look'

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
