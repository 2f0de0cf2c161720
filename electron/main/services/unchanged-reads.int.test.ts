// Reads that bring back what the local copy already holds, on the Demo venue over real HTTP and a real SQLite file:
// no desk is told of a change (each change rebuilds every feed a producer follows) and the parsed list is kept; a
// real change on the service is still told at once.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMainServices, type MainServices } from '../composition'
import type { SessionChange } from './offline-session'
import { MemoryCredentialStore } from '../secrets/memory-store'

let services: MainServices
let tournamentId = ''
const heard: SessionChange[] = []

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-unchanged-')),
    credentials: new MemoryCredentialStore(),
    demo: { seed: 3 },
  })
  const { store } = services.connections.sandbox
  tournamentId = [...store.streams.values()][0]!.tournament_id
  const session = services.connections.active.offline
  await session.reads.refresh('streams', tournamentId)
  await session.reads.refresh('nodes', tournamentId)
  session.changes.on((change) => heard.push(change))
}, 60_000)
afterAll(() => services.close())

const session = () => services.connections.active.offline

describe('a read that brings nothing new', () => {
  it('tells no desk and keeps the parsed list; a change on the service is told', async () => {
    const kept = session().cache.kept('streams', tournamentId)
    heard.length = 0
    await session().reads.refresh('streams', tournamentId)
    expect(heard).toEqual([])
    expect(session().cache.kept('streams', tournamentId)).toBe(kept)

    const stream = [...services.connections.sandbox.store.streams.values()].find(
      (s) => s.tournament_id === tournamentId,
    )!
    stream.name = 'Renamed on the service'
    await session().reads.refresh('streams', tournamentId)
    expect(heard.map((c) => c.resource)).toEqual(['streams'])
    expect(
      session()
        .cache.list('streams', tournamentId)
        .map((s) => s.name),
    ).toContain('Renamed on the service')
  })

  it("tells no desk when a match's links are read again unchanged; a new link is told", async () => {
    const { store } = services.connections.sandbox
    const [matchId] = [...store.matchStreams.keys()].filter((id) => store.nodes.get(id)?.tournament_id === tournamentId)
    const { cache } = session()
    const links = cache.linksOfTournament(tournamentId)
    cache.markRefreshed('match-streams', matchId!, 0)
    await session().reads.matchStreams(matchId!)
    heard.length = 0
    cache.markRefreshed('match-streams', matchId!, 0)
    await session().reads.matchStreams(matchId!)
    expect(heard).toEqual([])

    const stream = [...store.streams.values()].find(
      (s) => s.tournament_id === tournamentId && !store.matchStreams.get(matchId!)!.includes(s.id),
    )!
    store.matchStreams.set(matchId!, [...store.matchStreams.get(matchId!)!, stream.id])
    cache.markRefreshed('match-streams', matchId!, 0)
    await session().reads.matchStreams(matchId!)
    expect(heard.map((c) => c.resource)).toEqual(['match-streams'])
    expect(cache.linksOfTournament(tournamentId)).not.toBe(links)
    expect(cache.linksOfTournament(tournamentId).get(matchId!)).toContain(stream.id)
  })
})
