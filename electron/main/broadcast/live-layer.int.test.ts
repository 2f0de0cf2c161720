// The live game layer on the Demo venue: seeded from the service when a match goes on air, moved by the desk and by
// Companion over real HTTP (by screen side, through a swap), undone, published at once on a held stream, left to the
// service until the producer presses, and kept across a restart.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import { dispatchValue } from '../../../tests/support/dispatch-value'
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

beforeAll(async () => {
  services = await start()
  const sandbox = services.connections.sandbox
  const tournamentId = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Lyon LAN Winter Cup')!.id
  await value('tournaments:list', { filters: {} })
  await value('participants:list', { tournamentId, filters: {} })
  const streams = await value<{ items: { id: string; name: string }[] }>('streams:list', { tournamentId, filters: {} })
  streamId = streams.items.find((s) => s.name === 'B stream')!.id
  type Node = { id: string; status: string; opponents: { participant: { name: string } | null }[] }
  const nodes = await value<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
  const match = nodes.items.find(
    (n) => n.status !== 'completed' && n.opponents.length === 2 && n.opponents.every((o) => o.participant),
  )!
  matchId = match.id
  names = match.opponents.map((o) => o.participant!.name)
  await value('match-streams:replace', { matchId, streamIds: [streamId] })
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
})
