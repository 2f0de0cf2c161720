// The live game layer of a stream's on-air match: the room's score, game by game, which the producer (or Companion)
// moves at once, ahead of the service. Pure: a layer is seeded from the match as the service had it when it went on
// air, changed by presses, and every state is the seed with the journal's presses replayed.
import { z } from 'zod'
import type { FeedMatch } from './feed'

/** The longest pick (a character, agent, hero or deck) and map name. */
export const PICK_MAX = 40
/** Games a layer may have rows for (a best-of the stage does not say is taken as this small). */
export const GAMES_MAX = 15
const DEFAULT_BEST_OF = 3

/** An opponent of a duel by their place in the bracket (0: the bracket's first), never by screen side. */
export const Side = z.union([z.literal(0), z.literal(1)])
export type Side = z.infer<typeof Side>

export const LiveGame = z.object({
  /** Who won the game (by bracket place), or null while it is played or to come. */
  winner: Side.nullable(),
  map: z.string().max(PICK_MAX).nullable(),
  /** Each side's pick, by bracket place. */
  picks: z.tuple([z.string().max(PICK_MAX).nullable(), z.string().max(PICK_MAX).nullable()]),
})
export type LiveGame = z.infer<typeof LiveGame>

export const LiveLayer = z.object({
  matchId: z.string(),
  bestOf: z.number().int().min(1).max(GAMES_MAX),
  /** One row per game of the best-of, in order. */
  games: z.array(LiveGame).max(GAMES_MAX),
  /** True when the bracket's second opponent is shown on the left. */
  swapped: z.boolean(),
})
export type LiveLayer = z.infer<typeof LiveLayer>

/** A screen side, as the producer sees the scoreboard. */
export type ScreenSide = 'left' | 'right'

/** What a producer (or Companion) does to the layer; sides are by bracket place (see `sideOnScreen`). */
export const LivePress = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('score'), side: Side, delta: z.union([z.literal(1), z.literal(-1)]) }),
  z.strictObject({
    kind: z.literal('winner'),
    game: z
      .number({ error: `game: 1 to ${GAMES_MAX}` })
      .int(`game: 1 to ${GAMES_MAX}`)
      .min(1, `game: 1 to ${GAMES_MAX}`)
      .max(GAMES_MAX, `game: 1 to ${GAMES_MAX}`),
    side: Side.nullable(),
  }),
  z.strictObject({ kind: z.literal('swap') }),
])
export type LivePress = z.infer<typeof LivePress>

const noPicks = (): LiveGame => ({ winner: null, map: null, picks: [null, null] })

/** The games each side has won on the service's data, as far as a score says it. */
const wins = (match: FeedMatch, side: Side): number => Math.max(0, Math.floor(match.opponents[side]?.score ?? 0))

/**
 * The layer a match starts with when it goes on air: as many rows as its best-of (three where the stage does not
 * say), the games the service already counts won in order, first side's first.
 */
export function seedLayer(match: FeedMatch): LiveLayer {
  const bestOf = Math.min(GAMES_MAX, match.bestOf ?? DEFAULT_BEST_OF)
  const games = Array.from({ length: bestOf }, noPicks)
  let row = 0
  for (const side of [0, 1] as const)
    for (let n = 0; n < wins(match, side) && row < games.length; n++) games[row++]!.winner = side
  return { matchId: match.id, bestOf, games, swapped: false }
}

/** Each side's games won, by bracket place. */
export function scoreOf(layer: LiveLayer): [number, number] {
  return [0, 1].map((side) => layer.games.filter((g) => g.winner === side).length) as [number, number]
}

/** Why a press cannot be made (said to the producer), or null when it can. */
export function refusal(layer: LiveLayer, press: LivePress): string | null {
  if (press.kind === 'score' && press.delta === 1 && !layer.games.some((g) => g.winner === null))
    return `every game of the best of ${layer.bestOf} has a winner already`
  if (press.kind === 'score' && press.delta === -1 && !layer.games.some((g) => g.winner === press.side))
    return 'that side has no game won to take back'
  if (press.kind === 'winner' && (press.game < 1 || press.game > layer.games.length))
    return `game: 1 to ${layer.games.length} (best of ${layer.bestOf})`
  return null
}

/** The layer after one press (a press it refuses leaves it as it was: see `refusal`). */
export function pressed(layer: LiveLayer, press: LivePress): LiveLayer {
  if (refusal(layer, press)) return layer
  const games = layer.games.map((g) => ({ ...g, picks: [...g.picks] as LiveGame['picks'] }))
  switch (press.kind) {
    case 'swap':
      return { ...layer, games, swapped: !layer.swapped }
    case 'winner':
      games[press.game - 1]!.winner = press.side
      return { ...layer, games }
    case 'score': {
      if (press.delta === 1) games.find((g) => g.winner === null)!.winner = press.side
      else games.findLast((g) => g.winner === press.side)!.winner = null
      return { ...layer, games }
    }
  }
}

/** A match's opponents left to right as drawn: the feed keeps the bracket's order, the producer may swap them. */
export function screenOrder<O>(match: { opponents: readonly O[]; swapped?: boolean }): O[] {
  return match.swapped ? [...match.opponents].reverse() : [...match.opponents]
}

/** The bracket place shown on a screen side. */
export function sideOnScreen(layer: Pick<LiveLayer, 'swapped'>, screen: ScreenSide): Side {
  return (screen === 'left') !== layer.swapped ? 0 : 1
}

/** Words for the journal and the desk's announcement: "+1 Astrablade", "Game 2: Bolt", "Sides swapped". */
export function pressWords(press: LivePress, names: readonly string[]): string {
  switch (press.kind) {
    case 'swap':
      return 'Sides swapped'
    case 'winner':
      return `Game ${press.game}: ${press.side === null ? 'no winner' : (names[press.side] ?? `side ${press.side + 1}`)}`
    case 'score':
      return `${press.delta === 1 ? '+1' : '−1'} ${names[press.side] ?? `side ${press.side + 1}`}`
  }
}

/**
 * The on-air match as the layer shows it: each side's score is its games won, and the games and the swap attached
 * (opponents stay in bracket order: `swapped` tells who is drawn on the left).
 */
export function withLayer(match: FeedMatch, layer: LiveLayer): FeedMatch {
  if (match.id !== layer.matchId || match.opponents.length !== 2) return match
  const score = scoreOf(layer)
  return {
    ...match,
    opponents: match.opponents.map((o, i) => ({ ...o, score: score[i]! })),
    games: layer.games.map((g) => ({ winner: g.winner, map: g.map, picks: g.picks })),
    swapped: layer.swapped,
  }
}
