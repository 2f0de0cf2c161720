// The live game layer of a stream's on-air match: the room's score, game by game, with maps and picks, which the
// producer (or Companion, or a scorekeeper's tablet) moves at once, ahead of the service; and where the service
// disagrees, the lines to answer. Pure: a layer is seeded from the match as the service had it when it went on air,
// changed by presses, and every state is the seed with the journal's presses replayed.
import { z } from 'zod'
import type { FeedMatch } from './feed'

/** The longest pick (a character, agent, hero or deck) and map name. */
export const PICK_MAX = 40
/** The most rounds a side may win in one game (a CS2 map in long overtime stays far below). */
export const ROUNDS_MAX = 99
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
  /** Rounds won in this game by each side (a CS2 map's 13–9), by bracket place; null where the game has none. */
  rounds: z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .nullable()
    .optional(),
  /** The rounds a side needs to win this game, where the game tells it (a CS2 map: 13; 16 in its first overtime). */
  toWin: z.number().int().min(1).max(ROUNDS_MAX).optional(),
})
export type LiveGame = z.infer<typeof LiveGame>

/** Steps a veto may hold (a map pool of 7 runs 7; a long draft of bans and picks, a few more). */
export const VETO_MAX = 24

/** One step of a veto as it ran: a side bans or picks an item (a map, a stage, a hero), or the item left is the decider. */
export const VetoStep = z.object({
  /** Who banned or picked it, by bracket place; null for the decider (what is left). */
  side: Side.nullable(),
  action: z.enum(['ban', 'pick', 'decider']),
  item: z.string().max(PICK_MAX),
})
export type VetoStep = z.infer<typeof VetoStep>

const Wins = z.number().int().min(0).max(GAMES_MAX)
type Score = [number | null, number | null]

export const LiveLayer = z.object({
  matchId: z.string(),
  bestOf: z.number().int().min(1).max(GAMES_MAX),
  /** One row per game of the best-of, in order. */
  games: z.array(LiveGame).max(GAMES_MAX),
  /** True when the bracket's second opponent is shown on the left. */
  swapped: z.boolean(),
  /**
   * Each side's games won as the service said when the producer last answered it (seeded, adopted or kept): a
   * service score that differs from this and from the room's is a line to answer (`disputes`). Null: no score from
   * the service. Absent in layers kept before it existed: their seed's score.
   */
  heard: z.tuple([Wins.nullable(), Wins.nullable()]).optional(),
  /** True once the producer set this match's best-of at the desk (it then goes on air over the stage's format). */
  bestOfChosen: z.boolean().optional(),
  /** The veto in the order it ran (absent in layers kept before it existed: none). */
  veto: z.array(VetoStep).max(VETO_MAX).optional(),
  /** True when the veto is a game's own draft (Dota 2's heroes, a `draft` press), not a map veto. */
  vetoIsDraft: z.boolean().optional(),
})
export type LiveLayer = z.infer<typeof LiveLayer>

/** A screen side, as the producer sees the scoreboard. */
export type ScreenSide = 'left' | 'right'

/** A game's number in the best-of, from 1. */
const GameNumber = z
  .number({ error: `game: 1 to ${GAMES_MAX}` })
  .int(`game: 1 to ${GAMES_MAX}`)
  .min(1, `game: 1 to ${GAMES_MAX}`)
  .max(GAMES_MAX, `game: 1 to ${GAMES_MAX}`)

/** A pick or a map as typed: one line of at most 40 characters, trimmed; empty clears it. */
export const PickText = z
  .string()
  .trim()
  .max(PICK_MAX, `at most ${PICK_MAX} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'one line, no control characters')
  .transform((text) => (text === '' ? null : text))

/** What a producer, Companion or a scorekeeper does to the layer; sides are by bracket place (see `sideOnScreen`). */
export const LivePress = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('score'), side: Side, delta: z.union([z.literal(1), z.literal(-1)]) }),
  z.strictObject({ kind: z.literal('winner'), game: GameNumber, side: Side.nullable() }),
  z.strictObject({ kind: z.literal('swap') }),
  z.strictObject({ kind: z.literal('map'), game: GameNumber, map: PickText.nullable() }),
  z.strictObject({ kind: z.literal('pick'), game: GameNumber, side: Side, pick: PickText.nullable() }),
  /** The service's games won for a side become the room's (given to the first open games, or taken from the last). */
  z.strictObject({ kind: z.literal('adopt'), side: Side, score: Wins }),
  /** The room's score for a side stays; the service's, now heard, is no longer a line to answer. */
  z.strictObject({ kind: z.literal('keep'), side: Side, score: Wins.nullable() }),
  /** A game's rounds won by each side (bracket places), or null to clear them; with the rounds it takes to win it. */
  z.strictObject({
    kind: z.literal('rounds'),
    game: GameNumber,
    toWin: z.number().int().min(1, `toWin: 1 to ${ROUNDS_MAX}`).max(ROUNDS_MAX, `toWin: 1 to ${ROUNDS_MAX}`).optional(),
    rounds: z
      .tuple([
        z.number().int().min(0, `rounds: 0 to ${ROUNDS_MAX}`).max(ROUNDS_MAX, `rounds: 0 to ${ROUNDS_MAX}`),
        z.number().int().min(0, `rounds: 0 to ${ROUNDS_MAX}`).max(ROUNDS_MAX, `rounds: 0 to ${ROUNDS_MAX}`),
      ])
      .nullable(),
  }),
  /**
   * A veto step: a side bans or picks an item, or the item left is the decider; a picked or decider map becomes the
   * map of the first game without one, as a map veto decides them.
   */
  z.strictObject({
    kind: z.literal('veto'),
    side: Side.nullable(),
    action: z.enum(['ban', 'pick', 'decider']),
    item: PickText.pipe(z.string({ error: 'item: required' })),
  }),
  /** The veto as a whole, as a game's own draft now has it (Dota 2's heroes): the games' maps are left as they are. */
  z.strictObject({
    kind: z.literal('draft'),
    steps: z
      .array(VetoStep.extend({ item: PickText.pipe(z.string({ error: 'item: required' })) }))
      .max(VETO_MAX, `steps: at most ${VETO_MAX}`),
  }),
  /** The veto's step at `step` (from 1) taken out. */
  z.strictObject({
    kind: z.literal('veto-remove'),
    step: z
      .number({ error: `step: 1 to ${VETO_MAX}` })
      .int(`step: 1 to ${VETO_MAX}`)
      .min(1, `step: 1 to ${VETO_MAX}`)
      .max(VETO_MAX, `step: 1 to ${VETO_MAX}`),
  }),
  /** This match is a best of `bestOf` (a final played as a best of 5 in a stage of best of 3s). */
  z.strictObject({
    kind: z.literal('best-of'),
    bestOf: z
      .number({ error: `bestOf: 1 to ${GAMES_MAX}` })
      .int(`bestOf: 1 to ${GAMES_MAX}`)
      .min(1, `bestOf: 1 to ${GAMES_MAX}`)
      .max(GAMES_MAX, `bestOf: 1 to ${GAMES_MAX}`),
  }),
])
export type LivePress = z.infer<typeof LivePress>

const noPicks = (): LiveGame => ({ winner: null, map: null, picks: [null, null] })

/** Each side's games won on the service's data (null where it gives no score). */
export function serviceScore(match: FeedMatch): Score {
  return [0, 1].map((side) => {
    const score = match.opponents[side]?.score
    return score === null || score === undefined ? null : Math.min(GAMES_MAX, Math.max(0, Math.floor(score)))
  }) as Score
}

/**
 * The layer a match starts with when it goes on air: as many rows as its best-of (three where the stage does not
 * say), the games the service already counts won in order, first side's first.
 */
export function seedLayer(match: FeedMatch): LiveLayer {
  const bestOf = Math.min(GAMES_MAX, match.bestOf ?? DEFAULT_BEST_OF)
  const games = Array.from({ length: bestOf }, noPicks)
  const heard = serviceScore(match)
  let row = 0
  for (const side of [0, 1] as const)
    for (let n = 0; n < (heard[side] ?? 0) && row < games.length; n++) games[row++]!.winner = side
  return { matchId: match.id, bestOf, games, swapped: false, heard }
}

/** Each side's games won, by bracket place. */
export function scoreOf(layer: Pick<LiveLayer, 'games'>): [number, number] {
  return [0, 1].map((side) => layer.games.filter((g) => g.winner === side).length) as [number, number]
}

/** What the service said when the producer last answered it (a layer kept before `heard` existed: its seed's). */
const heardOf = (layer: LiveLayer): Score => layer.heard ?? scoreOf(layer)

const other = (side: Side): Side => (side === 0 ? 1 : 0)

const withSide = <T>(pair: [T, T], side: Side, value: T): [T, T] => (side === 0 ? [value, pair[1]] : [pair[0], value])

/** Why a press cannot be made (said to the producer), or null when it can. */
export function refusal(layer: LiveLayer, press: LivePress): string | null {
  if (press.kind === 'score' && press.delta === 1 && !layer.games.some((g) => g.winner === null))
    return `every game of the best of ${layer.bestOf} has a winner already`
  if (press.kind === 'score' && press.delta === -1 && !layer.games.some((g) => g.winner === press.side))
    return 'that side has no game won to take back'
  if ('game' in press && press.game > layer.games.length)
    return `game: 1 to ${layer.games.length} (best of ${layer.bestOf})`
  const veto = layer.veto ?? []
  if (press.kind === 'veto' && veto.length >= VETO_MAX) return `the veto holds at most ${VETO_MAX} steps`
  if (press.kind === 'veto' && (press.action === 'decider') !== (press.side === null))
    return press.action === 'decider' ? 'the decider is no side’s: side null' : 'a ban or a pick is a side’s'
  if (press.kind === 'veto' && veto.some((step) => step.item.toLowerCase() === press.item.toLowerCase()))
    return `${press.item} is in the veto already`
  if (press.kind === 'veto-remove' && press.step > veto.length)
    return veto.length ? `step: 1 to ${veto.length}` : 'the veto has no steps yet'
  if (press.kind === 'best-of') {
    // Games beyond the new best-of must be empty: nothing the room entered is dropped unsaid.
    const kept = layer.games
      .slice(press.bestOf)
      .findIndex((g) => g.winner !== null || g.map || g.picks.some(Boolean) || g.rounds)
    if (kept !== -1)
      return `game ${press.bestOf + kept + 1} has a winner, a map, rounds or picks: clear it before making this a best of ${press.bestOf}`
  }
  if (press.kind === 'adopt') {
    const theirs = scoreOf(layer)[other(press.side)]
    if (press.score + theirs > layer.games.length)
      return `${press.score} and ${theirs} games won do not fit a best of ${layer.bestOf}`
  }
  return null
}

/** The layer after one press (a press it refuses leaves it as it was: see `refusal`). */
export function pressed(layer: LiveLayer, press: LivePress): LiveLayer {
  if (refusal(layer, press)) return layer
  const games = layer.games.map((g) => ({ ...g, picks: [...g.picks] as LiveGame['picks'] }))
  const give = (side: Side) => (games.find((g) => g.winner === null)!.winner = side)
  const takeBack = (side: Side) => (games.findLast((g) => g.winner === side)!.winner = null)
  switch (press.kind) {
    case 'swap':
      return { ...layer, games, swapped: !layer.swapped }
    case 'winner':
      games[press.game - 1]!.winner = press.side
      return { ...layer, games }
    case 'score':
      if (press.delta === 1) give(press.side)
      else takeBack(press.side)
      return { ...layer, games }
    case 'map':
      games[press.game - 1]!.map = press.map
      return { ...layer, games }
    case 'pick':
      games[press.game - 1]!.picks[press.side] = press.pick
      return { ...layer, games }
    case 'rounds': {
      const row = games[press.game - 1]!
      row.rounds = press.rounds
      if (press.rounds === null) delete row.toWin
      else if (press.toWin !== undefined) row.toWin = press.toWin
      return { ...layer, games }
    }
    case 'adopt':
      while (scoreOf({ games })[press.side] < press.score) give(press.side)
      while (scoreOf({ games })[press.side] > press.score) takeBack(press.side)
      return { ...layer, games, heard: withSide(heardOf(layer), press.side, press.score) }
    case 'keep':
      return { ...layer, games, heard: withSide(heardOf(layer), press.side, press.score) }
    case 'veto': {
      // A map picked (or left as the decider) is the next game's: the first game without a map.
      const open = press.action === 'ban' ? undefined : games.find((g) => g.map === null)
      if (open) open.map = press.item
      const step: VetoStep = { side: press.side, action: press.action, item: press.item }
      return { ...layer, games, veto: [...(layer.veto ?? []), step] }
    }
    case 'veto-remove':
      return { ...layer, games, veto: (layer.veto ?? []).filter((_, i) => i !== press.step - 1) }
    case 'draft':
      return { ...layer, games, veto: press.steps, vetoIsDraft: true }
    case 'best-of': {
      const rows = games.slice(0, press.bestOf)
      while (rows.length < press.bestOf) rows.push(noPicks())
      return { ...layer, games: rows, bestOf: press.bestOf, bestOfChosen: true }
    }
  }
}

/** Where the service and the room disagree on a side's games won, not answered yet. */
export interface Dispute {
  side: Side
  /** The service's games won now. */
  service: number
  /** The room's (on air while the layer holds; the service's final result goes on air over it). */
  room: number
}

/**
 * The lines the desk asks the producer to answer: each side whose score on the service changed since it was last
 * heard and differs from the room's. A service that gives no score never disputes the room.
 */
export function disputes(layer: LiveLayer, service: FeedMatch): Dispute[] {
  const now = serviceScore(service)
  const heard = heardOf(layer)
  const room = scoreOf(layer)
  return ([0, 1] as const).flatMap((side) => {
    const said = now[side]
    return said !== null && said !== heard[side] && said !== room[side]
      ? [{ side, service: said, room: room[side] }]
      : []
  })
}

/**
 * Lines in the order they are answered together (Adopt all): a side whose score goes down first, so that the other
 * side's going up fits the best-of (room 0–1, service 2–0 in a best of 2: 2–1 does not fit, 0–0 then 2–0 does).
 */
export function inAnswerOrder(lines: readonly Dispute[]): Dispute[] {
  return [...lines].sort((a, b) => a.service - a.room - (b.service - b.room))
}

/**
 * Whether the layer still goes on air over the service's match: not once the service has the final result and it
 * differs from the room's, unless the producer kept the room's over exactly that result.
 */
export function layerHolds(layer: LiveLayer, service: FeedMatch): boolean {
  if (service.status !== 'completed') return true
  const now = serviceScore(service)
  const room = scoreOf(layer)
  const heard = heardOf(layer)
  return ([0, 1] as const).every((side) => now[side] === null || now[side] === room[side] || now[side] === heard[side])
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
  const nameOf = (side: Side) => names[side] ?? `side ${side + 1}`
  switch (press.kind) {
    case 'swap':
      return 'Sides swapped'
    case 'winner':
      return `Game ${press.game}: ${press.side === null ? 'no winner' : nameOf(press.side)}`
    case 'score':
      return `${press.delta === 1 ? '+1' : '−1'} ${nameOf(press.side)}`
    case 'map':
      return `Game ${press.game} map: ${press.map ?? 'none'}`
    case 'pick':
      return `Game ${press.game}, ${nameOf(press.side)}: ${press.pick ?? 'no pick'}`
    case 'adopt':
      return `${nameOf(press.side)}: ${press.score}, as the service says`
    case 'keep':
      return `${nameOf(press.side)}: the room's score kept`
    case 'best-of':
      return `Best of ${press.bestOf}`
    case 'rounds':
      return `Game ${press.game} rounds: ${press.rounds ? press.rounds.join('–') : 'none'}`
    case 'veto':
      return press.side === null ? `Decider: ${press.item}` : `${nameOf(press.side)} ${press.action}s ${press.item}`
    case 'veto-remove':
      return `Veto step ${press.step} taken out`
    case 'draft': {
      const count = (action: VetoStep['action']) => press.steps.filter((step) => step.action === action).length
      return `Draft: ${count('pick')} picks, ${count('ban')} bans`
    }
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
    games: layer.games.map((g) => ({
      winner: g.winner,
      map: g.map,
      picks: g.picks,
      ...(g.rounds && { rounds: g.rounds }),
      ...(g.rounds && g.toWin && { toWin: g.toWin }),
    })),
    swapped: layer.swapped,
    bestOf: layer.bestOfChosen ? layer.bestOf : match.bestOf,
    ...(layer.veto?.length && { veto: layer.veto }),
    ...(layer.veto?.length && layer.vetoIsDraft && { vetoIsDraft: true }),
  }
}

/**
 * The on-air match once the service's final result took over from the room's score (they differ: `layerHolds`): the
 * service's scores, and the room's sides and games — each game's map and picks. Who won which game is left open: the
 * room's winners add up to another result, and the service does not say.
 */
export function withServiceResult(match: FeedMatch, layer: LiveLayer): FeedMatch {
  if (match.id !== layer.matchId || match.opponents.length !== 2) return match
  return {
    ...match,
    games: layer.games.map((g) => ({
      winner: null,
      map: g.map,
      picks: g.picks,
      ...(g.rounds && { rounds: g.rounds }),
    })),
    swapped: layer.swapped,
    bestOf: layer.bestOfChosen ? layer.bestOf : match.bestOf,
    ...(layer.veto?.length && { veto: layer.veto }),
  }
}

/** The most picks and maps a discipline's list holds. */
export const PICK_LIST_MAX = 200

const listOf = (what: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .min(1, `${what}: no empty entries`)
        .max(PICK_MAX, `${what}: each at most ${PICK_MAX} characters`)
        .regex(/^[^\p{Cc}]*$/u, `${what}: one line each, no control characters`),
    )
    .max(PICK_LIST_MAX, `${what}: at most ${PICK_LIST_MAX}`)
    .transform((entries) => [...new Set(entries)])

/** An item of the lists that has an image: which list, the item, and where the hub serves its image. */
export const PickImageItem = z.object({ list: z.enum(['picks', 'maps']), item: z.string(), url: z.string() })
export type PickImageItem = z.infer<typeof PickImageItem>

/** The picks (characters, agents, heroes, decks) and maps a producer keeps for one discipline, offered as they type. */
export const PickLists = z.strictObject({ picks: listOf('picks'), maps: listOf('maps') })
export type PickLists = z.infer<typeof PickLists>

/**
 * A side's pips on the scoreboard: one per game it needs to win the best-of (●●○ in a best of five), filled for the
 * games won; the best-of is the stage's, else the live layer's rows (three where the stage does not say); null where
 * neither is known (or a single game).
 */
export function pipsOf(match: Pick<FeedMatch, 'bestOf' | 'opponents' | 'games'>, side: Side): boolean[] | null {
  const bestOf = match.bestOf ?? match.games?.length ?? null
  if (bestOf === null || bestOf < 2) return null
  const needed = Math.ceil(bestOf / 2)
  const won = Math.max(0, Math.floor(match.opponents[side]?.score ?? 0))
  return Array.from({ length: needed }, (_, i) => i < won)
}

/** Pips as text for OBS's text sources and the files: "●●○". */
export const pipsText = (pips: readonly boolean[] | null): string =>
  pips?.map((won) => (won ? '●' : '○')).join('') ?? ''

/**
 * The game being played, from the live layer: the first without a winner, or the last one played once the series is
 * over; with its number from 1. Null while the scores are the service's.
 */
export function currentGame(match: Pick<FeedMatch, 'games'>): { n: number; game: LiveGame } | null {
  const games = match.games
  if (!games?.length) return null
  const open = games.findIndex((g) => g.winner === null)
  const index = open === -1 ? games.length - 1 : open
  return { n: index + 1, game: games[index]! }
}

/** The games played or set so far (a winner, a map or a pick), with their numbers from 1. */
export function gamesSoFar(match: Pick<FeedMatch, 'games'>): { n: number; game: LiveGame }[] {
  return (match.games ?? []).flatMap((game, i) =>
    game.winner !== null || game.map || game.picks.some(Boolean) ? [{ n: i + 1, game }] : [],
  )
}
