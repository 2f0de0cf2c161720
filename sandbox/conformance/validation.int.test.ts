// Bodies are validated with the shared schemas: limits, enums, formats, 128 streams, 32 links, fixed fields, 404s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../index'
import { openSession, type Session } from '../../tests/support/sandbox-session'
import { examples } from '../../tests/support/examples'

let sandbox: Sandbox
let s: Session
let tournamentId: string
let otherTournamentId: string

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11 })
  s = await openSession(sandbox)
  const tournaments = [...sandbox.store.tournaments.values()]
  tournamentId = tournaments.find((t) => t.participant_type === 'single')!.id
  otherTournamentId = tournaments.find((t) => t.id !== tournamentId)!.id
})
afterAll(() => sandbox.close())

async function refused(method: string, path: string, body: unknown, propertyPath: string, message: RegExp) {
  const before = sandbox.store.snapshot()
  const answer = await s.org(method, path, { body })
  expect(answer.status, JSON.stringify(answer.body)).toBe(400)
  const errors = (answer.body as { errors: { property_path: string; message: string; scope: string }[] }).errors
  expect(errors.map((e) => e.property_path)).toContain(propertyPath)
  expect(errors.find((e) => e.property_path === propertyPath)!.message).toMatch(message)
  expect(errors[0]!.scope).toBe('body')
  expect(sandbox.store.snapshot()).toBe(before)
}

describe('validation of bodies', () => {
  const player = () => ({ type: 'player', tournament_id: tournamentId, logo: null, name: 'Ok' })

  it('refuses over-long names, emails, identifiers and game ids, naming the field and the limit', async () => {
    await refused('POST', '/participants', { ...player(), name: 'x'.repeat(41) }, 'name', /at most 40 characters/)
    await refused('POST', '/participants', { ...player(), email: `${'x'.repeat(175)}@ex.org` }, 'email', /at most 180/)
    await refused(
      'POST',
      '/participants',
      { ...player(), custom_user_identifier: 'x'.repeat(101) },
      'custom_user_identifier',
      /at most 100/,
    )
    await refused('POST', '/participants', { ...player(), game_id: 'x'.repeat(256) }, 'game_id', /at most 255/)
    await refused(
      'POST',
      '/stages',
      { tournament_id: tournamentId, number: 1, name: 'x'.repeat(31), type: 'league', settings: {} },
      'name',
      /at most 30/,
    )
    await refused('POST', '/tournaments', { ...examples.tournamentCreate, name: 'x'.repeat(31) }, 'name', /at most 30/)
    await refused(
      'POST',
      '/tournaments',
      { ...examples.tournamentCreate, rules: 'x'.repeat(64001) },
      'rules',
      /at most 64000/,
    )
  })

  it('refuses bad enums, ISO codes, dates, datetimes, urls and emails', async () => {
    await refused('POST', '/participants', { ...player(), country: 'ZZ' }, 'country', /ISO 3166-1/)
    await refused('POST', '/participants', { ...player(), birth_date: '01/02/2003' }, 'birth_date', /YYYY-MM-DD/)
    await refused(
      'POST',
      '/streams',
      { tournament_id: tournamentId, name: 'S', url: 'https://x.tv/s', language: 'xx' },
      'language',
      /ISO 639-1/,
    )
    await refused(
      'POST',
      '/streams',
      { tournament_id: tournamentId, name: 'S', url: 'ftp://x.tv/s', language: 'en' },
      'url',
      /http\(s\)/,
    )
    await refused(
      'POST',
      '/tournaments',
      { ...examples.tournamentCreate, platforms: ['vcs'] },
      'platforms.0',
      /platforms must be one of/,
    )
    await refused(
      'POST',
      '/tournaments',
      { ...examples.tournamentCreate, website: 'example' },
      'website',
      /absolute URL/,
    )
    await refused('POST', '/tournaments', { ...examples.tournamentCreate, contact: 'nobody' }, 'contact', /email/)
    await refused(
      'POST',
      '/tournaments',
      { ...examples.tournamentCreate, registration_closing_datetime: '2026-11-30 10:00' },
      'registration_closing_datetime',
      /RFC 3339/,
    )
    await refused(
      'POST',
      '/stages',
      { tournament_id: tournamentId, number: 1, name: 'S', type: 'ladder', settings: {} },
      'type',
      /one of/,
    )
  })

  it('refuses unknown fields and fixed ones', async () => {
    await refused(
      'POST',
      '/streams',
      { tournament_id: tournamentId, name: 'S', url: 'https://x.tv/s', language: 'en', viewers: 3 },
      'viewers',
      /viewers/,
    )
    const stage = [...sandbox.store.stages.values()][0]!
    await refused('PATCH', `/stages/${stage.id}`, { type: 'league' }, 'type', /cannot be changed/)
    await refused(
      'PATCH',
      `/stages/${stage.id}`,
      { tournament_id: otherTournamentId },
      'tournament_id',
      /cannot be changed/,
    )
  })

  it('refuses a participant of the wrong type for the tournament', async () => {
    await refused('POST', '/participants', { ...player(), type: 'team' }, 'type', /type must be player/)
  })

  it('refuses malformed JSON with 400 and non-JSON bodies with 415', async () => {
    const url = `${sandbox.organizer}/streams`
    const headers = { 'x-api-key': sandbox.apiKey, authorization: `Bearer ${s.token}` }
    const broken = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"name":',
    })
    expect(broken.status).toBe(400)
    const text = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/plain' },
      body: 'hello',
    })
    expect(text.status).toBe(415)
  })

  it('answers unknown ids with 404 naming the id', async () => {
    for (const path of [
      '/participants/404404',
      '/stages/404404',
      '/streams/404404',
      '/tournaments/404404',
      '/matches/404404/streams',
      '/disciplines/nope',
    ]) {
      const answer = await s.org('GET', path)
      expect(answer.status, path).toBe(404)
      expect(answer.body, path).toMatchObject({ errors: [{ type: 'not_found' }] })
    }
    expect((await s.org('PATCH', '/streams/404404', { body: { name: 'x' } })).status).toBe(404)
    expect((await s.org('DELETE', '/participants/404404')).status).toBe(404)
    expect(
      (
        await s.org(
          'GET',
          `/tournaments/${otherTournamentId}/participants/${[...sandbox.store.participants.values()].find((p) => p.tournament_id === tournamentId)!.id}`,
        )
      ).status,
    ).toBe(404)
  })
})

describe('limits of streams', () => {
  it('a tournament holds at most 128 streams; the 129th is refused', async () => {
    const existing = sandbox.store.streamsOfTournament(tournamentId).length
    for (let i = existing; i < 128; i++) {
      const answer = await s.org('POST', '/streams', {
        body: { tournament_id: tournamentId, name: `Cam ${i}`, url: `https://twitch.tv/cam${i}`, language: 'en' },
      })
      expect(answer.status).toBe(201)
    }
    const before = sandbox.store.snapshot()
    const answer = await s.org('POST', '/streams', {
      body: { tournament_id: tournamentId, name: 'One too many', url: 'https://twitch.tv/x', language: 'en' },
    })
    expect(answer.status).toBe(400)
    expect(JSON.stringify(answer.body)).toMatch(/at most 128 streams/)
    expect(sandbox.store.snapshot()).toBe(before)
    expect(
      (
        await s.org('POST', `/tournaments/${tournamentId}/streams`, {
          body: { name: 'x', url: 'https://twitch.tv/x', language: 'en' },
        })
      ).status,
    ).toBe(400)
  })

  it('a match takes at most 32 streams, each once, all of its own tournament', async () => {
    const node = [...sandbox.store.nodes.values()].find((n) => n.tournament_id === tournamentId)!
    const streams = sandbox.store.streamsOfTournament(tournamentId).map((st) => st.id)
    expect((await s.org('PUT', `/matches/${node.id}/streams`, { body: streams.slice(0, 32) })).status).toBe(200)
    await refused('PUT', `/matches/${node.id}/streams`, streams.slice(0, 33), '', /at most 32 streams \(got 33\)/)
    await refused('PUT', `/matches/${node.id}/streams`, [streams[0], streams[0]], '', /only once/)
    const foreign = sandbox.store.streamsOfTournament(otherTournamentId)[0]!.id
    await refused(
      'PUT',
      `/matches/${node.id}/streams`,
      [streams[0], foreign],
      '1',
      /not a stream of this match's tournament/,
    )
  })
})
