// The venue floor on the Demo venue over real HTTP: stations made in bulk and bounded, auto-assign, a call reaching a
// door and a board over SSE and a webhook (queued while its receiver is down, then delivered once, in order),
// Companion's floor buttons, a station freed by a result on the service, and the DQ timer across a restart.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BracketNode } from '../../../shared/api'
import { placeable, type FloorState } from '../../../shared/floor/floor'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { pairDevice } from '../../../tests/support/pair-device'
import { systemClock } from '../clock'
import { createMainServices, type MainPorts, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'
import { readEvents } from '../../../tests/support/event-stream-reader'

const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-floor-'))
const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-floor-pages-'))
mkdirSync(join(pagesDir, 'assets'))
writeFileSync(join(pagesDir, 'door.html'), '<!doctype html><title>door</title>')
writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
/** Moves the app's time on (the DQ timer across a restart). */
let later = 0
const clock = { ...systemClock, now: () => Date.now() + later }
const credentials = new MemoryCredentialStore()
const ports: MainPorts = {
  version: 't',
  dataDir,
  clock,
  credentials,
  demo: { seed: 1 },
  hub: { port: 0, pagesDir },
  broadcastRefreshMs: 0,
  offline: { probeMinMs: 50, replayBaseMs: 20 },
}

let services: MainServices
let tournamentId = ''
let nodes: BracketNode[] = []
const value = dispatchValue(() => services)
const hub = () => services.hub!.url

/** A local webhook receiver: answers 503 until opened, then keeps each body it is sent. */
let receiver: Server
let receiverOpen = false
const received: { content: string; allowed_mentions: unknown }[] = []

/** Reads an event stream until a pattern is seen (or it closes). */
async function follow(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${hub()}${path}`, { headers })
  expect(response.status).toBe(200)
  return readEvents(response)
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('not within time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      if (!receiverOpen) return response.writeHead(503).end()
      received.push(JSON.parse(body) as (typeof received)[number])
      response.writeHead(204).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  services = await createMainServices(ports)
  const sandbox = services.connections.sandbox
  tournamentId = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Street Fighter Weekly 42')!.id
  await value('tournaments:list', { filters: {} })
  await value('participants:list', { tournamentId, filters: {} })
  await value('streams:list', { tournamentId, filters: {} })
  await value('match-streams:of-tournament', { tournamentId })
  nodes = (await value<{ items: BracketNode[] }>('bracket:nodes', { tournamentId, filters: {} })).items
})
afterAll(async () => {
  await services.close()
  receiver.close()
})

describe('the venue floor', () => {
  it('makes stations in bulk, names each, and refuses too many or a range backwards by field', async () => {
    const state = await value<FloorState>('floor:create-stations', { tournamentId, prefix: 'Station', from: 1, to: 4 })
    expect(state.stations.map((s) => [s.number, s.name])).toEqual([
      [1, 'Station 1'],
      [2, 'Station 2'],
      [3, 'Station 3'],
      [4, 'Station 4'],
    ])
    await expect(
      value('floor:create-stations', { tournamentId, prefix: 'Station', from: 5, to: 4 }),
    ).rejects.toMatchObject({ error: { fields: { to: 'to: at least 5' } } })
    await expect(
      value('floor:create-stations', { tournamentId, prefix: 'Station', from: 1, to: 300 }),
    ).rejects.toMatchObject({ error: { fields: { to: expect.stringContaining('at most 256') } } })
    await expect(
      value('floor:create-stations', { tournamentId, prefix: 'x'.repeat(41), from: 1, to: 2 }),
    ).rejects.toMatchObject({ error: { code: 'validation' } })
  })

  it('auto-assigns ready matches to free stations, never a stream’s match, and leaves a station out of order alone', async () => {
    const before = await value<FloorState>('floor:state', { tournamentId })
    const fourth = before.stations[3]!
    await value('floor:update-station', { tournamentId, stationId: fourth.id, outOfOrder: true })
    const links = await value<Record<string, string[]>>('match-streams:of-tournament', { tournamentId })
    const state = await value<FloorState>('floor:auto-assign', { tournamentId })
    const assigned = state.stations.filter((s) => s.match)
    expect(assigned.map((s) => s.number)).toEqual([1, 2, 3])
    for (const station of assigned) {
      expect(links[station.match!.id] ?? []).toEqual([])
      expect(station.match!.opponents.every((o) => o.participantId)).toBe(true)
    }
    const ids = assigned.map((s) => s.match!.id)
    expect(new Set(ids).size).toBe(3)
    expect(state.upNext.some((m) => ids.includes(m.id))).toBe(false)
  })

  it('a call reaches a paired door and a board over SSE, and the webhook once its receiver answers', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/1/secret`
    const saved = await value<FloorState>('floor:settings', { tournamentId, dqSeconds: 120, webhookUrl: url })
    expect(saved.webhook.host).toBe(`127.0.0.1:${(receiver.address() as AddressInfo).port}`)
    expect(JSON.stringify(saved)).not.toContain('secret')
    await expect(
      value('floor:settings', { tournamentId, webhookUrl: 'http://example.com/hook' }),
    ).rejects.toMatchObject({ error: { fields: { webhookUrl: expect.stringContaining('https://') } } })

    const key = await pairDevice(value, hub(), 'Door 1', 'door', tournamentId)
    const door = await follow('/door/v1/events', { 'x-matchdesk-key': key })
    const board = await follow(`/board/v1/events?tournament=${tournamentId}`)
    expect(await board.until(/event: board/)).toBe('seen')

    const state = await value<FloorState>('floor:state', { tournamentId })
    const first = state.stations[0]!
    const called = await value<FloorState>('floor:call', { tournamentId, stationId: first.id })
    const call = called.stations[0]!.call!
    expect(call.deadline - call.calledAt).toBe(120_000)
    expect(call.arrived).toEqual([false, false])
    const names = first.match!.opponents.map((o) => o.name)
    const text = `Called: ${names.join(' vs ')} → Station 1`
    expect(
      await door.until(new RegExp(`event: called\\ndata: .*"text":"${escape(JSON.stringify(text).slice(1, -1))}"`)),
    ).toBe('seen')
    expect(await board.until(/"call":\{"calledAt"/)).toBe('seen')
    // The board never carries the webhook.
    const boardState = (await (await fetch(`${hub()}/board/v1/state?tournament=${tournamentId}`)).json()) as object
    expect(boardState).not.toHaveProperty('webhook')

    // The receiver is down: the call waits in the queue, and says why.
    await until(() => services.floor.state(tournamentId).webhook.problem !== null)
    expect(services.floor.state(tournamentId).webhook.waiting).toBe(1)
    receiverOpen = true
    await until(() => received.length === 1, 8000)
    expect(received[0]!.content).toContain('Station 1')
    expect(received[0]!.allowed_mentions).toEqual({ parse: [] })
    await until(() => services.floor.state(tournamentId).webhook.waiting === 0)
    await door.close()
    await board.close()
  })

  it('arrivals stop the DQ timer; un-call clears the call', async () => {
    const stationId = (await value<FloorState>('floor:state', { tournamentId })).stations[0]!.id
    await value('floor:arrived', { tournamentId, stationId, opponent: 0, arrived: true })
    const both = await value<FloorState>('floor:arrived', { tournamentId, stationId, opponent: 1, arrived: true })
    expect(both.stations[0]!.call!.arrived).toEqual([true, true])
    await expect(value('floor:arrived', { tournamentId, stationId, opponent: 5, arrived: true })).rejects.toMatchObject(
      {
        error: { fields: { opponent: 'opponent: 0 to 1' } },
      },
    )
    const uncalled = await value<FloorState>('floor:uncall', { tournamentId, stationId })
    expect(uncalled.stations[0]!.call).toBeNull()
  })

  it('Companion calls station N and calls next with the control token, and nothing without it', async () => {
    const token = services.registry.controlToken
    const post = (path: string, auth = true) =>
      fetch(`${hub()}/control/v1/tournaments/${tournamentId}/floor/${path}`, {
        method: 'POST',
        headers: auth ? { authorization: `Bearer ${token}` } : {},
      })
    expect((await post('stations/2/call', false)).status).toBe(401)
    const second = (await (await post('stations/2/call')).json()) as FloorState
    expect(second.stations[1]!.call?.times).toBe(1)
    const again = (await (await post('stations/2/recall')).json()) as FloorState
    expect(again.stations[1]!.call?.times).toBe(2)
    const next = (await (await post('call-next')).json()) as FloorState
    expect(next.stations.filter((s) => s.call).map((s) => s.number)).toEqual(expect.arrayContaining([1, 2]))
    expect((await post('stations/99/call')).status).toBe(404)
  })

  it('Companion’s floor routes refuse a tournament that is not an id and a station number that is not whole', async () => {
    const token = services.registry.controlToken
    const post = (tournament: string, path: string) =>
      fetch(`${hub()}/control/v1/tournaments/${tournament}/floor/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
    const before = (await value<FloorState>('floor:state', { tournamentId })).stations[0]!.call?.times ?? 0
    for (const junk of ['JUNK%0D%0AX-Injected:%201', 'a%20b', '%E2%80%AE1']) {
      const refused = await post(junk, 'call-next')
      expect(refused.status).toBe(422)
      expect(((await refused.json()) as { error: string }).error).toMatch(/^tournamentId: /)
    }
    for (const number of ['1e3', '1.5', '1abc', '0', '01', '-1']) {
      const refused = await post(tournamentId, `stations/${number}/recall`)
      expect(refused.status).toBe(422)
      expect(((await refused.json()) as { error: string }).error).toMatch(/^number: /)
    }
    // Station 1 was not recalled by any of them.
    expect((await value<FloorState>('floor:state', { tournamentId })).stations[0]!.call?.times ?? 0).toBe(before)
    // Nothing refused is followed (read again from the service every few seconds).
    expect(services.floor.following().filter((id) => !/^[A-Za-z0-9_-]{1,64}$/.test(id))).toEqual([])
  })

  it('a door that connects after a call is told the calls that stand, and hears when one ends', async () => {
    const key = await pairDevice(value, hub(), 'Door 2', 'door', tournamentId)
    const state = await value<FloorState>('floor:state', { tournamentId })
    const second = state.stations[1]!
    expect(second.call).not.toBeNull()
    const door = await follow('/door/v1/events', { 'x-matchdesk-key': key })
    expect(await door.until(new RegExp(`event: called\\ndata: .*"stationId":"${second.id}"`))).toBe('seen')
    await value('floor:uncall', { tournamentId, stationId: second.id })
    expect(await door.until(new RegExp(`event: uncalled\\ndata: \\{"stationId":"${second.id}"\\}`))).toBe('seen')
    await door.close()
  })

  it('refuses a match on a station that has one, naming the station', async () => {
    const state = await value<FloorState>('floor:state', { tournamentId })
    const busy = state.stations.find((s) => s.match && !s.outOfOrder)!
    const ready = state.upNext.find(placeable)
    if (!ready) return expect(state.upNext.filter(placeable)).toEqual([])
    await expect(value('floor:assign', { tournamentId, stationId: busy.id, matchId: ready.id })).rejects.toMatchObject({
      error: { fields: { stationId: expect.stringContaining('free the station first') } },
    })
  })

  it('keeps stations and calls while the bracket is read again (a database recovery empties it)', async () => {
    const before = await value<FloorState>('floor:state', { tournamentId })
    const session = services.connections.active.offline
    session.db.transaction(() => session.cache.replaceScope('nodes', tournamentId, [], Date.now()))()
    await value<FloorState>('floor:state', { tournamentId })
    await value('cache:refresh', { resource: 'nodes', scope: tournamentId, full: true })
    const after = await value<FloorState>('floor:state', { tournamentId })
    expect(after.stations.map((s) => [s.match?.id, s.call])).toEqual(before.stations.map((s) => [s.match?.id, s.call]))
  })

  it('reading the floor changes nothing: a played match shows its station free before the store is told', async () => {
    const state = await value<FloorState>('floor:state', { tournamentId })
    const station = state.stations.find((s) => s.match && !s.stream)!
    const session = services.connections.active.offline
    const node = session.cache.get('nodes', station.match!.id)!
    // The result is in the local copy, and nobody has been told yet. All of this runs in one task (`floor:state`'s
    // handler is the desk's synchronous read), so the floor's follower, which is told of the change after it, cannot
    // free the station in between: what is checked is the read alone, whatever the machine's load.
    const put = (status: BracketNode['status']) =>
      session.db.transaction(() => session.cache.put('nodes', tournamentId, node.id, { ...node, status }))()
    put('completed')
    const read = services.floor.state(tournamentId)
    const stillAssigned = session.floor.assignments(tournamentId).has(station.id)
    // The local copy back as the service has it, before the follower hears of either change.
    put(node.status)
    expect(read.stations.find((s) => s.id === station.id)!.match).toBeNull()
    expect(stillAssigned).toBe(true)
    const again = await value<FloorState>('floor:state', { tournamentId })
    expect(again.stations.find((s) => s.id === station.id)!.match?.id).toBe(station.match!.id)
  })

  it('frees a station when its match gets its result on the service', async () => {
    const state = await value<FloorState>('floor:state', { tournamentId })
    const station = state.stations[2]!
    const record = services.connections.sandbox.store.nodes.get(station.match!.id)!
    record.status = 'completed'
    record.opponents[0]!.result = 'win'
    record.opponents[1]!.result = 'loss'
    await value('cache:refresh', { resource: 'nodes', scope: tournamentId, full: true })
    const after = await value<FloorState>('floor:state', { tournamentId })
    expect(after.stations[2]!.match).toBeNull()
    expect(nodes.length).toBeGreaterThan(0)
  })

  it('a stream’s station plays the stream’s match; auto-assign never fills it', async () => {
    const sandbox = services.connections.sandbox
    const lyon = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Lyon LAN Winter Cup')!.id
    await value('participants:list', { tournamentId: lyon, filters: {} })
    const streams = await value<{ items: { id: string; name: string }[] }>('streams:list', {
      tournamentId: lyon,
      filters: {},
    })
    const stream = streams.items[0]!
    const lyonNodes = (await value<{ items: BracketNode[] }>('bracket:nodes', { tournamentId: lyon, filters: {} }))
      .items
    const ready = lyonNodes.find((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant))!
    await value('match-streams:replace', { matchId: ready.id, streamIds: [stream.id] })
    await value('broadcast:take', { streamId: stream.id, matchId: ready.id })
    const made = await value<FloorState>('floor:create-stations', {
      tournamentId: lyon,
      prefix: 'Stage',
      from: 1,
      to: 1,
    })
    const tied = await value<FloorState>('floor:update-station', {
      tournamentId: lyon,
      stationId: made.stations[0]!.id,
      streamId: stream.id,
    })
    expect(tied.stations[0]!.stream).toEqual({ id: stream.id, name: stream.name })
    expect(tied.stations[0]!.match?.id).toBe(ready.id)
    expect(tied.upNext.map((m) => m.id)).not.toContain(ready.id)
    // Another match queued on the stream stays in Up next, saying where it will be played.
    const queued = lyonNodes.find(
      (n) => n.id !== ready.id && n.status !== 'completed' && n.opponents.every((o) => o.participant),
    )!
    await value('match-streams:replace', { matchId: queued.id, streamIds: [stream.id] })
    const listed = await value<FloorState>('floor:state', { tournamentId: lyon })
    expect(listed.upNext.find((m) => m.id === queued.id)?.waits).toContainEqual({
      kind: 'on-stream',
      streams: [stream.name],
    })
    const filled = await value<FloorState>('floor:auto-assign', { tournamentId: lyon })
    expect(filled.stations[0]!.match?.id).toBe(ready.id)
    // A call on it is kept with the match the stream plays.
    const called = await value<FloorState>('floor:call', { tournamentId: lyon, stationId: made.stations[0]!.id })
    expect(called.stations[0]!.call?.times).toBe(1)
    await expect(
      value('floor:update-station', { tournamentId: lyon, stationId: made.stations[0]!.id, streamId: 'nope' }),
    ).rejects.toMatchObject({ error: { fields: { streamId: expect.stringContaining('not a stream') } } })
  })

  it('a Take on a stream reaches its station on the venue board, pushed by the Take itself', async () => {
    const sandbox = services.connections.sandbox
    const lyon = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Lyon LAN Winter Cup')!.id
    const state = await value<FloorState>('floor:state', { tournamentId: lyon })
    const station = state.stations.find((s) => s.stream)!
    const streamId = station.stream!.id
    const lyonNodes = (await value<{ items: BracketNode[] }>('bracket:nodes', { tournamentId: lyon, filters: {} }))
      .items
    const another = lyonNodes.find(
      (n) => n.id !== station.match?.id && n.status !== 'completed' && n.opponents.every((o) => o.participant),
    )!
    await value('match-streams:replace', { matchId: another.id, streamIds: [streamId] })
    const board = await follow(`/board/v1/events?tournament=${lyon}`)
    await board.until(/event: board/)
    // This desk reads nothing again by itself (no live ticks here), and a link puts nothing on air: only the Take
    // itself can bring the board its match — pushed, not read again. (How fast: bench/, not a timed test.)
    await value('broadcast:take', { streamId, matchId: another.id })
    expect(await board.until(new RegExp(`"match":\\{"id":"${another.id}"`))).toBe('seen')
    await board.close()
  })

  it('writes nothing to the service: the floor is this venue’s own', async () => {
    const stats = services.connections.sandbox.stats
    stats.reset()
    const state = await value<FloorState>('floor:state', { tournamentId })
    await value('floor:call', { tournamentId, stationId: state.stations[0]!.id })
    await value('floor:uncall', { tournamentId, stationId: state.stations[0]!.id })
    await value('floor:auto-assign', { tournamentId })
    const writes = Object.keys(stats.snapshot().routes).filter((route) => !route.startsWith('GET '))
    expect(writes).toEqual([])
  })

  it('says what players and door staff read in the tournament’s language; the desk’s own Check-in stays English', async () => {
    const record = services.connections.sandbox.store.tournaments.get(tournamentId)!
    const locales = record.locales
    record.locales = { fr: { default: true }, en_GB: { default: false } }
    const session = services.connections.active.offline
    try {
      await session.lookReads.refresh(tournamentId)
      expect(session.localeOf(tournamentId)).toBe('fr')
      const state = await value<FloorState>('floor:state', { tournamentId })
      const station = state.stations.find((s) => s.match && !s.call && !s.outOfOrder)!
      await value('floor:call', { tournamentId, stationId: station.id })
      const notice = services.floor.standingCalls(tournamentId).find((call) => call.stationId === station.id)!
      const names = station.match!.opponents.map((o) => o.name)
      expect(notice.text).toBe(`Appel : ${names.join(' vs ')} → ${station.name}`)
      const board = (await (await fetch(`${hub()}/board/v1/state?tournament=${tournamentId}`)).json()) as {
        locale: string
      }
      expect(board.locale).toBe('fr')
      expect((await services.doors.scan(tournamentId, 'NOBODY-1', 'Door 2')).message).toBe('Code inconnu : NOBODY-1')
      const atDesk = await value<{ message: string }>('checkin:scan', { tournamentId, code: 'NOBODY-1' })
      expect(atDesk.message).toBe('Unknown code: NOBODY-1')
      await value('floor:uncall', { tournamentId, stationId: station.id })
    } finally {
      record.locales = locales
      await session.lookReads.refresh(tournamentId)
    }
  })

  it('keeps stations, matches and a running DQ timer across a restart', async () => {
    const playing = (await value<FloorState>('floor:state', { tournamentId })).stations.find((s) => s.match)!
    const before = await value<FloorState>('floor:call', { tournamentId, stationId: playing.id })
    const called = before.stations.find((s) => s.id === playing.id)!
    await services.close()
    later = 30_000
    services = await createMainServices(ports)
    const after = await value<FloorState>('floor:state', { tournamentId })
    const same = after.stations.find((s) => s.id === called.id)!
    expect(same.match?.id).toBe(called.match!.id)
    expect(same.call).toEqual(called.call)
    expect(after.now - before.now).toBeGreaterThanOrEqual(30_000)
    expect(after.stations.map((s) => s.name)).toEqual(before.stations.map((s) => s.name))
  })
})

/** A string as a literal inside a regular expression. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
