// A stream's tablets on the hub over real HTTP, on the Demo venue: a scorekeeper paired for one stream presses on its
// on-air duel (named "tablet" in the journal), its presses wait in Hold's list while the stream is held, each change
// reaches it over its event stream; a caster's tablet sets the casters; each kind does only its own.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import type { PairingCode } from '../../../shared/ipc/hub'
import type { TabletView } from '../../../shared/venue/tablet'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { linkedDuels } from '../../../tests/support/linked-duels'
import { readEvents } from '../../../tests/support/event-stream-reader'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-tablet-pages-'))
writeFileSync(join(pagesDir, 'door.html'), '<!doctype html><title>tablet</title>')
let services: MainServices
let streamId = ''
let otherStreamId = ''
let matchId = ''
const value = dispatchValue(() => services)
const hub = () => services.hub!.url

async function call(path: string, key: string, body?: unknown) {
  const answer = await fetch(`${hub()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-matchdesk-key': key, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  return { status: answer.status, body: (await answer.json()) as TabletView & { error?: string } }
}

async function paired(kind: 'scorekeeper' | 'caster' | 'door', forStream = streamId): Promise<string> {
  const tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
    (t) => t.name === 'Lyon LAN Winter Cup',
  )!.id
  const code = await value<PairingCode>('hub:pair', {
    name: `${kind} 1`,
    kind,
    ...(kind === 'door' ? { tournamentId } : { streamId: forStream }),
  })
  const answer = await fetch(`${hub()}/pair/v1/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: code.code }),
  })
  return ((await answer.json()) as { key: string }).key
}

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-tablets-')),
    credentials: new MemoryCredentialStore(),
    demo: { seed: 1 },
    hub: { port: 0, pagesDir },
    broadcastRefreshMs: 0,
  })
  const linked = await linkedDuels(value, 1)
  streamId = linked.streamId
  otherStreamId = linked.streams.find((s) => s.id !== streamId)!.id
  matchId = linked.duels[0]!.id
  await value('broadcast:take', { streamId, matchId })
})
afterAll(() => services.close())

const scores = (view: { onAir: { opponents: { score: number | null }[] } | null }) =>
  view.onAir!.opponents.map((o) => o.score ?? 0)

describe('a stream’s tablets', () => {
  it('a scorekeeper sees its stream’s on-air duel and presses on it; the desk names the tablet', async () => {
    const key = await paired('scorekeeper')
    const session = await call('/tablet/v1/session', key)
    expect(session.status).toBe(200)
    expect(session.body.stream.id).toBe(streamId)
    expect(session.body.device).toEqual({ name: 'scorekeeper 1', kind: 'scorekeeper' })
    expect(session.body.onAir!.id).toBe(matchId)
    const before = scores(session.body)
    const pressed = await call('/tablet/v1/press', key, { press: { kind: 'score', side: 1, delta: 1 } })
    expect(pressed.status).toBe(200)
    expect(scores(pressed.body)).toEqual([before[0], before[1]! + 1])
    const picked = await call('/tablet/v1/press', key, { press: { kind: 'pick', game: 1, side: 0, pick: 'Ryu' } })
    expect(picked.body.onAir!.games![0]!.picks).toEqual(['Ryu', null])
    const desk = await value<StreamState>('broadcast:feed', { streamId })
    expect((desk as unknown as Feed).onAir!.opponents.map((o) => o.score ?? 0)).toEqual(scores(pressed.body))
    const status = await value<{ streams: StreamState[] }>('broadcast:status', {
      tournamentId: [...services.connections.sandbox.store.tournaments.values()].find(
        (t) => t.name === 'Lyon LAN Winter Cup',
      )!.id,
    })
    const journal = status.streams.find((s) => s.streamId === streamId)!.live!.journal
    expect(journal[0]).toMatchObject({ by: 'tablet', words: expect.stringContaining('Ryu') })
    // Bounded like every input: a pick of 41 characters is refused, naming why.
    const long = await call('/tablet/v1/press', key, {
      press: { kind: 'pick', game: 1, side: 0, pick: 'x'.repeat(41) },
    })
    expect(long.status).toBe(400)
    expect(long.body.error).toContain('at most 40 characters')
    expect((await call('/tablet/v1/undo', key, {})).status).toBe(200)
  })

  it('each kind does only its own: a caster sets casters, not scores; a scorekeeper not casters; a door neither', async () => {
    const caster = await paired('caster')
    const scorekeeper = await paired('scorekeeper')
    const door = await paired('door')
    expect((await call('/tablet/v1/press', caster, { press: { kind: 'swap' } })).status).toBe(401)
    expect((await call('/tablet/v1/casters', scorekeeper, { casters: [] })).status).toBe(401)
    expect((await call('/tablet/v1/session', door)).status).toBe(401)
    expect((await call('/tablet/v1/session', 'not-a-key')).status).toBe(401)
    const set = await call('/tablet/v1/casters', caster, {
      casters: [{ name: 'Ana Caster', handle: '', pronouns: '' }],
    })
    expect(set.status).toBe(200)
    expect(set.body.casters.map((c) => c.name)).toEqual(['Ana Caster'])
    const tooMany = await call('/tablet/v1/casters', caster, {
      casters: Array.from({ length: 5 }, (_, i) => ({ name: `C${i}`, handle: '', pronouns: '' })),
    })
    expect(tooMany.status).toBe(422)
    // A tablet is paired for one stream: pairing one without a stream is refused under that field.
    const refused = await services.dispatch('hub:pair', { name: 'No stream', kind: 'scorekeeper' })
    expect(refused.ok || refused.error.fields).toEqual({ streamId: expect.stringContaining('serves one stream') })
    // The other stream's scorekeeper sees its own stream, nothing of this one.
    const other = await paired('scorekeeper', otherStreamId)
    expect((await call('/tablet/v1/session', other)).body.stream.id).toBe(otherStreamId)
  })

  it('on a held stream a scorekeeper’s presses wait in Hold’s list until the producer applies them', async () => {
    const key = await paired('scorekeeper')
    await value('broadcast:hold', { streamId, held: true })
    const published = async () => (await (await fetch(`${hub()}/feed/v1/streams/${streamId}`)).json()) as Feed
    const before = (await published()).onAir!.opponents.map((o) => o.score)
    const pressed = await call('/tablet/v1/press', key, { press: { kind: 'score', side: 0, delta: 1 } })
    expect(pressed.body.held).toBe(true)
    // One press is one edit waiting, though it moved the score and the game it won.
    expect(pressed.body.waiting).toBe(1)
    // The tablet sees what it pressed; the air does not, until Apply.
    expect(scores(pressed.body)[0]).toBe((before[0] ?? 0) + 1)
    expect((await published()).onAir!.opponents.map((o) => o.score)).toEqual(before)
    // Applying the score line alone brings its game with it: no 1–0 with every game still undecided.
    const applied = await value<StreamState>('broadcast:apply', { streamId, matchId, field: 'opponents.0.score' })
    expect(applied.feed.onAir!.opponents[0]!.score).toBe((before[0] ?? 0) + 1)
    expect(applied.feed.onAir!.games!.filter((g) => g.winner === 0)).toHaveLength((before[0] ?? 0) + 1)
    expect(applied.staged).toEqual([])
    await value('broadcast:hold', { streamId, held: false })
  })

  it('on a held stream a caster tablet’s casters wait in Hold’s list too; the desk’s own go on air at once', async () => {
    const caster = await paired('caster')
    await value('broadcast:hold', { streamId, held: true })
    const published = async () => (await (await fetch(`${hub()}/feed/v1/streams/${streamId}`)).json()) as Feed
    const before = (await published()).casters
    const set = await call('/tablet/v1/casters', caster, {
      casters: [{ name: 'Held Caster', handle: '', pronouns: '' }],
    })
    expect(set.body.waiting).toBeGreaterThan(0)
    expect((await published()).casters).toEqual(before)
    const state = await value<StreamState>('broadcast:feed', { streamId })
    expect((state as unknown as Feed).casters).toEqual(before)
    const applied = await value<StreamState>('broadcast:apply', { streamId, matchId: streamId, field: 'casters' })
    expect(applied.feed.casters.map((c) => c.name)).toEqual(['Held Caster'])
    const desk = await value<StreamState>('broadcast:casters', {
      streamId,
      casters: [{ name: 'Desk Caster', handle: '', pronouns: '' }],
    })
    expect(desk.feed.casters.map((c) => c.name)).toEqual(['Desk Caster'])
    expect(desk.staged.filter((c) => c.field === 'casters')).toEqual([])
    await value('broadcast:hold', { streamId, held: false })
  })

  it('hears each change of its stream over its event stream, the desk’s presses too', async () => {
    const key = await paired('scorekeeper')
    const controller = new AbortController()
    const response = await fetch(`${hub()}/tablet/v1/events?key=${key}`, { signal: controller.signal })
    const events = readEvents(response)
    const nextView = () => events.next<TabletView>('view')
    const first = await nextView()
    await value('broadcast:live', { streamId, press: { kind: 'swap' } })
    const after = await nextView()
    expect(after.onAir!.swapped).toBe(!first.onAir!.swapped)
    controller.abort()
  })
})
