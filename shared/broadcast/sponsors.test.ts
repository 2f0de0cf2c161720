import { describe, expect, it } from 'vitest'
import {
  airtimeBetween,
  airtimeCsv,
  durationText,
  SponsorFields,
  SponsorImageInput,
  sponsorAt,
  sponsorOnAir,
  type SponsorRotation,
} from './sponsors'

const slot = (id: string, seconds: number) => ({
  id,
  name: `Sponsor ${id}`,
  seconds,
  image: `/i/${id}`,
  width: 1,
  height: 1,
})
const rotation: SponsorRotation = { epoch: 1_000_000, slots: [slot('a', 10), slot('b', 5), slot('c', 15)] }

describe('the sponsor rotation', () => {
  it('shows each slot its seconds in turn, round and round from the epoch', () => {
    const at = (s: number) => sponsorAt(rotation, rotation.epoch + s * 1000)
    expect(at(0)).toMatchObject({ index: 0, endsAt: rotation.epoch + 10_000 })
    expect(at(9.999).slot.id).toBe('a')
    expect(at(10)).toMatchObject({ index: 1, endsAt: rotation.epoch + 15_000 })
    expect(at(16).slot.id).toBe('c')
    expect(at(30)).toMatchObject({ index: 0, endsAt: rotation.epoch + 40_000 })
    // Before the epoch the cycle runs backwards as it would have: every screen agrees at any time.
    expect(at(-1).slot.id).toBe('c')
  })

  it('counts each slot’s time on screen over any span, across whole cycles and part turns', () => {
    const span = (from: number, to: number) =>
      Object.fromEntries(airtimeBetween(rotation, rotation.epoch + from * 1000, rotation.epoch + to * 1000))
    expect(span(0, 10)).toEqual({ a: 10_000 })
    expect(span(8, 12)).toEqual({ a: 2_000, b: 2_000 })
    // Two whole cycles (2 × 30 s), then 11 s from 5 s into a cycle: a's last 5 s, b's 5 s, c's first 1 s.
    expect(span(5, 76)).toEqual({ a: 20_000 + 5_000, b: 10_000 + 5_000, c: 30_000 + 1_000 })
    const total = [...airtimeBetween(rotation, 123, 987_654_321).values()].reduce((a, b) => a + b, 0)
    expect(total).toBe(987_654_321 - 123)
    expect(span(10, 10)).toEqual({})
  })
})

describe('when a stream has a sponsor on air', () => {
  const feed = { hidden: [] as string[], difficulties: false }
  it('counts an open sponsor overlay, unless hidden or the difficulties key is down', () => {
    expect(sponsorOnAir({ sources: { sponsors: 1 }, feed, obs: null })).toBe(true)
    expect(sponsorOnAir({ sources: { sponsors: 1 }, feed, obs: 'match' })).toBe(true)
    expect(sponsorOnAir({ sources: { sponsors: 0, scoreboard: 2 }, feed, obs: null })).toBe(false)
    expect(sponsorOnAir({ sources: { sponsors: 1 }, feed: { ...feed, hidden: ['sponsors'] }, obs: null })).toBe(false)
    expect(sponsorOnAir({ sources: { sponsors: 1 }, feed: { ...feed, difficulties: true }, obs: null })).toBe(false)
    expect(sponsorOnAir({ sources: { sponsors: 1 }, feed, obs: 'difficulties' })).toBe(false)
  })

  it('counts the break screen only while OBS shows the break, or while open when no OBS is connected', () => {
    expect(sponsorOnAir({ sources: { break: 1 }, feed, obs: null })).toBe(true)
    expect(sponsorOnAir({ sources: { break: 1 }, feed, obs: 'break' })).toBe(true)
    expect(sponsorOnAir({ sources: { break: 1 }, feed, obs: 'match' })).toBe(false)
    expect(sponsorOnAir({ sources: { break: 1 }, feed, obs: 'other' })).toBe(false)
  })

  it('with OBS’s program known, counts what it shows, whatever pages are open elsewhere', () => {
    const program = (...kinds: string[]) => new Set(kinds)
    expect(sponsorOnAir({ sources: { sponsors: 1 }, feed, obs: 'match', obsOverlays: program('scoreboard') })).toBe(
      false,
    )
    expect(sponsorOnAir({ sources: {}, feed, obs: 'other', obsOverlays: program('sponsors') })).toBe(true)
    expect(sponsorOnAir({ sources: {}, feed, obs: 'break', obsOverlays: program('break') })).toBe(true)
    const hidden = { ...feed, hidden: ['sponsors'] }
    expect(sponsorOnAir({ sources: {}, feed: hidden, obs: 'match', obsOverlays: program('sponsors') })).toBe(false)
    // Not read yet: the pages and scenes say, as before.
    expect(sponsorOnAir({ sources: { sponsors: 1 }, feed, obs: 'match', obsOverlays: null })).toBe(true)
  })
})

describe('a slot’s fields and image', () => {
  it('names the field and the limit', () => {
    const problem = (input: unknown) => SponsorFields.safeParse(input).error?.issues[0]?.message
    expect(problem({ name: 'x'.repeat(61), seconds: 10 })).toBe('name: at most 60 characters')
    expect(problem({ name: '  ', seconds: 10 })).toBe('name: required')
    expect(problem({ name: 'Acme', seconds: 2 })).toBe('seconds: 3 to 300')
    expect(problem({ name: 'Acme', seconds: 301 })).toBe('seconds: 3 to 300')
    expect(problem({ name: 'Acme', seconds: 2.5 })).toBe('seconds: whole seconds')
    expect(problem({ name: 'نادي الرياض للرياضات الإلكترونية', seconds: 10 })).toBeUndefined()
    expect(SponsorImageInput.safeParse('A'.repeat(2_796_205)).error?.issues[0]?.message).toBe('image: at most 2 MB')
    expect(SponsorImageInput.safeParse('not base64!').success).toBe(false)
  })
})

describe('the airtime report as CSV', () => {
  it('has a line per sponsor and stream, each sponsor’s total, and formulas neutralised', () => {
    const csv = airtimeCsv({
      since: 0,
      lines: [
        { sponsorId: 'a', sponsor: '=HYPERLINK("x")', streamId: 's1', stream: 'Main stage', seconds: 3725 },
        { sponsorId: 'a', sponsor: '=HYPERLINK("x")', streamId: 's2', stream: 'نادي', seconds: 5 },
        { sponsorId: 'b', sponsor: 'Bo', streamId: 's1', stream: 'Main stage', seconds: 0 },
      ],
    })
    expect(csv.startsWith('\uFEFFsponsor,stream,seconds_on_air,duration\r\n')).toBe(true)
    expect(csv.split('\r\n').slice(1, -1)).toEqual([
      `"'=HYPERLINK(""x"")","Main stage","3725","1:02:05"`,
      `"'=HYPERLINK(""x"")","نادي","5","0:05"`,
      `"Bo","Main stage","0","0:00"`,
      `"'=HYPERLINK(""x"")","All streams","3730","1:02:10"`,
      `"Bo","All streams","0","0:00"`,
    ])
    expect(durationText(59)).toBe('0:59')
  })
})
