// Range headers as the public service reads them, and Content-Range as it writes them.
import { describe, expect, it } from 'vitest'
import { buildRange, formatContentRange, parseContentRange, parseRange } from './range'

describe('Range', () => {
  it('round-trips a range through build and parse', () => {
    expect(parseRange(buildRange('participants', 0, 49), 'participants')).toEqual({
      ok: true,
      range: { first: 0, last: 49 },
    })
  })

  it('refuses a missing or malformed header with 400', () => {
    expect(parseRange(undefined, 'participants')).toMatchObject({ ok: false, status: 400 })
    expect(parseRange('participants=a-b', 'participants')).toMatchObject({ ok: false, status: 400 })
    expect(parseRange('streams=0-9', 'participants')).toMatchObject({ ok: false, status: 400 })
    expect(parseRange('participants=0-', 'participants')).toMatchObject({ ok: false, status: 400 })
  })

  it('refuses a first offset above the last, and ranges wider than the unit allows, with 416', () => {
    expect(parseRange('participants=10-9', 'participants')).toMatchObject({ ok: false, status: 416 })
    expect(parseRange('participants=0-50', 'participants')).toMatchObject({ ok: false, status: 416 })
    expect(parseRange('nodes=0-127', 'nodes')).toEqual({ ok: true, range: { first: 0, last: 127 } })
    expect(parseRange('nodes=0-128', 'nodes')).toMatchObject({ ok: false, status: 416 })
  })

  it('reads and writes Content-Range', () => {
    expect(formatContentRange('tournaments', 50, 74, 75)).toBe('tournaments 50-74/75')
    expect(parseContentRange('tournaments 50-74/75')).toEqual({ unit: 'tournaments', first: 50, last: 74, total: 75 })
    expect(parseContentRange('tournaments */75')).toBeUndefined()
    expect(parseContentRange(null)).toBeUndefined()
  })
})
