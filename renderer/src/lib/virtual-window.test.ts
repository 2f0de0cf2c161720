import { describe, expect, it } from 'vitest'
import { OVERSCAN, rowWindow } from './virtual-window'

describe('row window', () => {
  it('draws the rows in view and a few beyond, keeping the height of the rest', () => {
    const w = rowWindow(4400, 600, 44, 5000)
    expect(w.start).toBe(100 - OVERSCAN)
    expect(w.end).toBe(100 + Math.ceil(600 / 44) + OVERSCAN)
    expect(w.before + (w.end - w.start) * 44 + w.after).toBe(5000 * 44)
  })

  it('stays inside the list at its top and bottom, and for a short list', () => {
    expect(rowWindow(-50, 600, 44, 5000)).toMatchObject({ start: 0, before: 0 })
    expect(rowWindow(10_000_000, 600, 44, 5000)).toMatchObject({ end: 5000, after: 0 })
    expect(rowWindow(0, 600, 44, 3)).toEqual({ start: 0, end: 3, before: 0, after: 0 })
  })
})
