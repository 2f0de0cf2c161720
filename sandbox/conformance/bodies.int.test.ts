// Request bodies as HTTP clients send them, and error bodies always in the service's shape with the service's own types.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVICE_ERROR_TYPES } from '../http/error-types'
import { startSandbox, type Sandbox } from '../index'
import { openSession, type Session } from '../../tests/support/sandbox-session'

let sandbox: Sandbox
let s: Session

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 12 })
  s = await openSession(sandbox)
})
afterAll(() => sandbox.close())

/** Sends a raw body with its own headers (the session helper would stringify it). */
async function send(method: string, path: string, body: string | undefined, contentType?: string) {
  const response = await fetch(`${sandbox.organizer}${path}`, {
    method,
    headers: {
      'x-api-key': sandbox.apiKey,
      authorization: `Bearer ${s.token}`,
      range: 'streams=0-49',
      ...(contentType && { 'content-type': contentType }),
    },
    ...(body !== undefined && { body }),
  })
  const text = await response.text()
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined }
}

describe('bodies', () => {
  it('takes DELETE and GET with Content-Type: application/json and no body, as many clients send them', async () => {
    const stream = [...sandbox.store.streams.values()][0]!
    expect(
      (await send('GET', `/streams?tournament_ids=${stream.tournament_id}`, undefined, 'application/json')).status,
    ).toBe(206)
    expect((await send('DELETE', `/streams/${stream.id}`, undefined, 'application/json')).status).toBe(204)
    expect(sandbox.store.streams.has(stream.id)).toBe(false)
  })

  it('answers every malformed request in the service error shape, with a service type, never a framework code', async () => {
    const tournamentId = [...sandbox.store.tournaments.keys()][0]!
    const answers = await Promise.all([
      send('POST', '/streams', '{"name": ', 'application/json'),
      send('POST', '/streams', 'name=x', 'application/x-www-form-urlencoded'),
      send('POST', '/streams', 'name', 'text/plain'),
      send('POST', '/streams', 'x'.repeat(3 * 1024 * 1024), 'application/json'),
      send('POST', '/streams', '{"tournament_id": 5}', 'application/json'),
      send(
        'POST',
        '/streams',
        JSON.stringify({ tournament_id: tournamentId, name: '', url: 'ftp://x', language: 'xx' }),
        'application/json',
      ),
      send('POST', '/streams', '{"__proto__": {"polluted": true}}', 'application/json'),
      send('PATCH', '/streams/1', '[]', 'application/json'),
      send('GET', '/nowhere', undefined),
    ])
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400)
      const errors = (answer.body as { errors: { message: string; type: string }[] }).errors
      expect(errors.length).toBeGreaterThan(0)
      for (const error of errors) {
        expect(error.message).toEqual(expect.any(String))
        expect(SERVICE_ERROR_TYPES, JSON.stringify(error)).toContain(error.type)
        expect(JSON.stringify(error)).not.toMatch(/FST_/)
      }
    }
    expect(answers.map((a) => a.status)).toEqual([400, 400, 415, 413, 400, 400, 400, 404, 404])
  })
})
