// The shared guard over real HTTP: Host first, then the matched route's declared access, and nothing by default.
import Fastify, { type FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../../../tests/support/raw-http'
import { bearer, guardRoutes } from './route-guard'

let server: FastifyInstance
let base = ''

beforeAll(async () => {
  server = Fastify()
  let host = ''
  guardRoutes(server, {
    hosts: () => new Set([host, host.replace('127.0.0.1', 'localhost')]),
    rules: { token: bearer(() => ['s3cret-token']) },
  })
  server.get('/open', { config: { allow: 'public' } }, () => ({ open: true }))
  server.get('/closed', { config: { allow: 'token' } }, () => ({ closed: true }))
  server.get('/forgotten', () => ({ forgotten: true }))
  server.get('/misspelt', { config: { allow: 'tokn' } }, () => ({ misspelt: true }))
  await server.listen({ host: '127.0.0.1', port: 0 })
  host = `127.0.0.1:${(server.server.address() as AddressInfo).port}`
  base = `http://${host}`
})
afterAll(() => server.close())

describe('route guard', () => {
  it('lets a public route answer and a token route answer with its token', async () => {
    expect((await rawRequest(base, '/open')).status).toBe(200)
    expect((await rawRequest(base, '/closed', { headers: { authorization: 'Bearer s3cret-token' } })).status).toBe(200)
  })

  it('refuses a token route without the token, with a wrong one, or with the token in the query', async () => {
    expect((await rawRequest(base, '/closed')).status).toBe(401)
    expect((await rawRequest(base, '/closed', { headers: { authorization: 'Bearer s3cret-tokeN' } })).status).toBe(401)
    expect((await rawRequest(base, '/closed?token=s3cret-token')).status).toBe(401)
  })

  it('refuses a route that declares no access, or an access rule the server does not have', async () => {
    const withToken = { headers: { authorization: 'Bearer s3cret-token' } }
    expect((await rawRequest(base, '/forgotten', withToken)).status).toBe(401)
    expect((await rawRequest(base, '/misspelt', withToken)).status).toBe(401)
  })

  it('refuses an unknown path without saying what exists', async () => {
    expect((await rawRequest(base, '/nothing-here')).status).toBe(401)
  })

  it('answers only to its own Host names (no DNS rebinding), localhost included when declared', async () => {
    expect((await rawRequest(base, '/open', { host: 'evil.example' })).status).toBe(403)
    expect((await rawRequest(base, '/open', { host: 'evil.example:' + new URL(base).port })).status).toBe(403)
    expect((await rawRequest(base, '/open', { host: `localhost:${new URL(base).port}` })).status).toBe(200)
  })
})
