// A stream following CS2's own state over real HTTP, on the Demo venue: the desk makes the config file, a recorded
// match replayed to the hub as the game posts it moves the on-air duel (the map, every round, the winner) as "the
// game's" presses, Hold holds them, and the route takes only its token, its game, bounded bodies and rates.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import type { GameConfig, GameSourceView } from '../../../shared/game/game-source'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { configAddress, recordedCs2, recordedCs2Match, replayGame } from '../../../tests/support/game-replayer'
import { linkedDuels } from '../../../tests/support/linked-duels'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'
import { GAME_BODY_LIMIT } from './game-routes'

const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-game-pages-'))
writeFileSync(join(pagesDir, 'door.html'), '<!doctype html><title>pages</title>')
let services: MainServices
let streamId = ''
let names: string[] = []
let tournamentId = ''
let nextMatchId = ''
const value = dispatchValue(() => services)

const published = async () => (await (await fetch(`${services.hub!.url}/feed/v1/streams/${streamId}`)).json()) as Feed

const stateOf = async () =>
  (await value<{ streams: StreamState[] }>('broadcast:status', { tournamentId })).streams.find(
    (s) => s.streamId === streamId,
  )!

const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-game-'))
const credentials = new MemoryCredentialStore()
/** The desk started (again) on the same data folder and keychain. */
const start = () =>
  createMainServices({
    version: 't',
    dataDir,
    credentials,
    demo: { seed: 1 },
    hub: { port: 0, pagesDir },
    broadcastRefreshMs: 0,
  })

beforeAll(async () => {
  services = await start()
  const linked = await linkedDuels(value, 2)
  streamId = linked.streamId
  tournamentId = linked.tournamentId
  nextMatchId = linked.duels[1]!.id
  names = linked.duels[0]!.names
  await value('broadcast:take', { streamId, matchId: linked.duels[0]!.id })
})
afterAll(() => services.close())

describe('a stream following CS2’s own state', () => {
  it('makes the config file for the observer PC: the hub’s game route, a token in the address and the auth block', async () => {
    const config = await value<GameConfig>('game:connect', { streamId, game: 'cs2' })
    expect(config.fileName).toBe('gamestate_integration_matchdesk.cfg')
    expect(config.folder).toContain('game/csgo/cfg')
    const { uri, token } = configAddress(config.text)
    expect(uri).toBe(`${services.hub!.url}/game/v1/cs2?token=${token}`)
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    // Valve's keys, as the HUDs producers know write them.
    for (const key of ['"timeout"', '"buffer"', '"throttle"', '"heartbeat"', '"auth"', '"data"', '"map" "1"'])
      expect(config.text).toContain(key)
    const source = await value<GameSourceView>('game:source', { streamId })
    expect(source).toMatchObject({ game: 'cs2', heardAt: null })
  })

  it('a recorded match replayed moves the on-air duel: the map, every round by team, the winner — as the game’s', async () => {
    const { uri, token } = configAddress((await value<GameConfig>('game:connect', { streamId, game: 'cs2' })).text)
    const statuses = await replayGame(recordedCs2Match(names), token, { uri })
    expect(new Set(statuses)).toEqual(new Set([200]))
    const onAir = (await published()).onAir!
    expect(onAir.games![0]).toMatchObject({ map: 'Safehouse', rounds: [19, 17], winner: 0 })
    expect(onAir.opponents[0]!.score).toBe(1)
    // Every press the journal shows (its last few) is the game’s.
    const journal = (await stateOf()).live!.journal
    expect(journal.length).toBeGreaterThan(0)
    expect(new Set(journal.map((entry) => entry.by))).toEqual(new Set(['game']))
    const source = await value<GameSourceView>('game:source', { streamId })
    expect(source.heardAt).not.toBeNull()
  })

  it('on a held stream the game’s presses wait in Hold’s list; the audit log names the game, not a person', async () => {
    const { uri, token } = configAddress((await value<GameConfig>('game:connect', { streamId, game: 'cs2' })).text)
    await value('broadcast:hold', { streamId, held: true })
    const before = (await published()).onAir!.games![1]
    // The next map goes live (a real CS2 body: Dust2, 1–0).
    const body = recordedCs2('cs2_body_round_over_CT_defused.json') as { map: object }
    expect(await replayGame([body], token, { uri })).toEqual([200])
    expect((await published()).onAir!.games![1]).toEqual(before)
    const held = await stateOf()
    expect(held.staged.length).toBeGreaterThan(0)
    const applied = await value<StreamState>('broadcast:apply', { streamId })
    // A competitive map: 13 rounds to win, told with the rounds (a match point is known from them).
    expect(applied.feed.onAir!.games![1]).toMatchObject({ map: 'Dust2', rounds: [1, 0], toWin: 13 })
    await value('broadcast:hold', { streamId, held: false })
    const audit = await value<{ entries: { what: string; operator: string; automatic: boolean }[] }>('venue:audit', {
      search: 'Dust2',
    })
    const pressed = audit.entries.filter((entry) => entry.what.startsWith('Pressed: '))
    expect(pressed.map((entry) => entry.what)).toContain(
      "Pressed: Game 2 map: Dust2 (automatic: Counter-Strike 2's own state)",
    )
    expect(pressed.every((entry) => entry.automatic && entry.operator === '')).toBe(true)
  })

  it('takes only its token, for its game, with the same token in the body, and bounded bodies', async () => {
    const made = configAddress((await value<GameConfig>('game:connect', { streamId, game: 'cs2' })).text)
    const post = (url: string, body: unknown) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const body = recordedCs2('cs2_body_live_round2_score1-1.json') as { map: object }
    const hub = services.hub!.url
    expect((await post(`${hub}/game/v1/cs2`, { ...body, auth: { token: made.token } })).status).toBe(401)
    expect((await post(`${hub}/game/v1/cs2?token=${'x'.repeat(32)}`, body)).status).toBe(401)
    expect((await post(made.uri, { ...body, auth: { token: 'not the token' } })).status).toBe(401)
    expect(
      (await post(`${hub}/game/v1/valorant?token=${made.token}`, { ...body, auth: { token: made.token } })).status,
    ).toBe(404)
    const bad = await post(made.uri, { ...body, map: { ...body.map, round: -1 }, auth: { token: made.token } })
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: string }).error).toMatch(/^map\.round: /)
    const huge = await post(made.uri, { ...body, padding: 'x'.repeat(GAME_BODY_LIMIT), auth: { token: made.token } })
    expect(huge.status).toBe(413)
    // Made again: the old token is refused from now on; removed: the new one too.
    const again = configAddress((await value<GameConfig>('game:connect', { streamId, game: 'cs2' })).text)
    expect((await post(made.uri, { ...body, auth: { token: made.token } })).status).toBe(401)
    expect((await post(again.uri, { ...body, auth: { token: again.token } })).status).toBe(200)
    await value('game:disconnect', { streamId })
    expect((await post(again.uri, { ...body, auth: { token: again.token } })).status).toBe(401)
    expect(await value('game:source', { streamId })).toBeNull()
  })

  it('a match taken while the game says the same again gets the game’s state at its next post; unnamed teams are said', async () => {
    const { uri, token } = configAddress((await value<GameConfig>('game:connect', { streamId, game: 'cs2' })).text)
    // A real post whose teams have no names (a player's game): 1–1 on Dust2.
    const body = recordedCs2('cs2_body_live_round2_score1-1.json')
    expect(await replayGame([body], token, { uri })).toEqual([200])
    await value('broadcast:take', { streamId, matchId: nextMatchId })
    expect(await replayGame([body], token, { uri })).toEqual([200])
    expect((await published()).onAir!.id).toBe(nextMatchId)
    expect((await published()).onAir!.games![0]).toMatchObject({ map: 'Dust2', rounds: [1, 1] })
    expect(await value<GameSourceView>('game:source', { streamId })).toMatchObject({ sides: 'guess', firstSide: 0 })
  })

  it('refuses a file for a stream the desk does not have, naming the field', async () => {
    const refused = await value('game:connect', { streamId: 'no-such-stream', game: 'cs2' }).catch(
      (error: { error: { code: string; fields?: object } }) => error.error,
    )
    expect(refused).toMatchObject({ code: 'not_found', fields: { streamId: 'not in the local copy' } })
  })

  it('a file made before a restart still works after it: the observer PC keeps posting with it', async () => {
    const made = configAddress((await value<GameConfig>('game:connect', { streamId, game: 'cs2' })).text)
    await services.close()
    services = await start()
    const path = new URL(made.uri)
    const again = `${services.hub!.url}${path.pathname}${path.search}`
    expect(await replayGame([recordedCs2('cs2_body_live_round2_score1-1.json')], made.token, { uri: again })).toEqual([
      200,
    ])
    expect((await value<GameSourceView>('game:source', { streamId }))?.heardAt).not.toBeNull()
  })
})
