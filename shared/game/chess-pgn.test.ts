// A chess PGN feed as Lichess exports it (tests/fixtures/real/chess): the on-air players' game found by their names
// in either order and in PGN's "Surname, Firstname", its result and current move; a game still played; what does not
// read said.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { chessReading, type ChessReading } from './chess-pgn'

const real = (name: string) => readFileSync(new URL(`../../tests/fixtures/real/chess/${name}`, import.meta.url), 'utf8')
const broadcast = real('lichess_broadcast_sample_nz_congress_2025_r1.pgn')
const rated = real('lichess_standard_game_sample.pgn')
const both = `${broadcast.trim()}\n\n${rated.trim()}\n`

const found = (text: string, names: [string, string]) => chessReading(text, names) as ChessReading

describe('a chess PGN feed', () => {
  it('finds the on-air players’ game by their names as people write them, and reads its draw and last move', () => {
    const read = found(both, ['Gabor Nagy', 'J. Nigel Metge'])
    expect(read.result).toBe('1/2-1/2')
    expect(read.move).toBe('69… Kxe3')
    expect(read.reading).toMatchObject({
      id: 'https://lichess.org/broadcast/new-zealand-chess-congress-2025--championship/round-1/spI5tcia/oHmutTGn',
      phase: 'over',
      winner: null,
      teams: [
        { name: 'Metge, J. Nigel', rounds: null },
        { name: 'Nagy, Gabor', rounds: null },
      ],
    })
  })

  it('reads Black’s win as the second team’s, in a feed of several games', () => {
    const read = found(both, ['Abbot', 'Costello'])
    expect(read).toMatchObject({ result: '0-1', move: '13… Nf4', reading: { winner: 1, phase: 'over' } })
  })

  it('reads a game still played as live, and one without a move yet as not started', () => {
    const playing = broadcast.replace('[Result "1/2-1/2"]', '[Result "*"]').replace(/ 1\/2-1\/2\s*$/, ' *\n')
    expect(found(playing, ['Metge', 'Nagy']).reading).toMatchObject({ phase: 'live', winner: null })
    const headers = broadcast.slice(0, broadcast.indexOf('\n\n')).replace('[Result "1/2-1/2"]', '[Result "*"]')
    const waiting = found(`${headers}\n\n*\n`, ['Metge', 'Nagy'])
    expect(waiting).toMatchObject({ move: null, reading: { phase: 'warmup' } })
  })

  it('takes the players’ game still played where they met before in the feed (a league, then a final)', () => {
    const again = rated.replace('[Result "0-1"]', '[Result "*"]').replace(/ 0-1\s*$/, ' *\n')
    expect(found(`${rated.trim()}\n\n${again.trim()}\n`, ['Abbot', 'Costello'])).toMatchObject({ result: '*' })
    expect(found(`${again.trim()}\n\n${rated.trim()}\n`, ['Abbot', 'Costello'])).toMatchObject({ result: '*' })
  })

  it('finds nothing for players the feed does not have; says when the game does not read', () => {
    expect(chessReading(both, ['Magnus Carlsen', 'Hikaru Nakamura'])).toBeNull()
    const broken = rated.replace('1. e4', '1. e4 @@')
    expect(chessReading(broken, ['Abbot', 'Costello'])).toEqual({
      error: expect.stringMatching(/^the game of Abbot and Costello does not read/) as string,
    })
  })
})
