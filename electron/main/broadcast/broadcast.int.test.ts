// The producer's desk through IPC and the hub over real HTTP, on the Demo venue: take, next, order, hold and apply,
// the feed as JSON and SSE, what it never says, offline, restarts, and the hub's guard.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed, StreamDesk } from '../../../shared/broadcast/feed'
import { encodedVariants } from '../../../tests/support/encoded-paths'
import { rawRequest } from '../../../tests/support/raw-http'
import { readEvents } from '../../../tests/support/event-stream-reader'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-broadcast-'))
const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-overlays-'))
mkdirSync(join(pagesDir, 'assets'))
writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
writeFileSync(join(pagesDir, 'assets', 'overlay.js'), 'console.log(1)')
const credentials = new MemoryCredentialStore()

let services: MainServices
let tournamentId = ''
let streamId = ''
type Node = { id: string; status: string; opponents: { participant: { id: string; name: string } | null }[] }
let matches: Node[] = []

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
const hub = () => services.hub!.url

beforeAll(async () => {
  services = await start()
  const sandbox = services.connections.sandbox
  tournamentId = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Lyon LAN Winter Cup')!.id
  await value('tournaments:list', { filters: {} })
  await value('participants:list', { tournamentId, filters: {} })
  const streams = await value<{ items: { id: string; name: string }[] }>('streams:list', { tournamentId, filters: {} })
  streamId = streams.items.find((s) => s.name === 'B stream')!.id
  const nodes = await value<{ items: Node[] }>('bracket:nodes', {
    tournamentId,
    filters: {},
  })
  matches = nodes.items.filter((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant)).slice(0, 3)
  await value('match-streams:replace', { matchId: matches[0]!.id, streamIds: [streamId] })
  await value('match-streams:replace', { matchId: matches[1]!.id, streamIds: [streamId] })
})
afterAll(() => services.close())

describe('the producer desk', () => {
  it('queues the matches linked to a stream, and takes one on air', async () => {
    const status = await value<{ hub: string; streams: StreamDesk[] }>('broadcast:status', { tournamentId })
    expect(status.hub).toBe(hub())
    const desk = status.streams.find((s) => s.streamId === streamId)!
    expect(desk.next).toEqual(expect.arrayContaining([matches[0]!.id, matches[1]!.id]))
    const taken = await value<StreamDesk>('broadcast:take', { streamId, matchId: matches[1]!.id })
    expect(taken).toMatchObject({ onAir: matches[1]!.id, next: [matches[0]!.id], held: false })
    const feed = await value<Feed>('broadcast:feed', { streamId })
    expect(feed.onAir?.opponents.map((o) => o.name)).toEqual(matches[1]!.opponents.map((o) => o.participant!.name))
    expect(feed.onAir?.label).toMatch(/^(Winners|Losers) round \d · match \d$|^Grand final/)
  })

  it('a Take is one call and one event: the answer and broadcast:changed carry the desk and the feed', async () => {
    const events: unknown[] = []
    const stop = services.bus.subscribe((event, payload) => {
      if (event === 'broadcast:changed') events.push(payload)
    })
    const taken = await value<StreamDesk & { feed: Feed }>('broadcast:take', { streamId, matchId: matches[0]!.id })
    stop()
    expect(taken.onAir).toBe(matches[0]!.id)
    expect(taken.feed.onAir?.id).toBe(matches[0]!.id)
    expect(events).toEqual([taken])
    // Take back the one the first test took, for the tests after.
    await value('broadcast:take', { streamId, matchId: matches[1]!.id })
  })

  it('keeps undecided matches off air: Take next passes over them, taking one by hand needs the producer to confirm', async () => {
    const nodes = await value<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
    const undecided = nodes.items.find(
      (n) => n.status === 'pending' && n.opponents.length === 2 && n.opponents.every((o) => !o.participant),
    )!
    const deskNow = async () =>
      (await value<{ streams: StreamDesk[] }>('broadcast:status', { tournamentId })).streams.find(
        (d) => d.streamId === streamId,
      )!
    const decidedQueued = (await deskNow()).next
    await value('match-streams:replace', { matchId: undecided.id, streamIds: [streamId] })
    // The producer puts the undecided one first.
    await value('broadcast:order', { streamId, matchIds: [undecided.id, ...decidedQueued] })
    const before = await deskNow()
    expect(before.next[0]).toBe(undecided.id)
    const onAirBefore = before.onAir
    const next = await value<StreamDesk>('broadcast:next', { streamId })
    expect(next.onAir).not.toBe(undecided.id)
    expect(next.onAir).toBe(decidedQueued[0])
    await expect(value('broadcast:take', { streamId, matchId: undecided.id })).rejects.toMatchObject({
      error: { code: 'validation', message: expect.stringMatching(/is not decided yet.*confirm/) },
    })
    expect(
      (await value<StreamDesk>('broadcast:take', { streamId, matchId: undecided.id, undecided: true })).onAir,
    ).toBe(undecided.id)
    // Put the stream back as the tests after expect it.
    await value('match-streams:replace', { matchId: undecided.id, streamIds: [] })
    if (onAirBefore) await value('broadcast:take', { streamId, matchId: onAirBefore })
  })

  it('refuses unknown streams and matches, and a match that is not linked, naming why', async () => {
    await expect(value('broadcast:take', { streamId: '999', matchId: matches[0]!.id })).rejects.toMatchObject({
      error: { code: 'not_found' },
    })
    await expect(value('broadcast:take', { streamId, matchId: '999' })).rejects.toMatchObject({
      error: { code: 'not_found' },
    })
    await expect(value('broadcast:take', { streamId, matchId: matches[2]!.id })).rejects.toMatchObject({
      error: { code: 'validation', message: expect.stringMatching(/not linked to the stream “B stream”/) },
    })
    await expect(value('broadcast:order', { streamId, matchIds: [matches[2]!.id] })).rejects.toMatchObject({
      error: { code: 'validation', fields: { 'matchIds.0': expect.stringMatching(/not in the queue/) } },
    })
  })

  it('shows a match linked a moment ago in the status read at once, before the desk’s own rebuild', async () => {
    const streams = await value<{ items: { id: string; name: string }[] }>('streams:list', {
      tournamentId,
      filters: {},
    })
    const other = streams.items.find((s) => s.name === 'Escenario')!.id
    const nodes = await value<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
    const taken = new Set(matches.map((m) => m.id))
    const [first, second] = nodes.items.filter((n) => n.status !== 'completed' && !taken.has(n.id))
    const queueOf = async () => {
      const status = await value<{ streams: (StreamDesk & { feed: Feed })[] }>('broadcast:status', { tournamentId })
      const desk = status.streams.find((s) => s.streamId === other)!
      return { next: desk.next, shown: desk.feed.next.map((m) => m.id) }
    }
    await value('match-streams:replace', { matchId: first!.id, streamIds: [other] })
    expect(await queueOf()).toEqual({ next: [first!.id], shown: [first!.id] })
    // The second link and the read that follows it come within the desk's settle time: the answer is the new queue,
    // not the feed published for the first link (which a page would lay over the event that comes after it).
    await value('match-streams:replace', { matchId: second!.id, streamIds: [other] })
    const after = await queueOf()
    expect(after.shown).toEqual(after.next)
    expect(after.next).toEqual(expect.arrayContaining([first!.id, second!.id]))
    await value('match-streams:replace', { matchId: first!.id, streamIds: [] })
    await value('match-streams:replace', { matchId: second!.id, streamIds: [] })
  })

  it('keeps the producer order, and takes the first of it with Take next', async () => {
    await value('match-streams:replace', { matchId: matches[2]!.id, streamIds: [streamId] })
    const ordered = await value<StreamDesk>('broadcast:order', { streamId, matchIds: [matches[2]!.id, matches[0]!.id] })
    expect(ordered.next).toEqual([matches[2]!.id, matches[0]!.id])
    // The match taken off air unfinished goes back to the queue: it is still to be shown.
    const next = await value<StreamDesk>('broadcast:next', { streamId })
    expect(next.onAir).toBe(matches[2]!.id)
    expect(next.next[0]).toBe(matches[0]!.id)
    expect(next.next).toContain(matches[1]!.id)
  })

  it('tells the desk how many sources show each overlay now, as they connect and go', async () => {
    const sourcesNow = async () =>
      (
        await value<{ streams: (StreamDesk & { sources: Record<string, number> })[] }>('broadcast:status', {
          tournamentId,
        })
      ).streams.find((d) => d.streamId === streamId)!.sources
    const announced: Record<string, number>[] = []
    const stop = services.bus.subscribe((event, payload) => {
      const state = payload as { streamId?: string; sources?: Record<string, number> }
      if (event === 'broadcast:changed' && state.streamId === streamId) announced.push(state.sources!)
    })
    const controllers = [new AbortController(), new AbortController(), new AbortController()]
    const open = (source: string, controller: AbortController) =>
      fetch(`${hub()}/feed/v1/streams/${streamId}/events?source=${source}`, { signal: controller.signal })
    await open('scoreboard', controllers[0]!)
    await open('scoreboard', controllers[1]!)
    await open('up-next', controllers[2]!)
    expect(await sourcesNow()).toEqual({ scoreboard: 2, 'up-next': 1 })
    controllers[0]!.abort()
    await expect.poll(sourcesNow).toEqual({ scoreboard: 1, 'up-next': 1 })
    for (const controller of controllers.slice(1)) controller.abort()
    await expect.poll(sourcesNow).toEqual({})
    stop()
    // Each change of the count, in order (the desk also says other things meanwhile: a show sequence's steps).
    const said = (sources: Record<string, number>) => JSON.stringify(sources)
    const changes = announced.filter((sources, i) => i === 0 || said(sources) !== said(announced[i - 1]!))
    while (changes.length && said(changes[0]!) === '{}') changes.shift()
    expect(changes[0]).toEqual({ scoreboard: 1 })
    expect(changes.at(-1)).toEqual({})
  })

  it('publishes a Take to the SSE feed at once (pushed: nothing here reads again by itself)', async () => {
    const controller = new AbortController()
    const response = await fetch(`${hub()}/feed/v1/streams/${streamId}/events`, { signal: controller.signal })
    expect(response.headers.get('content-type')).toMatch(/text\/event-stream/)
    const events = readEvents(response)
    const nextFeed = () => events.next<Feed>('feed')
    expect((await nextFeed()).onAir?.id).toBe(matches[2]!.id)
    await value('broadcast:take', { streamId, matchId: matches[0]!.id })
    expect((await nextFeed()).onAir?.id).toBe(matches[0]!.id)
    controller.abort()
  })

  it('holds the on-air data while the service renames a participant, lists the change, and applies it', async () => {
    await value('broadcast:hold', { streamId, held: true })
    const participant = matches[0]!.opponents[0]!.participant!
    const sandbox = services.connections.sandbox
    sandbox.store.participants.get(participant.id)!.name = 'Renamed On Service'
    await services.connections.active.offline.reads.refresh('nodes', tournamentId)
    await expect
      .poll(
        async () =>
          (await value<{ streams: StreamDesk[] }>('broadcast:status', { tournamentId })).streams.find(
            (s) => s.streamId === streamId,
          )!.staged,
      )
      .toContainEqual({
        matchId: matches[0]!.id,
        field: expect.stringMatching(/^opponents\.\d\.name$/),
        from: participant.name,
        to: 'Renamed On Service',
      })
    const held = (await (await fetch(`${hub()}/feed/v1/streams/${streamId}`)).json()) as Feed
    expect(held.held).toBe(true)
    expect(held.onAir?.opponents.map((o) => o.name)).toContain(participant.name)
    await value('broadcast:apply', { streamId, matchId: matches[0]!.id })
    const applied = (await (await fetch(`${hub()}/feed/v1/streams/${streamId}`)).json()) as Feed
    expect(applied.onAir?.opponents.map((o) => o.name)).toContain('Renamed On Service')
  })

  it('never says an email, an identifier or a custom field', async () => {
    const text = await (await fetch(`${hub()}/feed/v1/streams/${streamId}`)).text()
    expect(text).not.toMatch(/@|MD-\d|custom_|api|token/i)
  })

  it('publishes the feed’s JSON Schema, and live feeds validate against it', async () => {
    const answer = await fetch(`${hub()}/feed/v1/schema`)
    expect(answer.headers.get('content-type')).toMatch(/^application\/schema\+json/)
    const schema = (await answer.json()) as Record<string, unknown>
    expect(schema).toMatchObject({ $id: 'https://matchdesk.app/schemas/feed/v1.json', type: 'object' })
    const validate = new Ajv2020({ allErrors: true, strict: false }).compile(schema)
    const feed = (await (await fetch(`${hub()}/feed/v1/streams/${streamId}`)).json()) as Feed
    expect(feed.onAir).not.toBeNull()
    expect(validate(feed) ? [] : validate.errors).toEqual([])
    // A feed that breaks the contract is caught: the schema is not a blank cheque.
    expect(validate({ ...feed, onAir: { ...feed.onAir, decided: 'yes' } })).toBe(false)
  })

  it('carries the tournament’s language and logo, read into the local copy and served by the hub', async () => {
    await value('broadcast:status', { tournamentId })
    const feedNow = async () => (await (await fetch(`${hub()}/feed/v1/streams/${streamId}`)).json()) as Feed
    await expect.poll(async () => (await feedNow()).tournament.logo, { timeout: 5000 }).not.toBeNull()
    const feed = await feedNow()
    expect(feed.tournament.locale).toBe('en_GB')
    expect(feed.tournament.logo).toMatch(new RegExp(`^/feed/v1/tournaments/${tournamentId}/logo\\?v=[0-9a-z]+$`))
    const logo = await fetch(`${hub()}${feed.tournament.logo}`)
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toBe('image/png')
    expect(logo.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = new Uint8Array(await logo.arrayBuffer())
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
    expect((await fetch(`${hub()}/feed/v1/tournaments/999999/logo`)).status).toBe(404)
  })

  it('sets a stream’s casters from the desk and from Companion, refusing what does not fit by field', async () => {
    const set = await value<{ feed: Feed }>('broadcast:casters', {
      streamId,
      casters: [{ name: 'Ana Ruiz', handle: '@anacasts', pronouns: 'she/her' }, { name: 'Kenji' }],
    })
    expect(set.feed.casters).toEqual([
      { name: 'Ana Ruiz', handle: '@anacasts', pronouns: 'she/her' },
      { name: 'Kenji', handle: '', pronouns: '' },
    ])
    const control = (method: string, body: unknown, token = services.registry.controlToken) =>
      fetch(`${hub()}/control/v1/streams/${streamId}/casters`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      })
    const put = await control('PUT', { casters: [{ name: 'نور الهدى', pronouns: 'هي' }] })
    expect(put.status).toBe(200)
    expect(((await put.json()) as { feed: Feed }).feed.casters).toEqual([
      { name: 'نور الهدى', handle: '', pronouns: 'هي' },
    ])
    const published = (await (await fetch(`${hub()}/feed/v1/streams/${streamId}`)).json()) as Feed
    expect(published.casters.map((c) => c.name)).toEqual(['نور الهدى'])
    const tooLong = await control('POST', { casters: [{ name: 'x'.repeat(41) }] })
    expect(tooLong.status).toBe(422)
    expect(((await tooLong.json()) as { fields: Record<string, string> }).fields).toEqual({
      'casters.0.name': 'name: at most 40 characters',
    })
    const five = await control('POST', { casters: Array.from({ length: 5 }, (_, i) => ({ name: `C${i}` })) })
    expect(((await five.json()) as { error: string }).error).toContain('at most 4 per stream')
    expect((await control('POST', { casters: [] }, 'wrong-token')).status).toBe(401)
    // Nothing refused was kept.
    expect((await value<Feed>('broadcast:feed', { streamId })).casters.map((c) => c.name)).toEqual(['نور الهدى'])
  })

  it('serves a layout from the layouts folder on its own origin, under a CSP that lets it reach the feed and nothing else', async () => {
    const layouts = () => services.hub!.layoutsUrl!
    expect(new URL(layouts()).port).not.toBe(new URL(hub()).port)
    const page = await fetch(`${layouts()}/layouts/starter/?stream=${streamId}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<script type="module" src="layout.js">')
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(`connect-src ${layouts()}/feed/v1/;`)
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toMatch(/connect-src[^;]*'self'/)
    expect((await fetch(`${layouts()}/layouts/starter/layout.js`)).headers.get('content-type')).toMatch(/javascript/)
    // A producer's own layout: a folder beside the starter, served as it is.
    mkdirSync(join(dataDir, 'layouts', 'mine'), { recursive: true })
    writeFileSync(join(dataDir, 'layouts', 'mine', 'index.html'), '<!doctype html><title>mine</title>')
    expect(await (await fetch(`${layouts()}/layouts/mine/`)).text()).toContain('<title>mine</title>')
    // Sent as written (a browser would resolve the dot segments first): nothing beside the layout's folder is reached.
    for (const path of [
      '/layouts/mine/../starter/layout.js',
      '/layouts/mine/%2e%2e/starter/layout.js',
      '/layouts/no-such/',
    ])
      expect((await rawRequest(layouts(), path)).status, path).toBe(404)
  })

  it('serves the feed offline from the local copy, estimating nothing', async () => {
    const sandbox = services.connections.sandbox
    await sandbox.faults.setOffline(true)
    await services.connections.active.offline.reads.refresh('nodes', tournamentId).catch(() => undefined)
    await expect.poll(() => services.connections.active.offline.connectivity.state).toBe('offline')
    await value('broadcast:hold', { streamId, held: false })
    const feed = (await (await fetch(`${hub()}/feed/v1/streams/${streamId}`)).json()) as Feed
    expect(feed.onAir?.id).toBe(matches[0]!.id)
    expect(feed.next.every((m) => m.estimatedStart === null)).toBe(true)
    // The logo and the casters are the local copy's: still there with the service gone.
    expect((await fetch(`${hub()}${feed.tournament.logo}`)).status).toBe(200)
    expect(feed.casters).toHaveLength(1)
    await sandbox.faults.setOffline(false)
  })

  it('keeps on air, order and hold across a restart', async () => {
    await value('broadcast:hold', { streamId, held: true })
    await services.close()
    services = await start()
    await value('streams:list', { tournamentId, filters: {} })
    const desk = (await value<{ streams: StreamDesk[] }>('broadcast:status', { tournamentId })).streams.find(
      (s) => s.streamId === streamId,
    )!
    expect(desk).toMatchObject({ onAir: matches[0]!.id, held: true })
  })
})

describe('the hub', () => {
  it('serves overlays and their assets, with a CSP that lets nothing leave', async () => {
    const page = await fetch(`${hub()}/overlays/scoreboard?stream=${streamId}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'.*connect-src 'self'/)
    expect((await fetch(`${hub()}/overlays/assets/overlay.js`)).status).toBe(200)
    expect((await fetch(`${hub()}/overlays/nothing`)).status).toBe(404)
  })

  it('lets a refreshed overlay keep its scripts (named by their content), never its page', async () => {
    const page = await fetch(`${hub()}/overlays/scoreboard?stream=${streamId}`)
    expect(page.headers.get('cache-control')).toBe('no-store')
    for (const asset of ['/overlays/assets/overlay.js', '/assets/overlay.js']) {
      const answer = await fetch(`${hub()}${asset}`)
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    }
  })

  it('answers only on its own Host, changes nothing, and sends no CORS headers', async () => {
    const path = `/feed/v1/streams/${streamId}`
    expect((await rawRequest(hub(), path, { host: 'evil.example' })).status).toBe(403)
    expect((await rawRequest(hub(), path, { host: `localhost:${services.hub!.port}` })).status).toBe(200)
    expect((await rawRequest(hub(), path, { method: 'POST', body: '{}' })).status).toBe(401)
    const answer = await fetch(`${hub()}${path}`, { headers: { origin: 'https://evil.example' } })
    expect(answer.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('refuses every encoded spelling of a route it does not have', async () => {
    const paths = [
      ...encodedVariants('/control/v1/streams'),
      ...encodedVariants('/ipc/app:info'),
      ...encodedVariants('/events'),
    ]
    const answers = await Promise.all(paths.map((path) => rawRequest(hub(), path, { method: 'POST' })))
    expect(answers.filter((a) => a.status < 400).map((a, i) => `${paths[i]} ${a.status}`)).toEqual([])
  })
})
