// The players' phones on the Demo venue over real HTTP: a player finds themselves by name or badge, follows their own
// page (their station and call as the floor changes), reports the result at the station with their badge or the
// station's code; both agree (staff confirm; on a stream's station, on its live layer) or differ (the tile says
// disputed, a judge is called at the desk and in the floor's channel); inputs are bounded; the players' own origin answers the player routes and nothing
// else; wrong codes are counted per address (tried last: the budget is this test's address's).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FloorState } from '../../../shared/floor/floor'
import type { FoundPlayer, PlayerView } from '../../../shared/floor/players'
import type { Participant } from '../../../shared/api'
import type { StreamState } from '../../../shared/broadcast/feed'
import { linkedDuels } from '../../../tests/support/linked-duels'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { readEvents } from '../../../tests/support/event-stream-reader'
import { systemClock } from '../clock'
import { createMainServices, type MainPorts, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-players-'))
const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-players-pages-'))
mkdirSync(join(pagesDir, 'assets'))
writeFileSync(join(pagesDir, 'door.html'), '<!doctype html><title>players</title>')
writeFileSync(join(pagesDir, 'assets', 'door.js'), '// page')
const ports: MainPorts = {
  version: 't',
  dataDir,
  clock: systemClock,
  credentials: new MemoryCredentialStore(),
  demo: { seed: 1 },
  hub: { port: 0, pagesDir },
  broadcastRefreshMs: 0,
  offline: { probeMinMs: 50, replayBaseMs: 20 },
}

let services: MainServices
let tournamentId = ''
let people: Participant[] = []
const value = dispatchValue(() => services)
const hub = () => services.hub!.url
const play = (path: string) => `${hub()}/play/v1/${tournamentId}${path}`

async function report(playerId: string, code: string, games: [number, number][]) {
  const answer = await fetch(play(`/players/${playerId}/report`), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, games }),
  })
  return { status: answer.status, body: (await answer.json()) as PlayerView & { error?: string } }
}
/** A report from a phone of its own (a local address of this machine: the hub tells phones apart by address). */
function reportFrom(
  localAddress: string,
  tournament: string,
  playerId: string,
  code: string,
  games: [number, number][],
) {
  return new Promise<{ status: number; body: PlayerView & { error?: string } }>((resolve, reject) => {
    const body = JSON.stringify({ code, games })
    const call = request(
      new URL(`/play/v1/${tournament}/players/${playerId}/report`, hub()),
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (answer) => {
        let text = ''
        answer.on('data', (chunk: Buffer) => (text += chunk.toString()))
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, body: JSON.parse(text) as PlayerView & { error?: string } }),
        )
      },
    )
    call.on('error', reject)
    call.end(body)
  })
}
const badgeOf = (id: string) => people.find((p) => p.id === id)!.custom_user_identifier!
const floorState = () => value<FloorState>('floor:state', { tournamentId })

beforeAll(async () => {
  services = await createMainServices(ports)
  const sandbox = services.connections.sandbox
  tournamentId = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Street Fighter Weekly 42')!.id
  await value('tournaments:list', { filters: {} })
  people = (await value<{ items: Participant[] }>('participants:list', { tournamentId, filters: {} })).items
  await value('streams:list', { tournamentId, filters: {} })
  await value('match-streams:of-tournament', { tournamentId })
  await value('bracket:nodes', { tournamentId, filters: {} })
  await value('floor:create-stations', { tournamentId, prefix: 'Station', from: 1, to: 3 })
})
afterAll(async () => {
  await services.close()
})

describe('players’ phones', () => {
  it('finds a player by a part of their name or their whole badge code, and names a search too short', async () => {
    const someone = people.find((p) => p.custom_user_identifier)!
    const byName = await fetch(play(`/find?q=${encodeURIComponent(someone.name.slice(0, 4))}`))
    const found = ((await byName.json()) as { players: FoundPlayer[] }).players
    expect(found).toContainEqual({ id: someone.id, name: someone.name })
    // What a search answers of anyone is a name (and the id their page is found by): never a badge code.
    expect(JSON.stringify(found)).not.toContain(someone.custom_user_identifier!)
    const byBadge = await fetch(play(`/find?q=${someone.custom_user_identifier!.toLowerCase()}`))
    expect(((await byBadge.json()) as { players: FoundPlayer[] }).players).toEqual([
      { id: someone.id, name: someone.name },
    ])
    const short = await fetch(play('/find?q=a'))
    expect(short.status).toBe(400)
    expect(await short.json()).toEqual({ error: 'q: at least 2 characters' })
    expect((await fetch(`${hub()}/play/v1/a%20b/find?q=ab`)).status).toBe(422)
  })

  it('a player’s page follows the floor: up next, then their station, then the call with its deadline', async () => {
    const before = await floorState()
    const next = before.upNext.find(
      (m) => m.waits.length === 0 && m.opponents.length === 2 && m.opponents.every((o) => o.participantId),
    )!
    const playerId = next.opponents[0]!.participantId!
    const page = await fetch(play(`/players/${playerId}/events`))
    expect(page.status).toBe(200)
    const events = readEvents(page)
    const first = await events.next<PlayerView>('player')
    expect(first.match).toMatchObject({ id: next.id, station: null, call: null, opponents: [next.opponents[1]!.name] })

    await value('floor:assign', { tournamentId, stationId: before.stations[0]!.id, matchId: next.id })
    const onStation = await events.nextWhere<PlayerView>('player', (v) => v.match?.station !== null)
    const station = (await floorState()).stations.find((s) => s.match?.id === next.id)!
    expect(onStation.match!.station).toBe(station.name)
    await value('floor:call', { tournamentId, stationId: station.id })
    const called = await events.nextWhere<PlayerView>('player', (v) => v.match?.call !== null)
    expect(called.match!.call!.deadline - called.match!.call!.calledAt).toBe(300_000)
    expect(called.match!.reportable).toBe(true)
    await events.close()
    await value('floor:auto-assign', { tournamentId })
    // The station's code is on the desk's tile; the board never carries it, nor what the players reported.
    expect(station.players!.code).toMatch(/^\d{6}$/)
    const board = JSON.stringify(await (await fetch(`${hub()}/board/v1/state?tournament=${tournamentId}`)).json())
    expect(board).not.toContain(station.players!.code!)
  })

  it('both players report the same: agreed on both phones and the tile, and staff confirm it', async () => {
    const station = (await floorState()).stations.find((s) => s.match)!
    const [a, b] = station.match!.opponents.map((o) => o.participantId!)
    const wrong = await report(a!, 'not-a-code', [[2, 1]])
    expect(wrong.status).toBe(403)
    expect(wrong.body.error).toMatch(/not yours or this station’s/)

    const first = await report(a!, badgeOf(a!).toLowerCase(), [
      [2, 0],
      [1, 2],
      [2, 1],
    ])
    expect(first.status).toBe(200)
    expect(first.body.match!.report).toMatchObject({
      state: 'waiting',
      mine: [
        [2, 0],
        [1, 2],
        [2, 1],
      ],
    })
    // The other player reports from their own side with the station's code: the same games, their points first.
    // From their own phone, with the station's code.
    const second = await reportFrom('127.0.0.2', tournamentId, b!, station.players!.code!, [
      [0, 2],
      [2, 1],
      [1, 2],
    ])
    expect(second.body.match!.report).toMatchObject({ state: 'agreed', confirmed: false })
    // The station's code worked once: the tile shows a new one.
    const tile = (await floorState()).stations.find((s) => s.id === station.id)!
    expect(tile.players!.code).not.toBe(station.players!.code)
    expect(tile.players!.report).toMatchObject({
      state: 'agreed',
      reports: [
        [
          [2, 0],
          [1, 2],
          [2, 1],
        ],
        expect.anything(),
      ],
    })

    const confirmed = await value<FloorState>('floor:players', {
      tournamentId,
      stationId: station.id,
      action: 'confirm',
    })
    expect(confirmed.stations.find((s) => s.id === station.id)!.players!.report!.confirmed).toBe(true)
    const view = (await (await fetch(play(`/players/${a}`))).json()) as PlayerView
    expect(view.match!.report).toMatchObject({ state: 'agreed', confirmed: true })
    expect((await report(b!, badgeOf(b!), [[1, 0]])).status).toBe(422)
  })

  it('reports that differ: the tile says disputed and the desk is told a judge is called; clearing starts over', async () => {
    // The floor's channel (a Discord-format webhook, here a receiver on this machine) is told too, its markdown escaped.
    const heard: string[] = []
    const receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        heard.push((JSON.parse(body) as { content: string }).content)
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/1/x`
    await value('floor:settings', { tournamentId, webhookUrl })
    const station = (await floorState()).stations.filter((s) => s.match)[1]!
    const [a, b] = station.match!.opponents.map((o) => o.participantId!)
    await report(a!, badgeOf(a!), [[2, 0]])
    const second = await report(b!, badgeOf(b!), [[2, 0]])
    expect(second.body.match!.report!.state).toBe('disputed')
    expect((await floorState()).stations.find((s) => s.id === station.id)!.players!.report!.state).toBe('disputed')
    const info = await value<{ notices: { message: string }[] }>('app:info', undefined)
    expect(info.notices.map((n) => n.message)).toContainEqual(
      expect.stringMatching(new RegExp(`^Disputed at ${station.name}: .* A judge is called\\.$`)),
    )
    const names = station.match!.opponents.map((o) => o.name).join(' vs ')
    await expect
      .poll(() => heard, { timeout: 10_000 })
      .toContainEqual(`Judge to ${station.name}\\: ${names} reported different results.`)
    receiver.close()
    await value('floor:settings', { tournamentId, webhookUrl: null })
    await expect(
      value('floor:players', { tournamentId, stationId: station.id, action: 'confirm' }),
    ).rejects.toMatchObject({ error: { code: 'validation' } })
    const cleared = await value<FloorState>('floor:players', { tournamentId, stationId: station.id, action: 'clear' })
    const after = cleared.stations.find((s) => s.id === station.id)!.players!
    expect(after.report).toBeNull()
    expect(after.code).not.toBe(station.players!.code)
  })

  it('bounds a report by the contract, naming the field', async () => {
    const station = (await floorState()).stations.filter((s) => s.match)[2]!
    const a = station.match!.opponents[0]!.participantId!
    const games = (n: number) => Array.from({ length: n }, () => [1, 0] as [number, number])
    expect((await report(a, badgeOf(a), games(16))).body.error).toBe('games: at most 15')
    expect((await report(a, badgeOf(a), [[100, 0]])).body.error).toBe('games: points: 0 to 99')
    expect((await report(a, 'x'.repeat(65), [[1, 0]])).body.error).toBe('code: at most 64 characters')
    expect((await report(a, badgeOf(a), [])).status).toBe(400)
  })

  it('the players’ own origin answers the player routes and their page, and refuses every staff route (none is there)', async () => {
    const origin = services.hub!.playersUrl!
    expect((await fetch(`${origin}/play`)).status).toBe(200)
    expect((await fetch(`${origin}/assets/door.js`)).status).toBe(200)
    expect((await fetch(`${origin}/play/v1/${tournamentId}/find?q=ab`)).status).toBe(200)
    // The board's QR code of the players' page: an image, and the same page's address the desk shows.
    const qr = await fetch(`${hub()}/play/v1/${tournamentId}/qr.svg`)
    expect(qr.headers.get('content-type')).toBe('image/svg+xml')
    expect(await qr.text()).toMatch(/^<svg/)
    const page = await value<{ url: string }>('hub:players-page', { tournamentId })
    expect(page.url).toBe(`${origin}/play?tournament=${tournamentId}`)
    for (const path of ['/board/v1/state', '/door', '/pair', '/tablet', '/venue/v1/desks', '/feeds/v1/streams'])
      expect([path, (await fetch(`${origin}${path}?tournament=${tournamentId}`)).status]).toEqual([path, 401])
    const control = await fetch(`${origin}/control/v1/tournaments/${tournamentId}/floor/call-next`, {
      method: 'POST',
      headers: { authorization: `Bearer ${services.registry.controlToken}` },
    })
    expect(control.status).toBe(401)
  })

  it('a stream’s station: the players’ agreed result goes on the stream’s live layer, credited to them', async () => {
    const linked = await linkedDuels(value, 1)
    const { streamId } = linked
    const duel = linked.duels[0]!
    const at = linked.tournamentId
    const made = await value<FloorState>('floor:create-stations', { tournamentId: at, prefix: 'Stage', from: 1, to: 1 })
    const stage = made.stations[0]!
    await value('floor:update-station', { tournamentId: at, stationId: stage.id, streamId })
    await value('broadcast:take', { streamId, matchId: duel.id })
    await value('broadcast:scores', { streamId, scores: 'live' })
    const tile = (await value<FloorState>('floor:state', { tournamentId: at })).stations.find((s) => s.id === stage.id)!
    expect(tile.match!.id).toBe(duel.id)
    const [a, b] = tile.match!.opponents.map((o) => o.participantId!)
    const codeNow = async () =>
      (await value<FloorState>('floor:state', { tournamentId: at })).stations.find((s) => s.id === stage.id)!.players!
        .code!
    const first = await reportFrom('127.0.0.1', at, a!, tile.players!.code!, [
      [13, 9],
      [7, 13],
      [13, 5],
    ])
    expect(first.status).toBe(200)
    // The code works once: the tile shows a new one.
    expect(await codeNow()).not.toBe(tile.players!.code)
    const theirs: [number, number][] = [
      [9, 13],
      [13, 7],
      [5, 13],
    ]
    // The station's code proves presence, not who: the same phone may not report the other side with it.
    const samePhone = await reportFrom('127.0.0.1', at, b!, await codeNow(), theirs)
    expect(samePhone.status).toBe(409)
    expect(samePhone.body.error).toMatch(/report on your own phone/)
    expect((await reportFrom('127.0.0.2', at, b!, await codeNow(), theirs)).status).toBe(200)
    const status = await value<{ streams: StreamState[] }>('broadcast:status', { tournamentId: at })
    const stream = status.streams.find((s) => s.feed.stream.id === streamId)!
    expect(stream.feed.onAir!.games!.slice(0, 3).map((g) => g.winner)).toEqual([0, 1, 0])
    expect(stream.live!.journal.slice(0, 3).every((entry) => entry.by === 'players')).toBe(true)
  })

  it('counts wrong codes per address: past ten within a minute it waits, even with a right code', async () => {
    const station = (await floorState()).stations.filter((s) => s.match)[2]!
    const a = station.match!.opponents[0]!.participantId!
    // Ten codes tried a minute from one address (the wrong one and the badge searched by the tests above among them),
    // then it waits.
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await report(a, `wrong-${i}`, [[1, 0]])).status)
    const wrong = statuses.filter((s) => s === 403).length
    expect(wrong).toBeGreaterThan(0)
    expect(wrong).toBeLessThanOrEqual(8)
    expect(statuses.slice(wrong)).toEqual(Array.from({ length: 11 - wrong }, () => 429))
    const waited = await fetch(play(`/players/${a}/report`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: badgeOf(a), games: [[1, 0]] }),
    })
    expect(waited.status).toBe(429)
    expect(Number(waited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('keeps what the players reported, and each station’s code, through a restart of the desk', async () => {
    const before = (await floorState()).stations.filter((s) => s.match)
    await services.close()
    services = await createMainServices(ports)
    await value('tournaments:list', { filters: {} })
    const after = (await floorState()).stations.filter((s) => s.match)
    expect(after.map((s) => s.players)).toEqual(before.map((s) => s.players))
    expect(after.some((s) => s.players?.report?.confirmed)).toBe(true)
  })
})
