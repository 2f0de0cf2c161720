// Dota 2, Rocket League and chess followed on the Demo venue, each by its own way in: Dota 2's recorded posts over real
// HTTP to the hub's game route (the draft on air as the veto, who is Radiant said by a person), Rocket League's
// recorded Stats API stream read from a real TCP port (the goals, the feed's closing and its bounds said on the desk),
// a PGN file a board's software rewrites and a PGN served over HTTP (the game found by the players' names, its move
// and result).
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer } from 'node:http'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import type { GameConfig, GameSourceView } from '../../../shared/game/game-source'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { configAddress, replayGame } from '../../../tests/support/game-replayer'
import { linkedDuels, type Duel } from '../../../tests/support/linked-duels'
import type { MainServices } from '../composition'
import { demoDesk } from '../../../tests/support/demo-desk'
import { STATS_MESSAGE_MAX } from './stats-feed'
import { PGN_MAX_BYTES } from './pgn-feed'

const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-game-feed-pages-'))
writeFileSync(join(pagesDir, 'door.html'), '<!doctype html><title>pages</title>')
let services: MainServices
let streamId = ''
let tournamentId = ''
let duels: Duel[] = []
const value = dispatchValue(() => services)
const servers: Server[] = []
/** How long a state may take to come on a busy machine (the feed's own retry is 1 s after a close). */
const STATE = { timeout: 15_000 }

const published = async () => (await (await fetch(`${services.hub!.url}/feed/v1/streams/${streamId}`)).json()) as Feed
const journal = async () =>
  (await value<{ streams: StreamState[] }>('broadcast:status', { tournamentId })).streams.find(
    (s) => s.streamId === streamId,
  )!.live!.journal
const source = () => value<GameSourceView>('game:source', { streamId })

const real = (path: string) => readFileSync(new URL(`../../../tests/fixtures/real/${path}`, import.meta.url))

/** A TCP port that sends `bytes` in chunks of `chunk` to each client, as the game's Stats API would. */
async function statsApi(bytes: Buffer, chunk = 1000): Promise<{ address: string; clients: Socket[]; server: Server }> {
  const clients: Socket[] = []
  const server = createServer((socket) => {
    clients.push(socket)
    socket.on('error', () => {})
    for (let at = 0; at < bytes.length; at += chunk) socket.write(bytes.subarray(at, at + chunk))
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { address: `127.0.0.1:${port}`, clients, server }
}

beforeAll(async () => {
  services = await demoDesk(mkdtempSync(join(tmpdir(), 'matchdesk-game-feed-')), { hub: { port: 0, pagesDir } })
  const linked = await linkedDuels(value, 3)
  ;({ streamId, tournamentId, duels } = linked)
})
afterAll(async () => {
  for (const server of servers) server.close()
  await services.close()
})

describe('a stream following Dota 2’s own state', () => {
  const dota = (name: string) => JSON.parse(real(`dota2/${name}`).toString('utf8')) as { map: { matchid: string } }

  it('makes its config file: the gamestate_integration folder, the launch option, the draft asked for', async () => {
    const config = await value<GameConfig>('game:connect', { streamId, game: 'dota2' })
    expect(config.folder).toBe('steamapps/common/dota 2 beta/game/dota/cfg/gamestate_integration')
    expect(config.launchOption).toBe('-gamestateintegration')
    expect(config.text).toContain('"draft" "1"')
    expect(configAddress(config.text).uri).toMatch(/\/game\/v1\/dota2\?token=/)
  })

  it('puts the draft on air as the veto; a person says who is Radiant; the game’s end is that side’s', async () => {
    await value('broadcast:take', { streamId, matchId: duels[0]!.id })
    const { uri, token } = configAddress((await value<GameConfig>('game:connect', { streamId, game: 'dota2' })).text)
    const selection = dota('greshilov_spectator_hero_selection_draft.json')
    // The recorded end, as the same match's (one match id from the draft to its end).
    const end = dota('greshilov_spectator_post_game_win_dire_draft.json')
    end.map.matchid = selection.map.matchid
    expect(await replayGame([selection], token, { uri })).toEqual([200])
    expect((await published()).onAir!.veto?.[0]).toEqual({ side: 0, action: 'ban', item: 'Doom' })
    expect(await source()).toMatchObject({ sides: 'guess', firstSide: 0 })
    // The bracket's second team is Radiant: the draft is pressed again by it.
    expect(await value<GameSourceView>('game:side', { streamId, firstSide: 1 })).toMatchObject({
      sides: 'chosen',
      firstSide: 1,
    })
    expect((await published()).onAir!.veto?.[0]).toEqual({ side: 1, action: 'ban', item: 'Doom' })
    expect(await replayGame([end], token, { uri })).toEqual([200])
    const onAir = (await published()).onAir!
    expect(onAir.veto).toHaveLength(22)
    // Dire won: the bracket's first team.
    expect(onAir.games![0]!.winner).toBe(0)
    expect((await journal()).at(-1)).toMatchObject({ by: 'game' })
  })

  it('refuses a side before the game said anything of the match on air, naming the field', async () => {
    await value('broadcast:take', { streamId, matchId: duels[1]!.id })
    const refused = await value('game:side', { streamId, firstSide: 0 }).catch(
      (error: { error: { code: string; fields?: object } }) => error.error,
    )
    expect(refused).toMatchObject({ code: 'conflict', fields: { firstSide: 'no game read yet' } })
  })
})

describe('a stream following Rocket League’s Stats API', () => {
  it('reads the game’s recorded stream from its TCP port: the goals on air as the game’s presses', async () => {
    await value('broadcast:take', { streamId, matchId: duels[1]!.id })
    const game = await statsApi(real('rocketleague/xentrick_player_tcp_stream_full.raw'))
    const listening = await value<GameSourceView>('game:listen', { streamId, address: game.address })
    expect(listening).toMatchObject({ game: 'rocketleague', address: game.address })
    // The capture ends 0–1 (Orange scored), Blue taken as the bracket's first team.
    await expect.poll(async () => (await published()).onAir!.games![0]!.rounds, STATE).toEqual([0, 1])
    expect((await journal()).at(-1)).toMatchObject({ by: 'game', words: 'Game 1 rounds: 0–1' })
    expect((await source()).heardAt).not.toBeNull()
    // The game quits: the desk says so, and reads again once the game is back.
    await new Promise((resolve) => {
      game.server.close(resolve)
      for (const client of game.clients) client.destroy()
    })
    await expect
      .poll(async () => (await source()).problem, STATE)
      .toMatch(/^(the game closed its feed|nothing listens at 127\.0\.0\.1:\d+)/)
    const port = Number(game.address.split(':')[1])
    await new Promise<void>((resolve) => game.server.listen(port, '127.0.0.1', resolve))
    await expect.poll(async () => (await source()).problem, STATE).toBeNull()
    expect(game.clients.length).toBeGreaterThan(1)
  })

  it('says why it cannot read: nothing listening, a message over its bound, a message never finished', async () => {
    const gone = await statsApi(Buffer.from(''))
    await new Promise((resolve) => gone.server.close(resolve))
    await value('game:listen', { streamId, address: gone.address })
    await expect.poll(async () => (await source()).problem, STATE).toMatch(/^nothing listens at 127\.0\.0\.1:\d+/)
    const flood = await statsApi(Buffer.from(`{"Event":"UpdateState","Data":"${'x'.repeat(STATS_MESSAGE_MAX + 10)}`))
    await value('game:listen', { streamId, address: flood.address })
    await expect
      .poll(async () => (await source()).problem, STATE)
      .toBe(`a message over ${STATS_MESSAGE_MAX} characters`)
    // A message begun and fed a byte a second never ends: the deadline runs from its first bytes.
    const trickles: NodeJS.Timeout[] = []
    const slow = createServer((socket) => {
      socket.on('error', () => {})
      socket.write('{"Event":"UpdateState","Data":"')
      trickles.push(setInterval(() => socket.write('x'), 1000))
    })
    servers.push(slow)
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve))
    try {
      await value('game:listen', { streamId, address: `127.0.0.1:${(slow.address() as { port: number }).port}` })
      await expect.poll(async () => (await source()).problem, STATE).toBe('a message was not finished within 5 s')
    } finally {
      for (const trickle of trickles) clearInterval(trickle)
    }
    await value('game:disconnect', { streamId })
    expect(await value('game:source', { streamId })).toBeNull()
  })

  it('refuses an address that is not a host and a port, naming the field', async () => {
    const refused = await value('game:listen', { streamId, address: 'http://x' }).catch(
      (error: { error: { code: string; message: string } }) => error.error,
    )
    expect(refused).toMatchObject({ code: 'validation' })
    expect(JSON.stringify(refused)).toContain('address: a host and a port')
  })
})

describe('a stream following a chess PGN feed', () => {
  /** A PGN of one game between two players, as a board's software writes it. */
  const pgn = (white: string, black: string, moves: string, result: string) =>
    `[Event "Demo"]\n[Round "1"]\n[White "${white}"]\n[Black "${black}"]\n[Result "${result}"]\n\n${moves} ${result}\n`

  it('reads a file a board’s software rewrites: the players’ game found, its move shown, its result pressed', async () => {
    const [first, second] = duels[2]!.names as [string, string]
    await value('broadcast:take', { streamId, matchId: duels[2]!.id })
    const file = join(mkdtempSync(join(tmpdir(), 'matchdesk-pgn-')), 'round.pgn')
    // Another board first, then the on-air players' game, the bracket's second player with White.
    const other = pgn('Someone Else', 'Another Player', '1. d4 d5', '*')
    writeFileSync(file, `${other}\n${pgn(second, first, '1. e4 e5', '*')}`)
    expect(await value<GameSourceView>('game:pgn', { streamId, location: file })).toMatchObject({
      game: 'chess',
      address: file,
    })
    await expect.poll(async () => (await source()).detail, STATE).toBe('1… e5')
    expect((await source()).sides).toBe('names')
    // A rewrite of the same size (a move corrected) is read: the file is read whole each time.
    writeFileSync(file, `${other}\n${pgn(second, first, '1. d4 d5', '*')}`)
    await expect.poll(async () => (await source()).detail, STATE).toBe('1… d5')
    writeFileSync(file, `${other}\n${pgn(second, first, '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#', '1-0')}`)
    await expect.poll(async () => (await published()).onAir!.games![0]!.winner, STATE).toBe(1)
    expect((await source()).detail).toBe('4. Qxf7# · 1-0')
    expect((await journal()).at(-1)).toMatchObject({ by: 'game', words: `Game 1: ${second}` })
  })

  it('reads an address with its ETag; says when no game has the players, and when the feed is over its bound', async () => {
    const [first, second] = duels[2]!.names as [string, string]
    let version = 1
    let body = pgn(first, second, '1. e4', '*')
    const serve = (text: string) => {
      body = text
      version++
    }
    const asked: (string | undefined)[] = []
    const server = createHttpServer((request, response) => {
      asked.push(request.headers['if-none-match'])
      const etag = `"v${version}"`
      if (request.headers['if-none-match'] === etag) return response.writeHead(304).end()
      response.writeHead(200, { 'content-type': 'application/x-chess-pgn', etag }).end(body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const location = `http://127.0.0.1:${(server.address() as { port: number }).port}/round.pgn`
    try {
      await value('game:pgn', { streamId, location })
      await expect.poll(async () => (await source()).detail, STATE).toBe('1. e4')
      // Read again with its ETag: the unchanged feed answers 304.
      await expect.poll(() => asked.some((tag) => tag !== undefined), STATE).toBe(true)
      serve(pgn('Magnus Carlsen', 'Hikaru Nakamura', '1. e4', '*'))
      const missing = `no game of the feed has ${first} and ${second}`
      await expect.poll(async () => (await source()).problem, STATE).toBe(missing)
      // Said for as long as it holds: still after the feed was read twice more.
      const heard = (await source()).heardAt!
      await expect.poll(async () => (await source()).heardAt! >= heard + 2 * 2000, STATE).toBe(true)
      expect((await source()).problem).toBe(missing)
      serve(`${body}\n${' '.repeat(PGN_MAX_BYTES)}`)
      await expect.poll(async () => (await source()).problem, STATE).toBe('the PGN is over 5 MB')
    } finally {
      server.close()
    }
  })

  it('refuses a pipe (a file that would never end) at once, without waiting on it', async () => {
    const fifo = join(mkdtempSync(join(tmpdir(), 'matchdesk-fifo-')), 'board.pgn')
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0)
    await value('game:pgn', { streamId, location: fifo })
    await expect.poll(async () => (await source()).problem, STATE).toBe(`${fifo} is not a file`)
  })

  it('refuses a location that is neither a full path nor an http(s) address, naming the field', async () => {
    const refused = await value('game:pgn', { streamId, location: 'round.pgn' }).catch(
      (error: { error: { code: string } }) => error.error,
    )
    expect(refused).toMatchObject({ code: 'validation' })
    expect(JSON.stringify(refused)).toContain('location: a file’s full path or an http(s) address')
    await value('game:disconnect', { streamId })
  })
})
