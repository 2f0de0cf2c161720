// The auth and scope matrix: API key everywhere on organizer and participant routes, scopes per endpoint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../index'
import { rawRequest } from '../../tests/support/raw-http'
import { call, tokenFor } from '../../tests/support/sandbox-session'

let sandbox: Sandbox
let ids: { tournament: string; stream: string; node: string; stage: string; participant: string }

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5, tokenTtlSeconds: 60 })
  const store = sandbox.store
  const tournament = [...store.tournaments.values()][0]!
  ids = {
    tournament: tournament.id,
    stream: store.streamsOfTournament(tournament.id)[0]!.id,
    node: [...store.nodes.values()].find((n) => n.tournament_id === tournament.id)!.id,
    stage: [...store.stages.values()].find((s) => s.tournament_id === tournament.id)!.id,
    participant: [...store.participants.values()].find((p) => p.tournament_id === tournament.id)!.id,
  }
})
afterAll(() => sandbox.close())

/** [method, path, the scopes any of which opens it, range unit] for reads that change nothing. */
const matrix = (): [string, string, string[], string?][] => [
  ['GET', '/participants', ['organizer:participant'], 'participants'],
  ['GET', `/participants/${ids.participant}`, ['organizer:participant']],
  ['GET', `/tournaments/${ids.tournament}/participants`, ['organizer:participant'], 'participants'],
  ['GET', '/stages', ['organizer:result', 'organizer:admin'], 'stages'],
  ['GET', `/stages/${ids.stage}`, ['organizer:result', 'organizer:admin']],
  ['GET', `/tournaments/${ids.tournament}/stages`, ['organizer:result']],
  ['GET', '/bracket-nodes', ['organizer:result'], 'nodes'],
  ['GET', '/streams', ['organizer:view'], 'streams'],
  ['GET', `/streams/${ids.stream}`, ['organizer:view']],
  ['GET', `/matches/${ids.node}/streams`, ['organizer:result']],
  ['GET', `/tournaments/${ids.tournament}/streams`, ['organizer:admin'], 'streams'],
  ['GET', `/tournaments/${ids.tournament}/matches/${ids.node}/streams`, ['organizer:result']],
  ['GET', '/tournaments', ['organizer:view'], 'tournaments'],
  ['GET', `/tournaments/${ids.tournament}`, ['organizer:view']],
]
const ALL = ['organizer:view', 'organizer:result', 'organizer:admin', 'organizer:participant']

describe('auth and scopes', () => {
  it('every organizer route needs the API key (401 without it or with a wrong one)', async () => {
    const token = await tokenFor(sandbox)
    for (const [method, path, , unit] of matrix()) {
      const range = unit ? `${unit}=0-9` : undefined
      for (const apiKey of [null, 'wrong-key-123']) {
        const answer = await call(method, `${sandbox.organizer}${path}`, sandbox, token, { apiKey, range })
        expect(answer.status, `${method} ${path} with key ${apiKey}`).toBe(401)
        expect(answer.body).toMatchObject({ errors: [{ property_path: 'X-Api-Key' }] })
      }
    }
  })

  it('every scoped route answers 401 without a token, 403 for the wrong scope, 2xx for each of its scopes', async () => {
    const tokens = Object.fromEntries(
      await Promise.all(ALL.map(async (scope) => [scope, await tokenFor(sandbox, scope)] as const)),
    )
    for (const [method, path, scopes, unit] of matrix()) {
      const url = `${sandbox.organizer}${path}`
      const range = unit ? `${unit}=0-9` : undefined
      expect((await call(method, url, sandbox, undefined, { range })).status, `${path} without token`).toBe(401)
      expect(
        (await call(method, url, sandbox, 'made-up-token', { range })).status,
        `${path} with a made-up token`,
      ).toBe(401)
      for (const scope of ALL) {
        const status = (await call(method, url, sandbox, tokens[scope], { range })).status
        if (scopes.includes(scope)) expect(status, `${path} with ${scope}`).toBeLessThan(300)
        else expect(status, `${path} with ${scope}`).toBe(403)
      }
    }
  })

  it('a 403 names the missing scope', async () => {
    const answer = await call(
      'GET',
      `${sandbox.organizer}/bracket-nodes`,
      sandbox,
      await tokenFor(sandbox, 'organizer:view'),
      { range: 'nodes=0-9' },
    )
    expect(answer.status).toBe(403)
    expect(JSON.stringify(answer.body)).toContain('organizer:result')
  })

  it('writes need organizer:admin where the interface says so', async () => {
    const viewer = await tokenFor(sandbox, 'organizer:view organizer:result')
    const body = { tournament_id: ids.tournament, name: 'x', url: 'https://twitch.tv/x', language: 'en' }
    expect((await call('POST', `${sandbox.organizer}/streams`, sandbox, viewer, { body })).status).toBe(403)
    expect(
      (
        await call('POST', `${sandbox.organizer}/streams`, sandbox, await tokenFor(sandbox, 'organizer:admin'), {
          body,
        })
      ).status,
    ).toBe(201)
  })

  it('disciplines need only the key; v1 needs nothing', async () => {
    const disciplines = `${sandbox.participant}/disciplines`
    expect((await call('GET', disciplines, sandbox, undefined, { range: 'disciplines=0-9' })).status).toBe(206)
    expect(
      (await call('GET', disciplines, sandbox, undefined, { range: 'disciplines=0-9', apiKey: null })).status,
    ).toBe(401)
    expect(
      (await call('GET', `${sandbox.v1}/tournaments/${ids.tournament}/stages`, sandbox, undefined, { apiKey: null }))
        .status,
    ).toBe(200)
  })

  it('takes the access token with or without the Bearer prefix, as the OAuth server does', async () => {
    const token = await tokenFor(sandbox)
    const url = `${sandbox.organizer}/tournaments/${ids.tournament}`
    const bare = await call('GET', url, sandbox, undefined, { headers: { authorization: token } })
    expect(bare.status).toBe(200)
    const wrong = await call('GET', url, sandbox, undefined, { headers: { authorization: 'not-a-token' } })
    expect(wrong.status).toBe(401)
  })

  it('an expired token answers 401', async () => {
    const token = await tokenFor(sandbox)
    const url = `${sandbox.organizer}/tournaments/${ids.tournament}`
    expect((await call('GET', url, sandbox, token)).status).toBe(200)
    sandbox.oauth.expireAll()
    const answer = await call('GET', url, sandbox, token)
    expect(answer.status).toBe(401)
    expect(JSON.stringify(answer.body)).toMatch(/expired/)
  })

  it('answers only on its own address: a rebound Host gets 403, even for the public v1 listing', async () => {
    const path = `/v1/tournaments/${ids.tournament}/stages`
    expect((await rawRequest(sandbox.origin, path, { host: 'evil.example' })).status).toBe(403)
    expect((await rawRequest(sandbox.origin, path, { host: `localhost:${new URL(sandbox.origin).port}` })).status).toBe(
      200,
    )
  })
})
