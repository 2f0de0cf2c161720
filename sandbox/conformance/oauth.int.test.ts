// OAuth against the sandbox: client credentials, the authorize page, PKCE codes, refresh rotation, every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash, randomBytes } from 'node:crypto'
import { startSandbox, type Sandbox } from '../index'

let sandbox: Sandbox
const redirectUri = 'http://127.0.0.1:53123/callback'

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 2, appName: 'Matchdesk' })
})
afterAll(() => sandbox.close())

const token = (form: Record<string, string>) =>
  fetch(`${sandbox.auth}/oauth/v2/token`, { method: 'POST', body: new URLSearchParams(form) })
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

function authorizeQuery(challenge: string, extra: Record<string, string> = {}) {
  return new URLSearchParams({
    response_type: 'code',
    client_id: sandbox.clientId,
    redirect_uri: redirectUri,
    scope: 'organizer:view organizer:result',
    state: 'state-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  })
}

/** Approves on the authorize page with plain HTTP, as a test stands in for the person at the browser. */
async function approve(challenge: string, decision = 'approve', extra: Record<string, string> = {}): Promise<URL> {
  const query = authorizeQuery(challenge, extra)
  const page = await fetch(`${sandbox.account}/oauth2/authorize?${query}`)
  expect(page.status).toBe(200)
  const html = await page.text()
  const response = await fetch(`${sandbox.account}/oauth2/authorize`, {
    method: 'POST',
    body: new URLSearchParams({ ...Object.fromEntries(query), decision }),
    redirect: 'manual',
  })
  expect(response.status).toBe(302)
  expect(html).toContain('Approve')
  return new URL(response.headers.get('location')!)
}

async function codeFor(challenge: string) {
  const location = await approve(challenge)
  return location.searchParams.get('code')!
}

describe('client credentials', () => {
  it('answers access_token, token_type, expires_in in seconds and the granted scope', async () => {
    const answer = await token({
      grant_type: 'client_credentials',
      client_id: sandbox.clientId,
      client_secret: sandbox.clientSecret,
      scope: 'organizer:view',
    })
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as Record<string, unknown>
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'organizer:view' })
    expect(body).not.toHaveProperty('refresh_token')
  })

  it('refuses a wrong secret and unknown scopes', async () => {
    expect(
      (await token({ grant_type: 'client_credentials', client_id: sandbox.clientId, client_secret: 'nope-nope' }))
        .status,
    ).toBe(401)
    const scope = await token({
      grant_type: 'client_credentials',
      client_id: sandbox.clientId,
      client_secret: sandbox.clientSecret,
      scope: 'organizer:everything',
    })
    expect(scope.status).toBe(400)
    expect(await scope.json()).toMatchObject({ error: 'invalid_scope' })
    expect((await token({ grant_type: 'password', client_id: sandbox.clientId })).status).toBe(400)
  })

  it("answers every failure in the OAuth server's shape, {error, hint, message}, as its real clients read it", async () => {
    const wrong = await token({ grant_type: 'client_credentials', client_id: sandbox.clientId, client_secret: 'nope' })
    const body = (await wrong.json()) as Record<string, unknown>
    expect(body).toMatchObject({ error: 'invalid_client', hint: expect.any(String), message: expect.any(String) })
    expect(body).not.toHaveProperty('errors')
    // Not form-encoded: still the OAuth server's shape, not the organizer interface's.
    const json = await fetch(`${sandbox.auth}/oauth/v2/token`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'grant_type,client_credentials',
    })
    expect(json.status).toBe(415)
    expect(await json.json()).toMatchObject({
      error: 'invalid_request',
      message: expect.stringMatching(/form-encoded/),
    })
  })
})

describe('authorization code with PKCE', () => {
  it('the page names the application and the scopes, and approval redirects with code and state', async () => {
    const { challenge } = pkce()
    const html = await (await fetch(`${sandbox.account}/oauth2/authorize?${authorizeQuery(challenge)}`)).text()
    expect(html).toContain('Authorize Matchdesk')
    expect(html).toContain('organizer:view')
    expect(html).toContain('organizer:result')
    const location = await approve(challenge)
    expect(location.origin + location.pathname).toBe(redirectUri)
    expect(location.searchParams.get('state')).toBe('state-123')
    expect(location.searchParams.get('code')).toMatch(/^[\w-]{20,}$/)
  })

  it('deny redirects with error=access_denied', async () => {
    const location = await approve(pkce().challenge, 'deny')
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(location.searchParams.get('state')).toBe('state-123')
    expect(location.searchParams.has('code')).toBe(false)
  })

  it('exchanges a code with the right verifier for tokens with a refresh token', async () => {
    const { verifier, challenge } = pkce()
    const answer = await token({
      grant_type: 'authorization_code',
      client_id: sandbox.clientId,
      code: await codeFor(challenge),
      redirect_uri: redirectUri,
      code_verifier: verifier,
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({
      token_type: 'Bearer',
      scope: 'organizer:view organizer:result',
      refresh_token: expect.any(String),
    })
  })

  it('refuses a verifier that does not match, a reused code and a different redirect_uri', async () => {
    const { verifier, challenge } = pkce()
    const code = await codeFor(challenge)
    const base = { grant_type: 'authorization_code', client_id: sandbox.clientId, code, redirect_uri: redirectUri }
    const mismatch = await token({ ...base, code_verifier: pkce().verifier })
    expect(await mismatch.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/code_verifier/),
    })
    expect(
      (await token({ ...base, redirect_uri: 'http://127.0.0.1:53124/callback', code_verifier: verifier })).status,
    ).toBe(400)
    const first = await token({ ...base, code_verifier: verifier })
    expect(first.status).toBe(200)
    const { access_token } = (await first.json()) as { access_token: string }
    const reused = await token({ ...base, code_verifier: verifier })
    expect(await reused.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/already used/),
    })
    expect(sandbox.oauth.verify(access_token)).toBeUndefined()
  })

  it('accepts a loopback redirect on any port but no other address, and needs S256 and state', async () => {
    const { challenge } = pkce()
    expect(
      (await approve(challenge, 'approve', { redirect_uri: 'http://127.0.0.1:9/cb' })).searchParams.has('code'),
    ).toBe(true)
    expect(
      (
        await fetch(
          `${sandbox.account}/oauth2/authorize?${authorizeQuery(challenge, { redirect_uri: 'https://evil.example/cb' })}`,
        )
      ).status,
    ).toBe(400)
    const plain = await fetch(
      `${sandbox.account}/oauth2/authorize?${authorizeQuery(challenge, { code_challenge_method: 'plain' })}`,
      { redirect: 'manual' },
    )
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request')
  })
})

describe('refresh tokens rotate', () => {
  it('a refresh token works once and gives a new one', async () => {
    const { verifier, challenge } = pkce()
    const first = (await (
      await token({
        grant_type: 'authorization_code',
        client_id: sandbox.clientId,
        code: await codeFor(challenge),
        redirect_uri: redirectUri,
        code_verifier: verifier,
      })
    ).json()) as { refresh_token: string }
    const rotated = await token({
      grant_type: 'refresh_token',
      client_id: sandbox.clientId,
      refresh_token: first.refresh_token,
    })
    expect(rotated.status).toBe(200)
    const second = (await rotated.json()) as { refresh_token: string; access_token: string }
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(sandbox.oauth.verify(second.access_token)?.scopes).toEqual(['organizer:view', 'organizer:result'])
    const replayed = await token({
      grant_type: 'refresh_token',
      client_id: sandbox.clientId,
      refresh_token: first.refresh_token,
    })
    expect(await replayed.json()).toMatchObject({ error: 'invalid_grant' })
  })
})
