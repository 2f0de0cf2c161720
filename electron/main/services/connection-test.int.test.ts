// "Test connection" against a sandbox standing in for another deployment: each wrong value is named on its field.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

let remote: Sandbox
let services: MainServices

beforeAll(async () => {
  remote = await startSandbox({ seed: 31 })
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-test-connection-')),
    credentials: new MemoryCredentialStore(),
    demo: { seed: 1 },
  })
})
afterAll(async () => {
  await services.close()
  await remote.close()
})

const form = (change: Record<string, unknown> = {}) => ({
  name: 'Venue',
  clientId: remote.clientId,
  apiKey: remote.apiKey,
  clientSecret: remote.clientSecret,
  method: 'client-credentials',
  scopes: ['organizer:view', 'organizer:result'],
  baseUrls: {
    organizer: remote.organizer,
    participant: remote.participant,
    v1: remote.v1,
    auth: remote.auth,
    account: remote.account,
  },
  ...change,
})
async function test(change: Record<string, unknown> = {}) {
  const result = await services.dispatch('profiles:test', form(change))
  if (!result.ok) throw new Error(result.error.message)
  return result.value as { ok: boolean; steps: { step: string; ok: boolean }[]; fields: Record<string, string> }
}

describe('test connection', () => {
  it('reports each step when everything is right', async () => {
    const report = await test()
    expect(report).toMatchObject({ ok: true, fields: {} })
    expect(report.steps.map((s) => [s.step, s.ok])).toEqual([
      ['service', true],
      ['token', true],
      ['read', true],
      ['addresses', true],
    ])
  })

  it('tries every address, not only two: the participant, public v1 and sign-in addresses are named when away', async () => {
    const away = form().baseUrls
    for (const base of ['participant', 'v1', 'account'] as const) {
      const report = await test({ baseUrls: { ...away, [base]: 'http://127.0.0.1:9' } })
      expect({ base, ok: report.ok, fields: Object.keys(report.fields) }).toEqual({
        base,
        ok: false,
        fields: [`baseUrls.${base}`],
      })
      expect(report.steps.at(-1)).toMatchObject({ step: 'addresses', ok: false })
    }
  })

  it('names the API key, the client secret, the client id and an unreachable address', async () => {
    expect((await test({ apiKey: 'a-wrong-api-key' })).fields).toEqual({ apiKey: 'The service refused the API key.' })
    expect((await test({ clientSecret: 'a-wrong-secret' })).fields).toEqual({
      clientSecret: 'The service refused the client id or the client secret.',
    })
    expect(Object.keys((await test({ clientId: 'someone-else' })).fields)).toEqual(['clientSecret'])
    const away = form().baseUrls
    const unreachable = await test({ baseUrls: { ...away, organizer: 'http://127.0.0.1:9/organizer/v2' } })
    expect(unreachable.fields['baseUrls.organizer']).toMatch(/could not be reached/)
    const noAuth = await test({ baseUrls: { ...away, auth: 'http://127.0.0.1:9' } })
    expect(noAuth.steps.map((s) => [s.step, s.ok])).toEqual([
      ['service', true],
      ['token', false],
    ])
    expect(noAuth.fields['baseUrls.auth']).toMatch(/could not be reached/)
  })

  it('asks for the secrets it needs instead of trying without them', async () => {
    const report = await test({ apiKey: undefined, clientSecret: undefined })
    expect(report.fields).toEqual({
      apiKey: 'Enter the API key to test the connection.',
      clientSecret: 'Enter the client secret to test the connection.',
    })
  })

  it('signing in with a wrong API key fails at once, naming the key, and leaves the connection signed out', async () => {
    const saved = await services.dispatch('profiles:save', form({ apiKey: 'a-wrong-api-key' }))
    if (!saved.ok) throw new Error(saved.error.message)
    await services.dispatch('profiles:activate', { id: (saved.value as { id: string }).id })
    const signIn = await services.dispatch('auth:sign-in', {})
    expect(signIn.ok).toBe(false)
    if (!signIn.ok) expect(signIn.error).toMatchObject({ fields: { apiKey: 'The service refused the API key.' } })
    const status = await services.dispatch('auth:status', {})
    expect(status.ok && (status.value as { signedIn: boolean }).signedIn).toBe(false)
  })

  it('a browser sign-in says where its page is and until when, and is cancelled by Cancel or by switching away', async () => {
    const opened: { url: string; expiresAt: number }[] = []
    const stop = services.bus.subscribe((event, payload) => {
      if (event === 'auth:browser-sign-in') opened.push(payload as { url: string; expiresAt: number })
    })
    const saved = await services.dispatch('profiles:save', form({ method: 'browser', clientSecret: undefined }))
    if (!saved.ok) throw new Error(saved.error.message)
    const id = (saved.value as { id: string }).id
    await services.dispatch('profiles:activate', { id })

    const first = services.dispatch('auth:sign-in', {})
    await expect.poll(() => opened.length).toBe(1)
    expect(opened[0]!.url).toContain(`${remote.account}/oauth2/authorize?`)
    expect(opened[0]!.expiresAt).toBeGreaterThan(Date.now() + 60_000)
    await services.dispatch('auth:cancel-sign-in', {})
    expect(await first).toMatchObject({ ok: false, error: { code: 'cancelled' } })

    const second = services.dispatch('auth:sign-in', {})
    await expect.poll(() => opened.length).toBe(2)
    await services.dispatch('profiles:activate', { id: 'demo' })
    expect(await second).toMatchObject({ ok: false, error: { code: 'cancelled' } })
    stop()
  })
})
