// Walks every endpoint of the interface: the success status, and a body the shared schemas parse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as api from '../../shared/api'
import { startSandbox, type Sandbox } from '../index'
import { openSession, type Session } from '../../tests/support/sandbox-session'

let sandbox: Sandbox
let s: Session
let tournament: { id: string; participant_type: string }
let teamTournament: { id: string }
let node: { id: string }

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7 })
  s = await openSession(sandbox)
  const list = (await s.org('GET', '/tournaments', { range: 'tournaments=0-49' })).body as {
    id: string
    name: string
  }[]
  tournament = [...sandbox.store.tournaments.values()].find((t) => t.participant_type === 'single')!
  teamTournament = [...sandbox.store.tournaments.values()].find((t) => t.participant_type === 'team')!
  node = [...sandbox.store.nodes.values()].find((n) => n.tournament_id === tournament.id)!
  expect(list.length).toBe(sandbox.store.tournaments.size)
})
afterAll(() => sandbox.close())

function expectParsed(schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body)
  expect(result.error?.issues).toBeUndefined()
}

describe('every endpoint answers its success status with a body of its documented form', () => {
  it('participants: list, create, get, update, delete', async () => {
    const list = await s.org('GET', `/participants?tournament_ids=${tournament.id}`, { range: 'participants=0-49' })
    expect(list.status).toBe(206)
    expectParsed(z.array(api.Participant), list.body)
    const created = await s.org('POST', '/participants', {
      body: {
        type: 'player',
        tournament_id: tournament.id,
        logo: null,
        name: 'Walk-in Player',
        email: 'walkin@example.org',
        country: 'FR',
      },
    })
    expect(created.status).toBe(201)
    expectParsed(api.ParticipantDetailed, created.body)
    const id = (created.body as { id: string }).id
    const got = await s.org('GET', `/participants/${id}`)
    expect(got.status).toBe(200)
    expectParsed(api.ParticipantDetailed, got.body)
    const patched = await s.org('PATCH', `/participants/${id}`, { body: { checked_in: true } })
    expect(patched.status).toBe(200)
    expect(patched.body).toMatchObject({ checked_in: true })
    expect((patched.body as { checked_in_at: string }).checked_in_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect((await s.org('DELETE', `/participants/${id}`)).status).toBe(204)
    expect((await s.org('GET', `/participants/${id}`)).status).toBe(404)
  })

  it('teams are created and read with their lineup', async () => {
    const created = await s.org('POST', '/participants', {
      body: {
        type: 'team',
        tournament_id: teamTournament.id,
        logo: null,
        name: 'Late Team',
        lineup: [{ name: 'Ana', email: 'ana@example.org' }],
      },
    })
    expect(created.status).toBe(201)
    expectParsed(api.TeamParticipantDetailedFull, created.body)
    expect(created.body).toMatchObject({
      type: 'team',
      lineup: [{ name: 'Ana', email: 'ana@example.org', user_id: null }],
    })
  })

  it('deprecated tournament-scoped participants: list, create, get, update, delete', async () => {
    const base = `/tournaments/${tournament.id}/participants`
    const list = await s.org('GET', base, { range: 'participants=0-9' })
    expect(list.status).toBe(206)
    expectParsed(z.array(api.LegacyParticipant), list.body)
    expect((list.body as object[])[0]).not.toHaveProperty('tournament_id')
    const created = await s.org('POST', base, { body: { name: 'Legacy Walk-in' } })
    expect(created.status).toBe(201)
    expectParsed(api.PlayerParticipantDetailed, created.body)
    const id = (created.body as { id: string }).id
    expect((await s.org('GET', `${base}/${id}`)).status).toBe(200)
    expect((await s.org('PATCH', `${base}/${id}`, { body: { name: 'Legacy Renamed' } })).body).toMatchObject({
      name: 'Legacy Renamed',
    })
    expect((await s.org('DELETE', `${base}/${id}`)).status).toBe(204)
  })

  it('stages: list, create, get, update, delete, legacy reads', async () => {
    const list = await s.org('GET', `/stages?tournament_ids=${tournament.id}`, { range: 'stages=0-49' })
    expect(list.status).toBe(200)
    expectParsed(z.array(api.Stage), list.body)
    const created = await s.org('POST', '/stages', {
      body: { tournament_id: tournament.id, number: 9, name: 'Bonus', type: 'swiss', settings: { size: 8 } },
    })
    expect(created.status).toBe(201)
    expectParsed(api.Stage, created.body)
    const id = (created.body as { id: string }).id
    expect((await s.org('GET', `/stages/${id}`)).status).toBe(200)
    const patched = await s.org('PATCH', `/stages/${id}`, {
      body: { name: 'Bonus round', auto_placement_enabled: true },
    })
    expect(patched.body).toMatchObject({ name: 'Bonus round', type: 'swiss', auto_placement_enabled: true })
    const legacyList = await s.org('GET', `/tournaments/${tournament.id}/stages`)
    expect(legacyList.status).toBe(200)
    expectParsed(z.array(api.LegacyStage), legacyList.body)
    expect((await s.org('GET', `/tournaments/${tournament.id}/stages/${id}`)).status).toBe(200)
    expect((await s.org('DELETE', `/stages/${id}`)).status).toBe(204)
  })

  it('v1: the public stage listing, and the retired detail and view routes', async () => {
    const list = await s.at('GET', `${sandbox.v1}/tournaments/${tournament.id}/stages`, { apiKey: null, token: null })
    expect(list.status).toBe(200)
    expectParsed(z.array(api.V1Stage), list.body)
    for (const path of ['stages/1', 'stages/1/view']) {
      const retired = await s.at('GET', `${sandbox.v1}/tournaments/${tournament.id}/${path}`, {
        apiKey: null,
        token: null,
      })
      expect(retired.status).toBe(410)
      expectParsed(api.ApiErrorBody, retired.body)
      expect(JSON.stringify(retired.body)).toMatch(/no longer works/)
    }
  })

  it('v1: an unpublished tournament is not listed (404), though the organizer routes read it', async () => {
    const hidden = [...sandbox.store.tournaments.values()].find((t) => !t.public)!
    const listed = await s.at('GET', `${sandbox.v1}/tournaments/${hidden.id}/stages`, { apiKey: null, token: null })
    expect(listed.status).toBe(404)
    expect(JSON.stringify(listed.body)).toMatch(/published/)
    expect((await s.org('GET', `/tournaments/${hidden.id}`)).body).toMatchObject({ public: false })
  })

  it('bracket nodes', async () => {
    const list = await s.org('GET', `/bracket-nodes?tournament_ids=${tournament.id}`, { range: 'nodes=0-127' })
    expect(list.status).toBe(206)
    expectParsed(z.array(api.BracketNode), list.body)
  })

  it('streams: list, create, get, update, delete, match links', async () => {
    const list = await s.org('GET', '/streams', { range: 'streams=0-49' })
    expect(list.status).toBe(206)
    expectParsed(z.array(api.Stream), list.body)
    const created = await s.org('POST', '/streams', {
      body: { tournament_id: tournament.id, name: 'Cam 2', url: 'https://twitch.tv/cam2', language: 'fr' },
    })
    expect(created.status).toBe(201)
    expectParsed(api.Stream, created.body)
    const id = (created.body as { id: string }).id
    expect((await s.org('GET', `/streams/${id}`)).status).toBe(200)
    expect((await s.org('PATCH', `/streams/${id}`, { body: { language: 'de' } })).body).toMatchObject({
      language: 'de',
      name: 'Cam 2',
    })
    const put = await s.org('PUT', `/matches/${node.id}/streams`, { body: [id] })
    expect(put).toMatchObject({ status: 200, body: [id] })
    expect((await s.org('GET', `/matches/${node.id}/streams`)).body).toEqual([id])
    expect((await s.org('DELETE', `/streams/${id}`)).status).toBe(204)
    expect((await s.org('GET', `/matches/${node.id}/streams`)).body).toEqual([])
  })

  it('legacy streams: list, create, get, update, delete, match links, without tournament_id', async () => {
    const base = `/tournaments/${tournament.id}/streams`
    const list = await s.org('GET', base, { range: 'streams=0-49' })
    expect(list.status).toBe(206)
    expectParsed(z.array(api.LegacyStream), list.body)
    const created = await s.org('POST', base, {
      body: { name: 'Legacy cam', url: 'https://twitch.tv/legacy', language: 'en' },
    })
    expect(created.status).toBe(201)
    expect(created.body).not.toHaveProperty('tournament_id')
    const id = (created.body as { id: string }).id
    expect((await s.org('GET', `${base}/${id}`)).status).toBe(200)
    expect((await s.org('PATCH', `${base}/${id}`, { body: { name: 'Legacy cam 2' } })).body).toMatchObject({
      name: 'Legacy cam 2',
    })
    const links = `/tournaments/${tournament.id}/matches/${node.id}/streams`
    expect((await s.org('PUT', links, { body: [id] })).body).toEqual([id])
    expect((await s.org('GET', links)).body).toEqual([id])
    expect((await s.org('DELETE', `${base}/${id}`)).status).toBe(204)
  })

  it('disciplines under the organizer and participant bases', async () => {
    for (const base of [sandbox.organizer, sandbox.participant]) {
      const list = await s.at('GET', `${base}/disciplines`, { range: 'disciplines=0-49', token: null })
      expect(list.status).toBe(206)
      expectParsed(z.array(api.DisciplineSummary), list.body)
      const first = (list.body as { id: string }[])[0]!
      const detail = await s.at('GET', `${base}/disciplines/${first.id}`, { token: null })
      expect(detail.status).toBe(200)
      expectParsed(api.DisciplineDetail, detail.body)
    }
  })

  it('tournaments: list, create, get', async () => {
    const list = await s.org('GET', '/tournaments', { range: 'tournaments=0-49' })
    expect(list.status).toBe(206)
    expectParsed(z.array(api.TournamentListItem), list.body)
    const created = await s.org('POST', '/tournaments', {
      body: {
        discipline: 'chess',
        name: 'Blitz Night',
        participant_type: 'single',
        size: 32,
        timezone: 'Europe/Madrid',
        platforms: ['not_video_game'],
        description: 'Fast games',
      },
      headers: { 'content-language': 'es' },
    })
    expect(created.status).toBe(201)
    expectParsed(api.Tournament, created.body)
    const id = (created.body as { id: string }).id
    const got = await s.org('GET', `/tournaments/${id}?multilingual=1`)
    expect(got.status).toBe(200)
    expect(got.body).toMatchObject({ description: { es: 'Fast games' }, status: 'pending' })
  })
})
