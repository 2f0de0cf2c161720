// Show sequences as a timeline: the defaults, the editor's lines both ways (and what it refuses, by line), the events
// two feeds make, and a run's due steps, paused by Hold and resumed as late as it stood.
import { describe, expect, it } from 'vitest'
import type { Feed, FeedMatch } from './feed'
import {
  DEFAULT_SEQUENCES,
  dueSteps,
  nextDue,
  parseSteps,
  stepLine,
  paused,
  sequenceEvents,
  sequenceState,
  stepsText,
  type SequenceRun,
} from './show-sequence'

const match = (id: string, extra: Partial<FeedMatch> = {}): FeedMatch => ({
  id,
  label: 'Winners round 1 · match 1',
  name: null,
  status: 'running',
  scheduledAt: null,
  estimatedStart: null,
  opponents: [
    { name: 'A', score: 0, result: null, checkedIn: true, country: null, waitsFor: null },
    { name: 'B', score: 0, result: null, checkedIn: true, country: null, waitsFor: null },
  ],
  decided: true,
  bestOf: 3,
  games: null,
  swapped: false,
  ...extra,
})
const feed = (onAir: FeedMatch | null): Feed =>
  ({ onAir, next: [], held: false, difficulties: false, board: null, casters: [] }) as unknown as Feed
const scored = (a: number, b: number, extra: Partial<FeedMatch> = {}) =>
  match('m1', {
    opponents: [
      { name: 'A', score: a, result: null, checkedIn: true, country: null, waitsFor: null },
      { name: 'B', score: b, result: null, checkedIn: true, country: null, waitsFor: null },
    ],
    ...extra,
  })

describe('show sequences', () => {
  it('start from common practice: scoreboard at +1.5 s, casters at +2 s and gone at +12 s, the break 5 s after the end', () => {
    expect(stepsText(DEFAULT_SEQUENCES['game-start'])).toBe(
      '+0 scene match\n+1.5 show scoreboard\n+2 show casters\n+12 hide casters',
    )
    expect(stepsText(DEFAULT_SEQUENCES['match-end'])).toBe('+0 show scoreboard\n+0 hide casters\n+5 scene break')
  })

  it('read the editor’s lines in time order, and name the line that is wrong', () => {
    expect(parseSteps('+12 hide casters\n\n+1.5 Show scoreboard\n+0s scene match')).toEqual({
      ok: true,
      steps: [
        { at: 0, action: 'scene', scene: 'match' },
        { at: 1.5, action: 'show', overlay: 'scoreboard' },
        { at: 12, action: 'hide', overlay: 'casters' },
      ],
    })
    expect(parseSteps('+1 show scoreboard\nsoon show casters')).toEqual({
      ok: false,
      error:
        'line 2 (“soon show casters”): write it as “+1.5 show scoreboard”, “+12 hide casters”, “+5 scene break” or “+0 replay 8s 50%”',
    })
    expect(parseSteps('+1 show logo')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^line 1 .*an overlay is one of scoreboard, /),
    })
    // A replay step: its own length and speed, or the stream's.
    expect(parseSteps('+0 replay 8s 50%\n+20 replay')).toEqual({
      ok: true,
      steps: [
        { at: 0, action: 'replay', seconds: 8, speed: 50 },
        { at: 20, action: 'replay' },
      ],
    })
    expect(stepLine({ at: 0, action: 'replay', seconds: 8, speed: 50 })).toBe('+0 replay 8s 50%')
    expect(parseSteps('+0 replay 8s 75%')).toMatchObject({
      ok: false,
      error: expect.stringMatching(
        /line 1 .*a replay is “\+0 replay 8s 50%” \(its seconds 0 to 600, its speed 100, 50, 25 %\)/,
      ),
    })
    expect(parseSteps('+1 scene intro')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/a scene is match, break or difficulties/),
    })
    expect(parseSteps('+601 show scoreboard')).toMatchObject({ ok: false, error: expect.stringMatching(/0 to 600 s/) })
    expect(parseSteps('+1 show casters\n'.repeat(21))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/at most 20 steps/),
    })
  })

  it('read the events off two feeds of one match: a game’s start and end, a round’s end, the match’s end', () => {
    // Another match, or the first feed seen: a Take, which the desk says itself.
    expect(sequenceEvents(undefined, feed(match('m1')))).toEqual([])
    expect(sequenceEvents(feed(match('m1')), feed(match('m2')))).toEqual([])
    expect(sequenceEvents(feed(scored(0, 0)), feed(scored(1, 0)))).toEqual(['game-end'])
    // Two games won of a best of three: the match's end, not a game's.
    expect(sequenceEvents(feed(scored(1, 0)), feed(scored(2, 0)))).toEqual(['match-end'])
    expect(sequenceEvents(feed(scored(1, 1)), feed(scored(1, 1, { status: 'completed' })))).toEqual(['match-end'])
    const games = (g: FeedMatch['games']) => scored(0, 0, { games: g })
    const none = { winner: null, map: null, picks: [null, null] as [null, null] }
    expect(sequenceEvents(feed(games([none, none])), feed(games([{ ...none, map: 'Ascent' }, none])))).toEqual([
      'game-start',
    ])
    expect(
      sequenceEvents(
        feed(games([{ ...none, map: 'Ascent' }, none])),
        feed(
          games([
            { ...none, map: 'Ascent', winner: 0 },
            { ...none, picks: ['Ryu', null] },
          ]),
        ),
      ),
    ).toEqual(['game-end', 'game-start'])
    // A round's end in the game being played (the game says its rounds); not beside a game's own end.
    const mirage = { ...none, map: 'Mirage' }
    expect(
      sequenceEvents(
        feed(games([{ ...mirage, rounds: [3, 2] }, none])),
        feed(games([{ ...mirage, rounds: [4, 2] }, none])),
      ),
    ).toEqual(['round-end'])
    expect(
      sequenceEvents(
        feed(games([{ ...mirage, rounds: [12, 9] }, none])),
        feed(games([{ ...mirage, rounds: [13, 9], winner: 0 }, none])),
      ),
    ).toEqual(['game-end'])
    // A game without maps (Rocket League) starts with its 0–0, and each goal is a round's end.
    expect(sequenceEvents(feed(games([none, none])), feed(games([{ ...none, rounds: [0, 0] }, none])))).toEqual([
      'game-start',
    ])
    expect(
      sequenceEvents(
        feed(games([{ ...none, rounds: [0, 0] }, none])),
        feed(games([{ ...none, rounds: [0, 1] }, none])),
      ),
    ).toEqual(['round-end'])
    // A match point: a side one round from the match (its game's rounds to win told by the game), once.
    const decider = (rounds: [number, number], toWin = 13) =>
      scored(1, 1, {
        games: [
          { ...none, winner: 0 },
          { ...none, winner: 1 },
          { ...mirage, rounds, toWin },
        ],
      })
    expect(sequenceEvents(feed(decider([11, 9])), feed(decider([12, 9])))).toEqual(['round-end', 'match-point'])
    expect(sequenceEvents(feed(decider([12, 9])), feed(decider([12, 10])))).toEqual(['round-end'])
    // Not in the first map of a best of three: winning it does not win the match.
    const first = (rounds: [number, number]) => games([{ ...mirage, rounds, toWin: 13 }, none, none])
    expect(sequenceEvents(feed(first([11, 9])), feed(first([12, 9])))).toEqual(['round-end'])
    // Overtime: 15–14 in the first overtime (16 to win) is a match point again.
    expect(sequenceEvents(feed(decider([14, 14], 16)), feed(decider([15, 14], 16)))).toEqual([
      'round-end',
      'match-point',
    ])
    // Nothing changed that a sequence follows; points in a match that is not a best-of are not games.
    expect(sequenceEvents(feed(scored(0, 0)), feed(scored(0, 0)))).toEqual([])
    expect(sequenceEvents(feed(scored(3, 0, { bestOf: null })), feed(scored(4, 0, { bestOf: null })))).toEqual([])
  })

  it('run as a timeline: due steps at their time, paused by Hold, resumed as late as it stood still', () => {
    const run: SequenceRun = {
      event: 'game-start',
      steps: DEFAULT_SEQUENCES['game-start'],
      startedAt: 1000,
      done: 0,
      pausedAt: null,
    }
    expect(dueSteps(run, 1000).map((s) => s.action)).toEqual(['scene'])
    expect(dueSteps(run, 3000)).toHaveLength(3)
    const held = paused({ ...run, done: 3 }, true, 5000)
    expect(dueSteps(held, 20_000)).toEqual([])
    expect(nextDue(held)).toBeNull()
    expect(sequenceState(held)).toMatchObject({ event: 'game-start', next: 'hide casters', paused: true, left: 1 })
    const resumed = paused(held, false, 9000)
    // Hidden at +12 s of running: 4 s of it stood still.
    expect(nextDue(resumed)).toBe(1000 + 12_000 + 4000)
    expect(dueSteps(resumed, 16_999)).toEqual([])
    expect(dueSteps(resumed, 17_000)).toEqual([{ at: 12, action: 'hide', overlay: 'casters' }])
  })
})
