// A client that reads a resource and sends it back as an update, without the fields the interface marks response
// only, is accepted: for every form the sandbox answers (organizer and legacy routes, players, teams, lineups).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESPONSE_ONLY } from '../../shared/api/interface-forms'
import { openSession, type Session } from '../../tests/support/sandbox-session'
import { startSandbox, type Sandbox } from '../index'

let sandbox: Sandbox
let s: Session
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 5 })
  s = await openSession(sandbox)
})
afterAll(() => sandbox.close())

const without = (body: object, fields: readonly string[]) =>
  Object.fromEntries(Object.entries(body).filter(([key]) => !fields.includes(key)))

/** A participant as read, made an update body: response-only fields out, lineup members' too. */
function participantUpdate(read: { type?: string; lineup?: object[] }, type: 'player' | 'team'): object {
  // The team update form takes the base fields, properties and lineup: no logo.
  const body = without(read, [...RESPONSE_ONLY.participant, ...(type === 'team' ? ['logo'] : [])])
  if (read.lineup) body['lineup'] = read.lineup.map((member) => without(member, RESPONSE_ONLY.teamPlayer))
  return body
}

const tournamentOf = (type: 'single' | 'team') =>
  [...sandbox.store.tournaments.values()].find((t) => t.participant_type === type && t.status !== 'pending')!

describe('every form sent back as an update is accepted', () => {
  it('participants, players and teams, organizer and deprecated routes, lineup members without an email', async () => {
    const refused: unknown[] = []
    let roundTrips = 0
    const sendBack = async (path: string, body: object) => {
      const answer = await s.org('PATCH', path, { body })
      roundTrips++
      if (answer.status !== 200) refused.push({ path, status: answer.status, body: answer.body })
    }
    for (const kind of ['single', 'team'] as const) {
      const tournament = tournamentOf(kind)
      const type = kind === 'team' ? 'team' : 'player'
      if (kind === 'team') {
        // A lineup member given with nothing but a name: the service has no email for them.
        const created = await s.org('POST', '/participants', {
          body: { type, tournament_id: tournament.id, logo: null, name: 'Quiet Team', lineup: [{ name: 'No Mail' }] },
        })
        expect(created.status).toBe(201)
      }
      const listed = (
        await s.org('GET', `/participants?tournament_ids=${tournament.id}&sort=created_desc`, {
          range: 'participants=0-4',
        })
      ).body as { id: string; lineup?: object[] }[]
      for (const item of listed) {
        await sendBack(`/participants/${item.id}`, participantUpdate(item, type))
        const detailed = (await s.org('GET', `/participants/${item.id}`)).body as { lineup?: object[] }
        await sendBack(`/participants/${item.id}`, participantUpdate(detailed, type))
        const legacyPath = `/tournaments/${tournament.id}/participants/${item.id}`
        const legacy = (await s.org('GET', legacyPath)).body as { lineup?: object[] }
        await sendBack(legacyPath, participantUpdate(legacy, type))
      }
    }
    expect(refused).toEqual([])
    expect(roundTrips).toBe(30)
  })

  it('stages and streams, organizer and legacy routes', async () => {
    const tournament = tournamentOf('single')
    const refused: unknown[] = []
    const stages = (await s.org('GET', `/stages?tournament_ids=${tournament.id}`, { range: 'stages=0-49' })).body as {
      id: string
    }[]
    for (const stage of stages) {
      const answer = await s.org('PATCH', `/stages/${stage.id}`, { body: without(stage, RESPONSE_ONLY.stage) })
      if (answer.status !== 200) refused.push({ stage: stage.id, status: answer.status, body: answer.body })
    }
    const streams = (await s.org('GET', `/streams?tournament_ids=${tournament.id}`, { range: 'streams=0-49' }))
      .body as { id: string }[]
    for (const stream of streams) {
      const answer = await s.org('PATCH', `/streams/${stream.id}`, { body: without(stream, RESPONSE_ONLY.stream) })
      if (answer.status !== 200) refused.push({ stream: stream.id, status: answer.status, body: answer.body })
      const legacyPath = `/tournaments/${tournament.id}/streams/${stream.id}`
      const legacy = (await s.org('GET', legacyPath)).body as object
      const again = await s.org('PATCH', legacyPath, { body: without(legacy, RESPONSE_ONLY.stream) })
      if (again.status !== 200) refused.push({ legacyStream: stream.id, status: again.status, body: again.body })
    }
    expect(stages.length).toBeGreaterThan(0)
    expect(streams.length).toBeGreaterThan(0)
    expect(refused).toEqual([])
  })
})
