// An overlay (an OBS browser source set up last week) asks for a stream of a tournament the desk has not opened since
// it started: the hub reads that tournament from the service, as opening it would, and the overlay draws its data;
// a stream the service does not know stays a 404 in words.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Feed } from '../../../shared/broadcast/feed'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-unopened-pages-'))
writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
let services: MainServices

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-unopened-')),
    credentials: new MemoryCredentialStore(),
    demo: { seed: 1 },
    hub: { port: 0, pagesDir },
    broadcastRefreshMs: 0,
  })
})
afterAll(() => services.close())

describe('a feed of a tournament the desk has not opened', () => {
  it('is read from the service and answered with its names and matches', async () => {
    const { store } = services.connections.sandbox
    const tournament = [...store.tournaments.values()].find((t) => t.name === 'Lyon LAN Winter Cup')!
    const stream = [...store.streams.values()].find((s) => s.tournament_id === tournament.id)!
    // A match linked to the stream on the service, and nothing of the tournament in the desk's local copy.
    const node = [...store.nodes.values()].find(
      (n) => n.tournament_id === tournament.id && n.status !== 'completed' && n.opponents.every((o) => o.participant),
    )!
    store.matchStreams.set(node.id, [stream.id])
    expect(services.connections.active.offline.cache.get('streams', stream.id)).toBeUndefined()
    const answer = await fetch(`${services.hub!.url}/feed/v1/streams/${stream.id}`)
    expect(answer.status).toBe(200)
    const feed = (await answer.json()) as Feed
    expect(feed.stream.name).toBe(stream.name)
    expect(feed.tournament.name).toBe('Lyon LAN Winter Cup')
    expect(feed.next.map((m) => m.id)).toContain(node.id)
    expect(feed.next.find((m) => m.id === node.id)!.opponents.map((o) => o.name)).toEqual(
      node.opponents.map((o) => o.participant!.name),
    )
  })

  it('stays a 404 in words for a stream the service does not know, and does not ask again at once', async () => {
    const ask = () => fetch(`${services.hub!.url}/feed/v1/streams/999999999`)
    const answer = await ask()
    expect(answer.status).toBe(404)
    expect(((await answer.json()) as { error: string }).error).toMatch(/stream/i)
    // Made on the service right after: the desk does not ask about that stream again for a while (an overlay's
    // retries never turn into a request to the service each).
    const { store } = services.connections.sandbox
    const [other] = [...store.streams.values()]
    store.streams.set('999999999', { ...other!, id: '999999999' })
    expect((await ask()).status).toBe(404)
  })
})
