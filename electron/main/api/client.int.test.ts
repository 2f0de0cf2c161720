// Every endpoint of the interface answers through the client, parsed by the shared schemas, against a real sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { connectTo } from '../../../tests/support/connect'
import type { OrganizerApi } from './organizer-api'

let sandbox: Sandbox
let api: OrganizerApi
let tournamentId: string
let matchId: string

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 12 })
  ;({ api } = await connectTo(sandbox))
  const tournament = [...sandbox.store.tournaments.values()].find((t) => t.participant_type === 'single' && t.public)!
  tournamentId = tournament.id
  matchId = [...sandbox.store.nodes.values()].find((n) => n.tournament_id === tournamentId)!.id
})
afterAll(() => sandbox.close())

describe('the client covers every endpoint', () => {
  it('tournaments: list with filters, get (multilingual, languages), create', async () => {
    const all = await api.tournaments.list().all()
    expect(all.map((t) => t.id)).toContain(tournamentId)
    expect(await api.tournaments.list({ disciplines: ['chess'], statuses: ['running'] }).all()).toSatisfy(
      (l: { discipline: string }[]) => l.every((t) => t.discipline === 'chess'),
    )
    const french = await api.tournaments.get(tournamentId, { languages: ['fr'] })
    expect(french.description).toMatch(/démonstration/)
    expect((await api.tournaments.get(tournamentId, { multilingual: true })).description).toMatchObject({
      fr: expect.any(String),
    })
    const created = await api.tournaments.create(
      {
        discipline: 'chess',
        name: 'Client Cup',
        participant_type: 'single',
        size: 8,
        timezone: 'Europe/Madrid',
        platforms: ['not_video_game'],
        description: 'Hola',
      },
      { contentLanguages: ['es'] },
    )
    expect(created).toMatchObject({ name: 'Client Cup', status: 'pending' })
  })

  it('disciplines from both bases', async () => {
    const list = await api.disciplines.list().all()
    expect(list.length).toBeGreaterThan(3)
    expect(await api.participantDisciplines.list().all()).toEqual(list)
    expect((await api.disciplines.get('chess')).team_size).toEqual({ min: 1, max: 1 })
    expect((await api.participantDisciplines.get('chess')).id).toBe('chess')
  })

  it('participants and the deprecated family', async () => {
    const list = await api.participants.list({ tournament_ids: [tournamentId], sort: 'alphabetic' }).all()
    expect(list.length).toBeGreaterThan(5)
    const created = await api.participants.create({
      type: 'player',
      tournament_id: tournamentId,
      logo: null,
      name: 'Client Walk-in',
    })
    expect((await api.participants.get(created.id)).name).toBe('Client Walk-in')
    expect((await api.participants.update(created.id, { checked_in: true })).checked_in).toBe(true)
    await api.participants.remove(created.id)
    const legacy = await api.participants.legacy(tournamentId).create({ name: 'Legacy Client' })
    expect((await api.participants.legacy(tournamentId).get(legacy.id)).name).toBe('Legacy Client')
    expect((await api.participants.legacy(tournamentId).update(legacy.id, { name: 'Legacy 2' })).name).toBe('Legacy 2')
    expect((await api.participants.legacy(tournamentId).list({ name: 'Legacy 2' }).all()).map((p) => p.id)).toEqual([
      legacy.id,
    ])
    await api.participants.legacy(tournamentId).remove(legacy.id)
  })

  it('stages, legacy stage reads and the public v1 listing', async () => {
    const stages = await api.stages.list([tournamentId]).all()
    expect(stages.length).toBeGreaterThan(0)
    const created = await api.stages.create({
      tournament_id: tournamentId,
      number: 8,
      name: 'Client stage',
      type: 'league',
      settings: {},
    })
    expect((await api.stages.get(created.id)).name).toBe('Client stage')
    expect((await api.stages.update(created.id, { name: 'Renamed stage' })).name).toBe('Renamed stage')
    expect((await api.stages.legacy.list(tournamentId)).map((s) => s.id)).toContain(created.id)
    expect((await api.stages.legacy.get(tournamentId, created.id)).name).toBe('Renamed stage')
    expect((await api.stages.v1(tournamentId)).map((s) => s.name)).toContain('Renamed stage')
    await api.stages.remove(created.id)
  })

  it('bracket nodes with filters', async () => {
    const stage = (await api.stages.list([tournamentId]).all())[0]!
    const nodes = await api.bracketNodes.list({ stage_ids: [stage.id], min_depth: 0 }).all()
    expect(nodes.length).toBeGreaterThan(0)
    expect(nodes.every((n) => n.stage_id === stage.id)).toBe(true)
  })

  it('streams, match links, and their legacy forms', async () => {
    const stream = await api.streams.create({
      tournament_id: tournamentId,
      name: 'Client cam',
      url: 'https://twitch.tv/client',
      language: 'en',
    })
    expect((await api.streams.get(stream.id)).name).toBe('Client cam')
    expect((await api.streams.update(stream.id, { language: 'fr' })).language).toBe('fr')
    expect(
      (await api.streams.list({ tournament_ids: [tournamentId], languages: ['fr'] }).all()).map((s) => s.id),
    ).toContain(stream.id)
    expect(await api.streams.ofMatch(matchId).replace([stream.id])).toEqual([stream.id])
    expect(await api.streams.ofMatch(matchId).get()).toEqual([stream.id])
    const legacy = api.streams.legacy(tournamentId)
    const old = await legacy.create({ name: 'Legacy cam', url: 'https://twitch.tv/old', language: 'de' })
    expect(old).not.toHaveProperty('tournament_id')
    expect((await legacy.get(old.id)).name).toBe('Legacy cam')
    expect((await legacy.update(old.id, { name: 'Legacy cam 2' })).name).toBe('Legacy cam 2')
    expect((await legacy.list({ languages: ['de'] }).all()).map((s) => s.id)).toContain(old.id)
    expect(await legacy.ofMatch(matchId).replace([stream.id, old.id])).toEqual([stream.id, old.id])
    expect(await legacy.ofMatch(matchId).get()).toEqual([stream.id, old.id])
    await legacy.remove(old.id)
    await api.streams.remove(stream.id)
    expect(await api.streams.ofMatch(matchId).get()).toEqual([])
  })
})

describe('errors become typed app errors', () => {
  it('validation carries each field and message; not found; forbidden names the scope', async () => {
    const refused = api.streams.create({
      tournament_id: tournamentId,
      name: 'x',
      url: 'https://twitch.tv/x',
      language: 'zz',
    })
    await expect(refused).rejects.toMatchObject({
      code: 'validation',
      status: 400,
      fields: { language: 'language must be an ISO 639-1 code' },
    })
    await expect(api.streams.get('404404')).rejects.toMatchObject({
      code: 'not_found',
      message: 'stream 404404 was not found',
    })
    const { api: viewer } = await connectTo(sandbox, { scopes: ['organizer:view'] })
    await expect(viewer.bracketNodes.list().all()).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/organizer:result/),
    })
  })
})
