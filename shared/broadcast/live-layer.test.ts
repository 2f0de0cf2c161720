import { describe, expect, it } from 'vitest'
import { duel } from '../../tests/support/feed-match'
import { pressed, pressWords, refusal, scoreOf, seedLayer, sideOnScreen, withLayer } from './live-layer'

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
})
