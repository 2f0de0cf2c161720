// A chess PGN feed (a file a DGT board's software writes, a Lichess broadcast's round) read for the live layer: the
// game between the on-air duel's two players found by their names (PGN's "Surname, Firstname" too), its result and
// its current move. Bounded: the feed's bytes are the reader's to bound; here at most 1,000 games are looked at and
// only the one game found is read move by move (with @mliebelt/pgn-parser).
import { parse, parseGame, split } from '@mliebelt/pgn-parser'
import { sameName, type GameReading } from './game-reading'

/** Games of one feed looked at (a round of a large open has a few hundred boards). */
export const PGN_GAMES_MAX = 1000

export interface ChessReading {
  reading: GameReading
  /** The current move as a caster says it ("34. Nf3", "34… Qxe5"), or null before the first. */
  move: string | null
  /** The result as PGN writes it ("1-0", "1/2-1/2", "*"). */
  result: string
}

type Tags = Record<string, unknown>

/** Text without accents, in lower case: "Négevs" → "negevs". */
const plain = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

/** A name's longest word, plain: what any way of writing it holds. */
const longestWord = (name: string) =>
  plain(name)
    .split(/[^\p{L}\p{N}]+/u)
    .reduce((longest, word) => (word.length > longest.length ? word : longest), '')

const tagText = (tags: Tags, name: string) => {
  const value = tags[name]
  return typeof value === 'string' ? value.trim().slice(0, 200) : ''
}

/**
 * The game of the feed whose White and Black are the two names (either way round) — the one still played, else the
 * last — read: null when no game has them both; the words of why the feed does not read when it does not.
 */
export function chessReading(
  text: string,
  names: readonly [string, string],
  prefer: string | null = null,
): ChessReading | null | { error: string } {
  let games: ReturnType<typeof split>
  try {
    games = split(text)
  } catch {
    return { error: 'the PGN does not split into games' }
  }
  // The players may have met before in the feed (a league, then a final): their game still played, else their last.
  let chosen: { game: (typeof games)[number]; tags: Tags } | null = null
  // Only the games whose tags hold a word of each name are parsed (a round of hundreds of boards, read every 2 s).
  const needles = names.map(longestWord)
  for (const game of games.slice(0, PGN_GAMES_MAX)) {
    const hay = plain(game.tags)
    if (!needles.every((needle) => hay.includes(needle))) continue
    let tags: Tags
    try {
      tags = (parse(game.tags, { startRule: 'tags' }) as { tags?: Tags }).tags ?? {}
    } catch {
      continue
    }
    const [white, black] = [tagText(tags, 'White'), tagText(tags, 'Black')]
    const theirs =
      (sameName(white, names[0]) && sameName(black, names[1])) ||
      (sameName(white, names[1]) && sameName(black, names[0]))
    if (!theirs) continue
    // The game followed, while it is in the feed, else the one still played, else the last.
    if (prefer !== null && idOf(tags) === prefer) {
      chosen = { game, tags }
      break
    }
    if (!(chosen && tagText(chosen.tags, 'Result') === '*' && tagText(tags, 'Result') !== '*')) chosen = { game, tags }
  }
  if (!chosen) return null
  const [white, black] = [tagText(chosen.tags, 'White'), tagText(chosen.tags, 'Black')]
  let moves: { moveNumber?: number; turn?: string; notation: { notation: string } }[]
  try {
    moves = parseGame(chosen.game.all).moves
  } catch (error) {
    const where = (error as { location?: { start?: { line?: number } } }).location?.start?.line
    return { error: `the game of ${white} and ${black} does not read${where ? ` (its line ${where})` : ''}` }
  }
  return readOne(chosen.tags, white, black, moves)
}

/** One game of a feed: its own page, else its event, round, board and players. */
const idOf = (tags: Tags) =>
  tagText(tags, 'GameURL') || ['Event', 'Round', 'Board', 'White', 'Black'].map((name) => tagText(tags, name)).join('|')

function readOne(
  tags: Tags,
  white: string,
  black: string,
  moves: { moveNumber?: number; turn?: string; notation: { notation: string } }[],
): ChessReading {
  const result = tagText(tags, 'Result') || '*'
  const last = moves.at(-1)
  const move = last
    ? `${last.moveNumber ?? Math.ceil(moves.length / 2)}${last.turn === 'b' ? '…' : '.'} ${last.notation.notation}`
    : null
  const over = result === '1-0' || result === '0-1' || result === '1/2-1/2'
  return {
    reading: {
      id: idOf(tags),
      map: null,
      teams: [
        { name: white, rounds: null },
        { name: black, rounds: null },
      ],
      phase: over ? 'over' : moves.length > 0 ? 'live' : 'warmup',
      winner: result === '1-0' ? 0 : result === '0-1' ? 1 : null,
      sidesSwap: false,
      swappedAtBreak: null,
      draft: null,
      roundsToWin: null,
    },
    move,
    result,
  }
}
