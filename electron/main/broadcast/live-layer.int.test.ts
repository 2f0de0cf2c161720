// The live game layer on the Demo venue: seeded from the service when a match goes on air, moved by the desk and by
// Companion over real HTTP (by screen side, through a swap), undone, published at once on a held stream, left to the
// service until the producer presses, reconciled with the service (a line per side, adopt or keep; scores from the
// service only; the final result ends it), and kept across a restart.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { linkedDuels } from '../../../tests/support/linked-duels'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-live-layer-'))
const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-live-layer-pages-'))
const credentials = new MemoryCredentialStore()
let services: MainServices
let streamId = ''
let matchId = ''
let names: string[] = []

const start = () =>
  createMainServices({
    version: 't',
    dataDir,
    credentials,
    demo: { seed: 1 },
    hub: { port: 0, pagesDir },
    broadcastRefreshMs: 0,
  })
const value = dispatchValue(() => services)
const scores = (state: { feed: Feed }) => state.feed.onAir!.opponents.map((o) => o.score)
const companion = async (path: string, token = services.registry.controlToken) => {
  const answer = await fetch(`${services.hub!.url}/control/v1/streams/${streamId}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: answer.status, body: (await answer.json()) as StreamState & { error?: string; fields?: object } }
}

/** The service's data for the on-air match changes (a referee reported), and the desk's local copy reads it. */
async function serviceSays(score: [number, number], status: 'running' | 'completed' = 'running') {
  const sandbox = services.connections.sandbox
  const node = sandbox.store.nodes.get(matchId)!
  node.opponents.forEach((o, i) => (o.score = score[i]!))
  node.status = status
  await services.connections.active.offline.reads.refresh('nodes', tournamentId)
}
let tournamentId = ''

beforeAll(async () => {
  services = await start()
  const linked = await linkedDuels(value, 1)
  ;({ tournamentId, streamId } = linked)
  matchId = linked.duels[0]!.id
  names = linked.duels[0]!.names
})
afterAll(() => services.close())

describe('the live game layer', () => {
  it('leaves the service’s scores on air until the producer presses, then shows the room’s at once', async () => {
    const taken = await value<StreamState>('broadcast:take', { streamId, matchId })
    expect(taken.feed.onAir!.games).toBeNull()
    const before = scores(taken)
    const pressed = await value<StreamState>('broadcast:live', {
      streamId,
      press: { kind: 'score', side: 0, delta: 1 },
    })
    expect(scores(pressed)).toEqual([(before[0] ?? 0) + 1, before[1] ?? 0])
    expect(pressed.feed.onAir!.games).toHaveLength(pressed.feed.onAir!.bestOf ?? 3)
    expect(pressed.feed.onAir!.games![0]!.winner).toBe(0)
    // What the hub publishes is what the desk answered.
    const published = (await (await fetch(`${services.hub!.url}/feed/v1/streams/${streamId}`)).json()) as Feed
    expect(published.onAir!.opponents.map((o) => o.score)).toEqual(scores(pressed))
  })

  it('takes Companion’s presses by screen side, through a swap, and answers the stream’s state', async () => {
    const start = scores({ feed: await value<Feed>('broadcast:feed', { streamId }) })
    const right = await companion('score/right/+1')
    expect(right.status).toBe(200)
    expect(scores(right.body)).toEqual([start[0], start[1]! + 1])
    const swapped = await companion('swap')
    expect(swapped.body.feed.onAir!.swapped).toBe(true)
    // Swapped: the bracket's second is on the left, so "left +1" is theirs.
    const left = await companion('score/left/+1')
    expect(scores(left.body)).toEqual([start[0], start[1]! + 2])
    expect((await companion('score/middle/+1')).body.fields).toEqual({ side: 'left or right' })
    expect((await companion('score/left/+2')).body.fields).toEqual({ delta: '+1 or -1' })
    expect((await companion('score/left/+1', 'wrong-token')).status).toBe(401)
  })

  it('refuses a press the best-of cannot take, naming why, and undoes the last press', async () => {
    const undone = await companion('undo')
    expect(undone.status).toBe(200)
    const feed = undone.body.feed.onAir!
    expect(feed.swapped).toBe(true)
    const full = feed.games!.length
    let state = undone.body
    for (let i = 0; i < full; i++) {
      const answer = await companion('score/right/+1')
      if (answer.status !== 200) {
        expect(answer.body.error).toContain(`every game of the best of ${full} has a winner already`)
        break
      }
      state = answer.body
    }
    expect(state.feed.onAir!.games!.every((g) => g.winner !== null)).toBe(true)
    const undo = await value<StreamState>('broadcast:undo', { streamId })
    expect(undo.feed.onAir!.games!.filter((g) => g.winner === null)).toHaveLength(1)
  })

  it('sets the match’s best-of at the desk: on air at once, a best-of that would drop a game won refused in words', async () => {
    const five = await value<StreamState>('broadcast:live', { streamId, press: { kind: 'best-of', bestOf: 5 } })
    expect(five.feed.onAir!.bestOf).toBe(5)
    expect(five.feed.onAir!.games).toHaveLength(5)
    expect(five.live!.journal[0]!.words).toBe('Best of 5')
    const refused = await services.dispatch('broadcast:live', { streamId, press: { kind: 'best-of', bestOf: 1 } })
    expect(refused.ok ? null : refused.error.message).toMatch(/has a winner, a map, rounds or picks: clear it before/)
    await value('broadcast:undo', { streamId })
    expect((await value<Feed>('broadcast:feed', { streamId })).onAir!.games).toHaveLength(3)
  })

  it('publishes presses at once on a held stream: they are the producer’s own, not staged', async () => {
    await value('broadcast:hold', { streamId, held: true })
    const before = scores({ feed: await value<Feed>('broadcast:feed', { streamId }) })
    const pressed = await value<StreamState>('broadcast:live', {
      streamId,
      press: { kind: 'score', side: 0, delta: -1 },
    })
    expect(pressed.held).toBe(true)
    expect(scores(pressed)[0]).toBe(before[0]! - 1)
    expect(pressed.staged.filter((c) => c.field.endsWith('.score'))).toEqual([])
    await value('broadcast:hold', { streamId, held: false })
  })

  it('names a line per side where the service’s score changed and differs; Companion adopts, the desk keeps', async () => {
    const room = scores({ feed: await value<Feed>('broadcast:feed', { streamId }) }) as [number, number]
    // The service learns a result that differs from the room's on both sides.
    const service: [number, number] = [room[0] === 0 ? 1 : 0, room[1] === 0 ? 1 : 0]
    await serviceSays(service)
    const status = async () =>
      (await value<{ streams: StreamState[] }>('broadcast:status', { tournamentId })).streams.find(
        (s) => s.streamId === streamId,
      )!
    await expect
      .poll(async () => (await status()).live?.disputes)
      .toEqual([
        { side: 0, service: service[0], room: room[0] },
        { side: 1, service: service[1], room: room[1] },
      ])
    // The room's score stays on air until answered.
    expect(scores(await status())).toEqual(room)
    const kept = await value<StreamState>('broadcast:live', {
      streamId,
      press: { kind: 'keep', side: 1, score: service[1] },
    })
    expect(kept.live!.disputes.map((d) => d.side)).toEqual([0])
    const adopted = await companion('adopt')
    expect(adopted.status).toBe(200)
    expect(scores(adopted.body)).toEqual([service[0], room[1]])
    expect(adopted.body.live!.disputes).toEqual([])
    expect((await companion('adopt')).body.error).toContain('Nothing to adopt')
    // The journal names who did what, newest first.
    expect(adopted.body.live!.journal.slice(0, 2).map((e) => [e.by, e.words])).toEqual([
      ['companion', `${names[0]}: ${service[0]}, as the service says`],
      ['desk', `${names[1]}: the room's score kept`],
    ])
  })

  it('scores from the service only: the service’s on air, presses refused; live scores bring the room’s back', async () => {
    const room = scores({ feed: await value<Feed>('broadcast:feed', { streamId }) })
    await serviceSays([0, 0])
    const serviceOnly = await value<StreamState>('broadcast:scores', { streamId, scores: 'service' })
    expect(serviceOnly.live!.scores).toBe('service')
    expect(scores(serviceOnly)).toEqual([0, 0])
    expect(serviceOnly.feed.onAir!.games).toBeNull()
    const refused = await services.dispatch('broadcast:live', { streamId, press: { kind: 'swap' } })
    expect(refused.ok || refused.error.message).toContain('shows scores from the service only')
    expect((await companion('score/left/+1')).status).toBe(422)
    const live = await value<StreamState>('broadcast:scores', { streamId, scores: 'live' })
    expect(scores(live)).toEqual(room)
  })

  it('keeps maps and picks per game and puts them on air with the games', async () => {
    const map = await value<StreamState>('broadcast:live', {
      streamId,
      press: { kind: 'map', game: 1, map: 'Inferno' },
    })
    expect(map.feed.onAir!.games![0]!.map).toBe('Inferno')
    const pick = await value<StreamState>('broadcast:live', {
      streamId,
      press: { kind: 'pick', game: 1, side: 1, pick: 'Ryu' },
    })
    expect(pick.feed.onAir!.games![0]!.picks).toEqual([null, 'Ryu'])
    const tooLong = await services.dispatch('broadcast:live', {
      streamId,
      press: { kind: 'pick', game: 1, side: 1, pick: 'x'.repeat(41) },
    })
    expect(tooLong.ok).toBe(false)
    const lists = await value('broadcast:set-pick-lists', {
      tournamentId,
      lists: { picks: ['Ryu', 'Ken', 'Ryu'], maps: ['Inferno'] },
    })
    expect(lists).toEqual({ picks: ['Ryu', 'Ken'], maps: ['Inferno'] })
    expect(await value('broadcast:pick-lists', { tournamentId })).toEqual(lists)
  })

  it('keeps the layer and its journal across a restart', async () => {
    const shown = scores({ feed: await value<Feed>('broadcast:feed', { streamId }) })
    await services.close()
    services = await start()
    await value('tournaments:list', { filters: {} })
    const feed = await value<Feed>('broadcast:feed', { streamId })
    expect(feed.onAir!.id).toBe(matchId)
    expect(feed.onAir!.opponents.map((o) => o.score)).toEqual(shown)
    expect(feed.onAir!.opponents.map((o) => o.name)).toEqual(names)
    expect(feed.onAir!.swapped).toBe(true)
  })

  it('the service’s final result takes the score, the room keeping its sides and games, unless the producer keeps the room’s', async () => {
    const room = scores({ feed: await value<Feed>('broadcast:feed', { streamId }) }) as [number, number]
    const final: [number, number] = [room[0] + 1, room[1]]
    await serviceSays(final, 'completed')
    const status = async () =>
      (await value<{ streams: StreamState[] }>('broadcast:status', { tournamentId })).streams.find(
        (s) => s.streamId === streamId,
      )!
    await expect.poll(async () => scores(await status())).toEqual(final)
    expect((await status()).live!.ended).toBe(true)
    // The score is the service's; the sides and the games' maps and picks stay the room's on air.
    const onAir = (await status()).feed.onAir!
    expect(onAir.swapped).toBe(true)
    expect(onAir.games?.[0]).toMatchObject({ map: 'Inferno', picks: [null, 'Ryu'] })
    expect((await status()).live!.disputes).toEqual([{ side: 0, service: final[0], room: room[0] }])
    const kept = await value<StreamState>('broadcast:live', {
      streamId,
      press: { kind: 'keep', side: 0, score: final[0] },
    })
    expect(kept.live!.ended).toBe(false)
    expect(scores(kept)).toEqual(room)
  })
})
