// Secrets go only to the addresses they were entered for: a profile pointed elsewhere must be given them again.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

let remote: Sandbox
let services: MainServices
let elsewhere: Server
let elsewhereUrl = ''
/** Everything the other origin received: headers and bodies. */
const received: string[] = []
const credentials = new MemoryCredentialStore()

const call = (channel: string, input: unknown = {}) => services.dispatch(channel, input)
const bases = (origin: string) => ({
  organizer: `${origin}/organizer/v2`,
  participant: `${origin}/participant/v2`,
  v1: `${origin}/v1`,
  auth: origin,
  account: origin,
})

beforeAll(async () => {
  remote = await startSandbox({ seed: 31 })
  elsewhere = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk.toString()))
    request.on('end', () => {
      received.push(JSON.stringify(request.headers) + body)
      response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_client"}')
    })
  })
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve))
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`
  services = await createMainServices({
    version: '1',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-binding-')),
    credentials,
    demo: { seed: 1 },
  })
})
afterAll(async () => {
  await services.close()
  await remote.close()
  elsewhere.close()
})

async function saveRemote(): Promise<string> {
  const saved = await call('profiles:save', {
    name: 'Remote',
    clientId: remote.clientId,
    apiKey: remote.apiKey,
    clientSecret: remote.clientSecret,
    method: 'client-credentials',
    scopes: ['organizer:view'],
    baseUrls: bases(remote.origin),
  })
  if (!saved.ok) throw new Error(saved.error.message)
  return (saved.value as { id: string }).id
}

/** Saves the profile with the other origin's base URLs, with the secrets given (or none). */
const pointElsewhere = (id: string, secrets: { apiKey?: string; clientSecret?: string } = {}) =>
  call('profiles:save', {
    id,
    name: 'Remote',
    clientId: remote.clientId,
    ...secrets,
    method: 'client-credentials',
    scopes: ['organizer:view'],
    baseUrls: bases(elsewhereUrl),
  })

describe('secrets bound to their origins', () => {
  it('refuses new base URLs without the secrets again, and nothing reaches the other origin', async () => {
    const id = await saveRemote()
    await credentials.set(id, 'refresh-token', 'a-refresh-token-for-remote')
    const moved = await pointElsewhere(id)
    expect(moved).toMatchObject({
      ok: false,
      error: {
        code: 'validation',
        fields: { apiKey: expect.stringMatching(/again/), clientSecret: expect.stringMatching(/again/) },
      },
    })
    await call('profiles:activate', { id })
    await call('auth:sign-in')
    await call('tournaments:list', { filters: {} })
    expect(received.join('\n')).not.toContain(remote.apiKey)
    expect(received.join('\n')).not.toContain(remote.clientSecret)
    // The refused save changed nothing: the profile still signs in where its secrets were entered.
    expect(await call('auth:sign-in')).toMatchObject({ ok: true, value: { signedIn: true } })
  })

  it('takes new base URLs with the secrets given in the same save, and forgets the sign-in of the old address', async () => {
    const id = await saveRemote()
    await credentials.set(id, 'refresh-token', 'a-refresh-token-for-remote')
    const moved = await pointElsewhere(id, {
      apiKey: 'an-api-key-for-elsewhere',
      clientSecret: 'a-secret-for-elsewhere',
    })
    expect(moved).toMatchObject({
      ok: true,
      value: { stored: { apiKey: true, clientSecret: true, refreshToken: false } },
    })
    expect(await credentials.get(id, 'api-key')).toBe('an-api-key-for-elsewhere')
  })

  it('treats a new client id like a new address', async () => {
    const id = await saveRemote()
    const renamed = await call('profiles:save', {
      id,
      name: 'Remote',
      clientId: 'another-client',
      method: 'client-credentials',
      scopes: ['organizer:view'],
      baseUrls: bases(remote.origin),
    })
    expect(renamed).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { clientSecret: expect.any(String) } },
    })
  })

  it('keeps the stored secrets when only the name or scopes change', async () => {
    const id = await saveRemote()
    const edited = await call('profiles:save', {
      id,
      name: 'Remote, renamed',
      clientId: remote.clientId,
      method: 'client-credentials',
      scopes: ['organizer:view', 'organizer:result'],
      baseUrls: bases(remote.origin),
    })
    expect(edited).toMatchObject({
      ok: true,
      value: { name: 'Remote, renamed', stored: { apiKey: true, clientSecret: true } },
    })
  })

  it('accepts https, and http only on loopback or a private venue network; other schemes get a field error', async () => {
    const attempt = (origin: string) =>
      call('profiles:save', {
        name: 'Scheme',
        clientId: 'c',
        apiKey: 'an-api-key-0000',
        clientSecret: 'a-client-secret',
        method: 'client-credentials',
        scopes: ['organizer:view'],
        baseUrls: { ...bases('https://api.example.org'), organizer: `${origin}/organizer/v2` },
      })
    for (const ok of [
      'https://api.example.org',
      'http://127.0.0.1:8080',
      'http://127.4.5.6',
      'http://localhost:3000',
      'http://[::1]:9000',
      // A Demo venue shared on the staff network (`npm run sandbox -- --host`): Connect says it is in clear.
      'http://10.0.0.2',
    ]) {
      expect(await attempt(ok), ok).toMatchObject({ ok: true })
    }
    for (const bad of [
      'http://api.example.org',
      'http://8.8.8.8',
      'ftp://api.example.org',
      'file:///etc',
      'javascript:alert(1)//',
    ]) {
      expect(await attempt(bad), bad).toMatchObject({
        ok: false,
        error: { code: 'validation', fields: { 'baseUrls.organizer': expect.stringMatching(/https/) } },
      })
    }
  })
})
