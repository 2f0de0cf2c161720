// The Demo venue's chess open following its own boards: the desk offers the Demo's PGN for the chess stream, the
// on-air match's board plays a real game's moves ply by ply (shown on the desk), and the service's result, once the
// match is played, is the game's winner on air, pressed as the game's. Another discipline has no boards.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed } from '../../../shared/broadcast/feed'
import type { GameSourceView } from '../../../shared/game/game-source'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { linkedDuels, type LinkedDuels } from '../../../tests/support/linked-duels'
import type { MainServices } from '../composition'
import { demoDesk } from '../../../tests/support/demo-desk'

const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-boards-pages-'))
writeFileSync(join(pagesDir, 'door.html'), '<!doctype html><title>pages</title>')
let services: MainServices
let chess: LinkedDuels
const value = dispatchValue(() => services)
/** How long a state may take on a busy machine (a board plays a ply every 4 s, read every 2 s). */
const STATE = { timeout: 20_000 }

beforeAll(async () => {
  services = await demoDesk(mkdtempSync(join(tmpdir(), 'matchdesk-boards-')), { hub: { port: 0, pagesDir } })
  chess = await linkedDuels(value, 1, { tournament: 'Chess Rapid Open', stream: 'Chess board cam' })
})
afterAll(() => services.close())

describe('the Demo venue’s chess boards', () => {
  it('the chess stream follows its board: the moves on the desk, the service’s result the game’s winner', async () => {
    const { streamId, duels } = chess
    const { engine, store } = services.connections.sandbox
    const node = store.nodes.get(duels[0]!.id)!
    engine.start(node)
    await value('broadcast:take', { streamId, matchId: node.id })
    const location = await value<string | null>('game:demo-boards', { streamId })
    expect(location).toBe(`${services.connections.sandbox.origin}/demo/boards/${chess.tournamentId}.pgn`)
    await value('game:pgn', { streamId, location })
    const source = () => value<GameSourceView>('game:source', { streamId })
    await expect.poll(async () => (await source()).detail, STATE).toMatch(/^\d+(\.|…) [A-Za-z][^ ]*$/)
    expect((await source()).sides).toBe('names')
    engine.complete(node)
    // A draw (a league's) presses no winner.
    const result = node.opponents[0]!.result
    const won = result === 'win' ? 0 : result === 'loss' ? 1 : null
    const feed = async () => (await value<Feed>('broadcast:feed', { streamId })).onAir!.games![0]!.winner
    await expect.poll(feed, STATE).toBe(won)
    expect((await source()).detail).toMatch(/^69… Kxe3 · (1-0|0-1|1\/2-1\/2)$/)
  }, 60_000)

  it('another discipline’s tournament has none, on the desk and on the Demo', async () => {
    const lyon = await linkedDuels(value, 1)
    expect(await value('game:demo-boards', { streamId: lyon.streamId })).toBeNull()
    const answer = await fetch(`${services.connections.sandbox.origin}/demo/boards/${lyon.tournamentId}.pgn`)
    expect(answer.status).toBe(404)
  })
})
