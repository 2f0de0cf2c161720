// A held stream's waiting changes as the producer reads them: a change of the games says only what moved, game by game.
import { describe, expect, it } from 'vitest'
import type { Feed, FeedGame, FeedMatch } from '../../../shared/broadcast/feed'
import { describeChange } from './staged-words'

const game = (winner: 0 | 1 | null, map: string | null = null, picks: [string | null, string | null] = [null, null]) =>
  ({ winner, map, picks }) satisfies FeedGame
const match = {
  id: 'm1',
  opponents: [{ name: 'Ghent Vipers' }, { name: 'Madrid Rhinos' }],
} as unknown as FeedMatch
const feed = { onAir: match, next: [] } as unknown as Feed

describe('a waiting change in words', () => {
  it('says what a game change did, not both whole lists', () => {
    const from = [game(0), game(1, 'Inferno', ['AWP-heavy', null]), game(null)]
    const to = [game(0), game(1, 'Inferno', ['AWP-heavy', null]), game(0, 'Mirage', [null, 'Rush B'])]
    expect(describeChange({ matchId: 'm1', field: 'games', from, to }, feed)).toBe(
      'game 3 won by Ghent Vipers, map Mirage, Madrid Rhinos picks Rush B',
    )
    // Two games at once, and a pick taken back.
    const undone = [game(0), game(null, 'Inferno', [null, null]), game(null)]
    expect(describeChange({ matchId: 'm1', field: 'games', from, to: undone }, feed)).toBe(
      'game 2 no winner, no pick for Ghent Vipers',
    )
    const rounds = [
      game(0),
      { ...game(1, 'Inferno', ['AWP-heavy', null]), rounds: [13, 9] as [number, number] },
      game(null),
    ]
    expect(describeChange({ matchId: 'm1', field: 'games', from, to: rounds }, feed)).toBe('game 2 rounds 13–9')
    expect(describeChange({ matchId: 'm1', field: 'games', from, to: null }, feed)).toBe(
      "games: back to the service's score",
    )
  })
})
