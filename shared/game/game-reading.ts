// A game's own state as the live layer follows it (CS2's, Dota 2's and Rocket League's read into it), and the one rule
// that turns each new reading into presses on the on-air duel: the map, the rounds (goals), the draft, the winner. Edge-triggered: only what the game changed
// since its last reading is pressed, so a person's press on the same game holds until the game's next event. Pure.
import { z } from 'zod'
import { VETO_MAX, type LiveLayer, type LivePress, type Side, type VetoStep } from '../broadcast/live-layer'

/** The games whose state the hub reads. */
export const GAME_KINDS = ['cs2', 'dota2', 'rocketleague', 'chess'] as const
export const GameKind = z.enum(GAME_KINDS)
export type GameKind = z.infer<typeof GameKind>

/** The games that post their state to the hub (Valve's Game State Integration, a config file on the observer PC). */
export const GSI_GAMES = ['cs2', 'dota2'] as const
export const GsiGame = z.enum(GSI_GAMES)
export type GsiGame = z.infer<typeof GsiGame>

export const GAME_TITLES: Record<GameKind, string> = {
  cs2: 'Counter-Strike 2',
  dota2: 'Dota 2',
  rocketleague: 'Rocket League',
  chess: 'Chess',
}

/** What a game's presses are credited to in the audit log (no person: an automatic cause). */
export const GAME_CAUSES: Record<GameKind, string> = {
  cs2: "Counter-Strike 2's own state",
  dota2: "Dota 2's own state",
  rocketleague: "Rocket League's own state",
  chess: 'the PGN feed',
}

/** Each game's two teams as the game calls them, in its own order (CS2's first team is CT at the time). */
export const GAME_TEAMS: Record<GameKind, readonly [string, string]> = {
  cs2: ['CT', 'T'],
  dota2: ['Radiant', 'Dire'],
  rocketleague: ['Blue', 'Orange'],
  chess: ['White', 'Black'],
}

/** How the follower knows which bracket side plays the game's first team. */
export const SIDES_KNOWN = ['names', 'chosen', 'guess'] as const
export type SidesKnown = (typeof SIDES_KNOWN)[number]

export interface GameTeam {
  /** The team's name as the game's server has it (null: not set). */
  name: string | null
  /** Rounds won on this map, goals in this game (null: a game without either). */
  rounds: number | null
}

/** A step of a game's own draft (Dota 2's heroes), by the game's team order. */
export interface DraftStep {
  team: 0 | 1
  action: 'ban' | 'pick'
  item: string
}

export interface GameReading {
  /** The game's own id of the match being played (Dota 2's match id, Rocket League's match GUID); null: none (CS2). */
  id: string | null
  /** The map as casters say it ("Mirage"), or null where the game has one map. */
  map: string | null
  /** The two teams in the game's own order (CS2: CT then T). */
  teams: [GameTeam, GameTeam]
  /** warmup: not started; live: being played; break: between halves; over: the map is decided. */
  phase: 'warmup' | 'live' | 'break' | 'over'
  /** The team (by the game's order) that won the map, once over. */
  winner: 0 | 1 | null
  /** Whether the teams change the game's sides between halves (CS2): who is who then follows names, else rounds. */
  sidesSwap: boolean
  /**
   * Whether, by the game's rules, the teams changed sides at the break just before this reading (CS2's competitive
   * half-times: after round 12, and 3 rounds into each overtime); null where the rules are not known (another mode).
   */
  swappedAtBreak: boolean | null
  /** The draft so far (Dota 2's picks and bans), or null where the game has none. */
  draft: DraftStep[] | null
  /** The rounds a team needs to win this map now (CS2 competitive: 13, 16 in the first overtime), or null: not known. */
  roundsToWin: number | null
}

/** What the follower keeps of a stream's game between readings. */
export interface GameFollow {
  /** The last reading taken. */
  last: GameReading
  /** The bracket side playing the game's first team (CS2: CT) in `last`. */
  firstSide: Side
  /** Where `firstSide` came from: the teams' names, a person's choice, or a guess (followed by the rounds). */
  sides: SidesKnown
  /** A person chose after the game was over: the choice is the next game's. */
  chosenForNext?: boolean
  /** The game of the best-of (from 1) the map being played is. */
  game: number
}

const other = (side: Side): Side => (side === 0 ? 1 : 0)

/** Letters and digits only, lower case, without accents: "Team Liquid!" and "team-liquid" are one name. */
const folded = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase()

/** A name's words, folded: "Metge, J. Nigel" → metge, j, nigel. */
const wordsOf = (name: string) =>
  new Set(
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  )

/**
 * Whether a name the game gives is a bracket name: the same letters and digits ("Team Liquid!" and "team-liquid"), one
 * inside the other (three letters at least, the rest not only digits), or the same words in another order, as PGN writes people ("Carlsen,
 * Magnus" for "Magnus Carlsen"; two words at least, an initial more or less).
 */
export function sameName(given: string, opponent: string): boolean {
  const [a, b] = [folded(given), folded(opponent)]
  if (a === '' || b === '') return false
  if (a === b) return true
  // One inside the other, the rest words (letters): "Liquid" is Team Liquid, "Bremen Ravens" not Bremen Ravens 2.
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a]
  if (shorter.length >= 3 && longer.includes(shorter) && /\p{L}/u.test(longer.replace(shorter, ''))) return true
  const [x, y] = [wordsOf(given), wordsOf(opponent)]
  const [fewer, more] = x.size <= y.size ? [x, y] : [y, x]
  // The other name's words beyond these are initials only ("J." of "Metge, J. Nigel").
  return (
    fewer.size >= 2 &&
    [...fewer].every((word) => more.has(word)) &&
    [...more].every((word) => fewer.has(word) || /^\p{L}$/u.test(word))
  )
}

/** The bracket side of the game's first team by the names the server set, when they tell it without doubt. */
export function sideByName(teams: GameReading['teams'], names: readonly [string, string]): Side | null {
  const sideOf = (team: GameTeam): Side | null => {
    if (!team.name) return null
    const matches = ([0, 1] as const).filter((side) => sameName(team.name!, names[side]))
    return matches.length === 1 ? matches[0]! : null
  }
  const first = sideOf(teams[0])
  const second = sideOf(teams[1])
  if (first !== null && second !== null) return first !== second ? first : null
  return first ?? (second === null ? null : other(second))
}

/** Each bracket side's rounds in a reading, the game's first team being `firstSide`. */
export function roundsBySide(reading: GameReading, firstSide: Side): [number, number] | null {
  const [a, b] = reading.teams.map((team) => team.rounds)
  if (a === null || a === undefined || b === null || b === undefined) return null
  return firstSide === 0 ? [a, b] : [b, a]
}

/** A new map began: its name changed, or its rounds went back. */
function newMap(last: GameReading, now: GameReading): boolean {
  const total = (r: GameReading) => (r.teams[0].rounds ?? 0) + (r.teams[1].rounds ?? 0)
  return (
    last.id !== now.id ||
    last.map !== now.map ||
    total(now) < total(last) ||
    (last.phase === 'over' && now.phase !== 'over')
  )
}

/**
 * Which bracket side plays the game's first team now: the names where they tell it; otherwise (a guess at first: the
 * bracket's first team plays the game's first) the teams kept as they were unless the rounds say they changed sides
 * (each side's rounds only grow, by one round at most); when both fit, as a break between halves just ended, the
 * game's rules decide (kept where they are not known).
 */
function firstSideNow(follow: GameFollow | null, now: GameReading, byName: Side | null): Side {
  if (byName !== null) return byName
  if (!follow) return 0
  const kept = follow.firstSide
  if (!now.sidesSwap || newMap(follow.last, now)) return kept
  const before = roundsBySide(follow.last, kept)
  const fits = (first: Side) => {
    const after = roundsBySide(now, first)
    if (!before || !after) return true
    const grown = after[0] - before[0] + after[1] - before[1]
    return after[0] >= before[0] && after[1] >= before[1] && grown <= 1
  }
  const changed = other(kept)
  const [keptFits, changedFits] = [fits(kept), fits(changed)]
  if (keptFits && changedFits) {
    const afterBreak = follow.last.phase === 'break' && now.phase !== 'break'
    return afterBreak && now.swappedAtBreak === true ? changed : kept
  }
  return changedFits ? changed : kept
}

/**
 * The game of the best-of a new map is (from 1): the first without a winner whose map is not set or is this one (a
 * veto may have set them); null once a side has the games to win the best-of, or no such game is left.
 */
function openGame(layer: Pick<LiveLayer, 'games'>, map: string | null): number | null {
  const needed = Math.ceil(layer.games.length / 2)
  if (([0, 1] as const).some((side) => layer.games.filter((g) => g.winner === side).length >= needed)) return null
  const same = (a: string | null) => a === null || map === null || a.toLowerCase() === map.toLowerCase()
  const index = layer.games.findIndex((game) => game.winner === null && same(game.map))
  return index === -1 ? null : index + 1
}

/** A draft's steps by bracket side, the game's first team being `firstSide` (as many as a veto holds). */
function draftBySide(draft: readonly DraftStep[], firstSide: Side): VetoStep[] {
  return draft
    .slice(0, VETO_MAX)
    .map((step) => ({ side: step.team === 0 ? firstSide : other(firstSide), action: step.action, item: step.item }))
}

const sameSteps = (a: readonly VetoStep[] | null | undefined, b: readonly VetoStep[] | null | undefined) =>
  (a ?? []).length === (b ?? []).length &&
  (a ?? []).every((step, i) => step.side === b![i]!.side && step.action === b![i]!.action && step.item === b![i]!.item)

const sameRounds = (a: readonly number[] | null | undefined, b: readonly number[] | null | undefined) =>
  !!a && !!b && a[0] === b[0] && a[1] === b[1]

/**
 * The presses of what a reading says of the game being played — its rounds, its draft — where they differ from the
 * layer's and from what the game said before (`before`: null when nothing the game said counts, as after a choice).
 */
function statePresses(
  now: GameReading,
  firstSide: Side,
  game: number,
  layer: Pick<LiveLayer, 'games' | 'veto'>,
  before: { reading: GameReading; firstSide: Side } | null,
): LivePress[] {
  const presses: LivePress[] = []
  const rounds = roundsBySide(now, firstSide)
  const roundsBefore = before && roundsBySide(before.reading, before.firstSide)
  if (rounds && !sameRounds(rounds, roundsBefore) && !sameRounds(rounds, layer.games[game - 1]?.rounds))
    presses.push({
      kind: 'rounds',
      game,
      rounds: [Math.min(rounds[0], 99), Math.min(rounds[1], 99)],
      ...(now.roundsToWin !== null && { toWin: Math.min(now.roundsToWin, 99) }),
    })
  // A draft with no step says nothing of it (a player's client sends none): the veto is left as it is.
  if (now.draft?.length) {
    const steps = draftBySide(now.draft, firstSide)
    const stepsBefore = before?.reading.draft ? draftBySide(before.reading.draft, before.firstSide) : null
    if (!sameSteps(steps, stepsBefore) && !sameSteps(steps, layer.veto)) presses.push({ kind: 'draft', steps })
  }
  return presses
}

/**
 * The presses a new reading makes on the on-air layer, and what the follower keeps. A map begins as the first open
 * game (its name given, once it goes live, when the game has none); its rounds (goals) and draft follow the game's;
 * its winner is pressed when the game says the map is over — unless a person gave that game a winner already. A
 * follower that starts on a map already over presses its end only where that map is the open game's own (its name set
 * to this map).
 */
export function followGame(
  follow: GameFollow | null,
  now: GameReading,
  layer: Pick<LiveLayer, 'games' | 'veto'>,
  names: readonly [string, string],
): { follow: GameFollow | null; presses: LivePress[] } {
  const starting = !follow || newMap(follow.last, now)
  const game = starting ? openGame(layer, now.map) : follow.game
  if (game === null) return { follow: null, presses: [] }
  // A person's choice holds for the game it was made for, over the names too (they may tie a team wrongly); a new game
  // starts from the last game's sides: the names, else a guess.
  const chosen = !!follow && follow.sides === 'chosen' && (starting ? !!follow.chosenForNext : !follow.chosenForNext)
  const byName = chosen ? null : sideByName(now.teams, names)
  const firstSide = firstSideNow(follow, now, byName)
  const sides: SidesKnown = chosen ? 'chosen' : byName !== null ? 'names' : starting || !follow ? 'guess' : follow.sides
  const next: GameFollow = { last: now, firstSide, game, sides }
  const row = layer.games[game - 1]
  if (!row) return { follow: next, presses: [] }
  const presses: LivePress[] = []
  if (starting && now.phase === 'over') {
    // Started on a map already over: its end is pressed only on the game that is this very map.
    const itsOwn = now.map !== null && row.map?.toLowerCase() === now.map.toLowerCase()
    if (itsOwn && now.winner !== null && row.winner === null)
      presses.push({ kind: 'winner', game, side: now.winner === 0 ? firstSide : other(firstSide) })
    return { follow: next, presses }
  }
  // The map is the game's once it goes live (a warmup is not the game's start yet).
  const goesLive = now.phase !== 'warmup' && (starting || follow?.last.phase === 'warmup')
  if (goesLive && now.map && row.map === null) presses.push({ kind: 'map', game, map: now.map })
  const before = starting || !follow ? null : { reading: follow.last, firstSide: follow.firstSide }
  presses.push(...statePresses(now, firstSide, game, layer, before))
  const justOver = now.phase === 'over' && follow !== null && follow.last.phase !== 'over' && !starting
  if (justOver && now.winner !== null && row.winner === null) {
    const side = now.winner === 0 ? firstSide : other(firstSide)
    presses.push({ kind: 'winner', game, side })
  }
  return { follow: next, presses }
}

/**
 * A person says which bracket side plays the game's first team (Radiant, Blue, CT now), over the names too: while a
 * game is played the follower keeps it for that game, and its rounds and draft as last read are pressed again by it;
 * once the game is over (teams change sides between games), it is the next game's and nothing is pressed — the game
 * over keeps its winner.
 */
export function chooseSide(
  follow: GameFollow,
  firstSide: Side,
  layer: Pick<LiveLayer, 'games' | 'veto'>,
): { follow: GameFollow; presses: LivePress[] } {
  if (follow.last.phase === 'over')
    return { follow: { ...follow, firstSide, sides: 'chosen', chosenForNext: true }, presses: [] }
  const next: GameFollow = { ...follow, firstSide, sides: 'chosen', chosenForNext: false }
  return { follow: next, presses: statePresses(follow.last, firstSide, follow.game, layer, null) }
}
