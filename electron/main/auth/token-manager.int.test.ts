// A browser-signed-in profile renews its access with the stored refresh token, storing the rotated one first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { fakeClock } from '../../../tests/support/fake-clock'
import { MemoryCredentialStore } from '../secrets/memory-store'
import type { CredentialStore, SecretKind } from '../secrets/credential-store'
import { signInWithBrowser } from './browser-sign-in'
import { TokenManager } from './token-manager'
import { tokenEndpoint } from './token-endpoint'

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 8 })
})
afterAll(() => sandbox.close())

async function approve(url: string) {
  const form = new URLSearchParams(new URL(url).searchParams)
  form.set('decision', 'approve')
  const answer = await fetch(`${sandbox.account}/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' })
  await fetch(answer.headers.get('location')!)
}

describe('refresh token rotation', () => {
  it('stores the rotated refresh token before the new access token is handed out', async () => {
    const clock = fakeClock(Date.now())
    const writes: string[] = []
    const memory = new MemoryCredentialStore()
    const credentials: CredentialStore = {
      get: (id, kind) => memory.get(id, kind),
      delete: (id, kind) => memory.delete(id, kind),
      set: async (id, kind: SecretKind, value) => {
        writes.push(kind)
        await memory.set(id, kind, value)
      },
    }
    const endpoint = tokenEndpoint(sandbox.auth)
    const tokens = new TokenManager({
      profileId: 'b',
      clientId: sandbox.clientId,
      method: 'browser',
      scopes: ['organizer:view'],
      endpoint,
      credentials,
      clock,
      onSessionEnded: () => undefined,
    })
    await tokens.adopt(
      await signInWithBrowser({
        accountBase: sandbox.account,
        clientId: sandbox.clientId,
        scopes: ['organizer:view'],
        endpoint,
        openBrowser: approve,
      }),
    )
    const first = await credentials.get('b', 'refresh-token')
    const firstAccess = await tokens.current()

    clock.advance(2 * 3600 * 1000)
    const renewed = await tokens.current()
    const second = await credentials.get('b', 'refresh-token')
    expect(renewed).not.toBe(firstAccess)
    expect(second).not.toBe(first)
    expect(writes).toEqual(['refresh-token', 'refresh-token'])
    expect(sandbox.oauth.verify(renewed)).toBeDefined()
    // The old refresh token is spent: presenting it again is refused.
    await expect(
      endpoint({ grant_type: 'refresh_token', client_id: sandbox.clientId, refresh_token: first! }),
    ).rejects.toMatchObject({ code: 'unauthorized' })
  })

  it('a refused refresh token ends the session and is forgotten', async () => {
    const ended: string[] = []
    const credentials = new MemoryCredentialStore()
    await credentials.set('c', 'refresh-token', 'not-a-real-refresh-token')
    const tokens = new TokenManager({
      profileId: 'c',
      clientId: sandbox.clientId,
      method: 'browser',
      scopes: ['organizer:view'],
      endpoint: tokenEndpoint(sandbox.auth),
      credentials,
      clock: fakeClock(),
      onSessionEnded: (reason) => ended.push(reason),
    })
    await expect(tokens.current()).rejects.toMatchObject({ code: 'unauthorized' })
    expect(ended).toEqual(['the sign-in expired'])
    expect(await credentials.get('c', 'refresh-token')).toBeUndefined()
  })
})
