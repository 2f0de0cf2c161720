import { describe, expect, it } from 'vitest'
import { duel } from '../../tests/support/feed-match'
import {
  LivePress,
  PickLists,
  disputes,
  inAnswerOrder,
  layerHolds,
  pipsOf,
  pressed,
  pressWords,
  refusal,
  scoreOf,
  seedLayer,
  sideOnScreen,
  withLayer,
  withServiceResult,
} from './live-layer'

const match = (scores: [number | null, number | null], bestOf: number | null = 3) =>
  duel(scores, bestOf, ['Astrablade', 'Bolt'])

describe('the live layer', () => {
  it('is seeded with a row per game of the best-of, the games the service counts already won', () => {
    const layer = seedLayer(match([1, 1], 5))
    expect(layer.games).toHaveLength(5)
    expect(layer.games.map((g) => g.winner)).toEqual([0, 1, null, null, null])
    expect(scoreOf(layer)).toEqual([1, 1])
    // A stage that does not say its best-of: three games; no score yet: none won.
    expect(seedLayer(match([null, null], null)).games).toHaveLength(3)
  })

  it('+1 gives a side the next game, −1 takes back its last; what cannot be is refused, in words', () => {
    let layer = seedLayer(match([0, 0]))
    layer = pressed(layer, { kind: 'score', side: 1, delta: 1 })
    layer = pressed(layer, { kind: 'score', side: 0, delta: 1 })
    expect(layer.games.map((g) => g.winner)).toEqual([1, 0, null])
    layer = pressed(layer, { kind: 'score', side: 1, delta: -1 })
    expect(layer.games.map((g) => g.winner)).toEqual([null, 0, null])
    expect(refusal(layer, { kind: 'score', side: 1, delta: -1 })).toBe('that side has no game won to take back')
    layer = pressed(layer, { kind: 'winner', game: 3, side: 1 })
    layer = pressed(layer, { kind: 'score', side: 0, delta: 1 })
    expect(refusal(layer, { kind: 'score', side: 0, delta: 1 })).toBe(
      'every game of the best of 3 has a winner already',
    )
    expect(pressed(layer, { kind: 'score', side: 0, delta: 1 })).toEqual(layer)
    expect(refusal(layer, { kind: 'winner', game: 4, side: 0 })).toBe('game: 1 to 3 (best of 3)')
  })

  it('swaps who is drawn on the left, keeping the bracket order, and names presses for the journal', () => {
    const layer = pressed(seedLayer(match([0, 0])), { kind: 'swap' })
    expect(sideOnScreen(layer, 'left')).toBe(1)
    expect(sideOnScreen(layer, 'right')).toBe(0)
    const shown = withLayer(match([0, 0]), pressed(layer, { kind: 'score', side: 1, delta: 1 }))
    expect(shown.swapped).toBe(true)
    expect(shown.opponents.map((o) => [o.name, o.score])).toEqual([
      ['Astrablade', 0],
      ['Bolt', 1],
    ])
    expect(shown.games![0]!.winner).toBe(1)
    expect(pressWords({ kind: 'score', side: 1, delta: -1 }, ['A', 'B'])).toBe('−1 B')
    expect(pressWords({ kind: 'winner', game: 2, side: 0 }, ['A', 'B'])).toBe('Game 2: A')
    // Another match, or more than two sides: the layer does not apply.
    expect(withLayer({ ...match([0, 0]), id: 'other' }, layer).games).toBeNull()
  })

  it('keeps a map per game and a pick per side, typed or cleared, bounded to one line of 40 characters', () => {
    let layer = seedLayer(match([0, 0]))
    layer = pressed(layer, LivePress.parse({ kind: 'map', game: 2, map: '  Inferno ' }))
    layer = pressed(layer, LivePress.parse({ kind: 'pick', game: 2, side: 1, pick: 'Chun-Li' }))
    expect(layer.games[1]).toEqual({ winner: null, map: 'Inferno', picks: [null, 'Chun-Li'] })
    layer = pressed(layer, LivePress.parse({ kind: 'pick', game: 2, side: 1, pick: '' }))
    expect(layer.games[1]!.picks).toEqual([null, null])
    expect(
      LivePress.safeParse({ kind: 'pick', game: 1, side: 0, pick: 'x'.repeat(41) }).error?.issues[0]?.message,
    ).toBe('at most 40 characters')
    expect(LivePress.safeParse({ kind: 'map', game: 1, map: 'a\nb' }).success).toBe(false)
    expect(refusal(layer, { kind: 'map', game: 4, map: 'Nuke' })).toBe('game: 1 to 3 (best of 3)')
    expect(pressWords({ kind: 'pick', game: 2, side: 1, pick: 'Chun-Li' }, ['A', 'B'])).toBe('Game 2, B: Chun-Li')
    // Lists of picks and maps per discipline: trimmed, each kept once, bounded.
    expect(PickLists.parse({ picks: [' Ryu', 'Ryu', 'Ken'], maps: [] })).toEqual({ picks: ['Ryu', 'Ken'], maps: [] })
    expect(PickLists.safeParse({ picks: Array(201).fill('Ryu'), maps: [] }).error?.issues[0]?.message).toBe(
      'picks: at most 200',
    )
  })

  it('shows a line where the service changed and differs from the room; adopt takes it, keep leaves the room’s', () => {
    // The room pressed 2–0; the service then says 1–1.
    let layer = seedLayer(match([0, 0]))
    layer = pressed(layer, { kind: 'score', side: 0, delta: 1 })
    layer = pressed(layer, { kind: 'score', side: 0, delta: 1 })
    const service = match([1, 1])
    expect(disputes(layer, service)).toEqual([
      { side: 0, service: 1, room: 2 },
      { side: 1, service: 1, room: 0 },
    ])
    // A service that says what it said before, or what the room says, disputes nothing.
    expect(disputes(layer, match([0, 0]))).toEqual([])
    expect(disputes(layer, match([2, 0]))).toEqual([])
    expect(disputes(layer, match([null, null]))).toEqual([])
    const adopted = pressed(layer, { kind: 'adopt', side: 0, score: 1 })
    expect(scoreOf(adopted)).toEqual([1, 0])
    expect(disputes(adopted, service)).toEqual([{ side: 1, service: 1, room: 0 }])
    const kept = pressed(adopted, { kind: 'keep', side: 1, score: 1 })
    expect(scoreOf(kept)).toEqual([1, 0])
    expect(disputes(kept, service)).toEqual([])
    // The service moves again: a new line.
    expect(disputes(kept, match([1, 2]))).toEqual([{ side: 1, service: 2, room: 0 }])
    // Adopting what does not fit the best-of is refused in words.
    expect(refusal(kept, { kind: 'adopt', side: 1, score: 3 })).toBe('3 and 1 games won do not fit a best of 3')
  })

  it('answers every line together in an order that fits the best-of: a side going down before one going up', () => {
    // A best of 2 at 0–1, as the service said; the service now says 2–0. Taken side by side, 2–1 would not fit.
    let layer = seedLayer(match([0, 1], 2))
    const lines = disputes(layer, match([2, 0], 2))
    expect(lines.map((line) => line.side)).toEqual([0, 1])
    expect(refusal(layer, { kind: 'adopt', side: 0, score: 2 })).toBe('2 and 1 games won do not fit a best of 2')
    const ordered = inAnswerOrder(lines)
    expect(ordered.map((line) => line.side)).toEqual([1, 0])
    for (const line of ordered) {
      const adopt = { kind: 'adopt', side: line.side, score: line.service } as const
      expect(refusal(layer, adopt)).toBeNull()
      layer = pressed(layer, adopt)
    }
    expect(scoreOf(layer)).toEqual([2, 0])
    expect(disputes(layer, match([2, 0], 2))).toEqual([])
  })

  it('the service’s final result ends the layer unless the producer kept the room’s over exactly that result', () => {
    let layer = seedLayer(match([0, 0]))
    layer = pressed(layer, { kind: 'score', side: 0, delta: 1 })
    const final = { ...match([2, 1]), status: 'completed' as const }
    expect(layerHolds(layer, { ...match([2, 1]), status: 'running' })).toBe(true)
    expect(layerHolds(layer, final)).toBe(false)
    layer = pressed(layer, { kind: 'keep', side: 0, score: 2 })
    layer = pressed(layer, { kind: 'keep', side: 1, score: 1 })
    expect(layerHolds(layer, final)).toBe(true)
    // A final that agrees with the room leaves the room's games and picks on air.
    expect(
      layerHolds(pressed(seedLayer(match([0, 0])), { kind: 'adopt', side: 0, score: 2 }), {
        ...match([2, 0]),
        status: 'completed',
      }),
    ).toBe(true)
  })

  it('the service’s final result takes the score; the room’s sides, maps and picks stay, its game winners are left open', () => {
    let layer = seedLayer(match([0, 0]))
    for (const press of [
      { kind: 'swap' },
      { kind: 'map', game: 1, map: 'Inferno' },
      { kind: 'pick', game: 1, side: 1, pick: 'AWP-heavy' },
      { kind: 'score', side: 0, delta: 1 },
      { kind: 'score', side: 1, delta: 1 },
      { kind: 'score', side: 0, delta: 1 },
    ] as const)
      layer = pressed(layer, press)
    const differs = withServiceResult({ ...match([1, 2]), status: 'completed' }, layer)
    expect(differs.opponents.map((o) => o.score)).toEqual([1, 2])
    expect(differs.swapped).toBe(true)
    expect(differs.games).toEqual([
      { winner: null, map: 'Inferno', picks: [null, 'AWP-heavy'] },
      { winner: null, map: null, picks: [null, null] },
      { winner: null, map: null, picks: [null, null] },
    ])
  })

  it('sets a match’s best-of at the desk: rows added or dropped, never a game the room entered, and it goes on air', () => {
    const service = match([1, 0], 3)
    let layer = pressed(seedLayer(service), { kind: 'best-of', bestOf: 5 })
    expect(layer.games.map((g) => g.winner)).toEqual([0, null, null, null, null])
    const onAir = withLayer(service, layer)
    expect(onAir.bestOf).toBe(5)
    expect(pipsOf(onAir, 0)).toEqual([true, false, false])
    expect(pressWords({ kind: 'best-of', bestOf: 5 }, ['A', 'B'])).toBe('Best of 5')
    // Game 4 has a map: a best of 3 would drop it, so it is refused, naming the game.
    layer = pressed(layer, { kind: 'map', game: 4, map: 'Nuke' })
    expect(refusal(layer, { kind: 'best-of', bestOf: 3 })).toBe(
      'game 4 has a winner, a map, rounds or picks: clear it before making this a best of 3',
    )
    layer = pressed(layer, { kind: 'map', game: 4, map: null })
    layer = pressed(layer, { kind: 'best-of', bestOf: 1 })
    expect(layer.games).toHaveLength(1)
    expect(LivePress.safeParse({ kind: 'best-of', bestOf: 16 }).error?.issues[0]?.message).toBe('bestOf: 1 to 15')
    // Not chosen: the stage's format stays what the feed says (a stage that does not say: none).
    expect(withLayer(match([0, 0], null), seedLayer(match([0, 0], null))).bestOf).toBeNull()
  })

  it('keeps a game’s rounds per side, bounded, and puts them on air with the game', () => {
    let layer = pressed(seedLayer(match([0, 0], 3)), { kind: 'rounds', game: 1, rounds: [13, 9] })
    expect(withLayer(match([0, 0], 3), layer).games![0]!.rounds).toEqual([13, 9])
    expect(pressWords({ kind: 'rounds', game: 1, rounds: [13, 9] }, ['A', 'B'])).toBe('Game 1 rounds: 13–9')
    layer = pressed(layer, { kind: 'rounds', game: 1, rounds: null })
    expect(layer.games[0]!.rounds).toBeNull()
    expect(LivePress.safeParse({ kind: 'rounds', game: 1, rounds: [100, 0] }).error?.issues[0]?.message).toBe(
      'rounds: 0 to 99',
    )
  })

  it('runs a veto in order: bans and picks by side, the decider left; a pick fills the next game’s map', () => {
    const service = match([0, 0], 3)
    let layer = seedLayer(service)
    const steps: LivePress[] = [
      { kind: 'veto', side: 0, action: 'ban', item: 'Nuke' },
      { kind: 'veto', side: 1, action: 'ban', item: 'Vertigo' },
      { kind: 'veto', side: 0, action: 'pick', item: 'Inferno' },
      { kind: 'veto', side: 1, action: 'pick', item: 'Mirage' },
      { kind: 'veto', side: null, action: 'decider', item: 'Ancient' },
    ]
    for (const step of steps) layer = pressed(layer, step)
    expect(layer.games.map((g) => g.map)).toEqual(['Inferno', 'Mirage', 'Ancient'])
    const onAir = withLayer(service, layer)
    expect(onAir.veto!.map((v) => `${v.side}:${v.action}:${v.item}`)).toEqual([
      '0:ban:Nuke',
      '1:ban:Vertigo',
      '0:pick:Inferno',
      '1:pick:Mirage',
      'null:decider:Ancient',
    ])
    expect(pressWords(steps[0]!, ['Ghent Vipers', 'Madrid'])).toBe('Ghent Vipers bans Nuke')
    // An item twice, a decider of a side, a step out of range: refused in words.
    expect(refusal(layer, { kind: 'veto', side: 1, action: 'ban', item: 'nuke' })).toBe('nuke is in the veto already')
    expect(refusal(layer, { kind: 'veto', side: 1, action: 'decider', item: 'Dust2' })).toBe(
      'the decider is no side’s: side null',
    )
    expect(refusal(layer, { kind: 'veto-remove', step: 6 })).toBe('step: 1 to 5')
    layer = pressed(layer, { kind: 'veto-remove', step: 1 })
    expect(layer.veto!.map((v) => v.item)).toEqual(['Vertigo', 'Inferno', 'Mirage', 'Ancient'])
    expect(LivePress.safeParse({ kind: 'veto', side: 0, action: 'ban', item: '  ' }).success).toBe(false)
  })

  it('draws pips for the best-of, or the layer’s rows where the stage does not say', () => {
    expect(pipsOf(match([1, 0], 5), 0)).toEqual([true, false, false])
    const unsaid = withLayer(match([1, 0], null), seedLayer(match([1, 0], null)))
    expect(pipsOf(unsaid, 0)).toEqual([true, false])
    expect(pipsOf(match([1, 0], null), 0)).toBeNull()
  })
})
