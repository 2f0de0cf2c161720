// The loopback redirect refuses what it must, times out quietly, and the whole browser sign-in works on the sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { rawRequest } from '../../../tests/support/raw-http'
import { startLoopback } from './oauth-loopback'
import { signInWithBrowser } from './browser-sign-in'
import { tokenEndpoint } from './token-endpoint'

const STATE = 'a'.repeat(43)

describe('loopback listener', () => {
  it('listens on 127.0.0.1 at a random port with an exact callback path', async () => {
    const loopback = await startLoopback({ state: STATE })
    expect(loopback.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    loopback.close()
    await expect(loopback.code).rejects.toMatchObject({ message: 'Sign-in was cancelled.' })
  })

  it('refuses a wrong path, a POST and a foreign Host, and still takes the right callback afterwards', async () => {
    const loopback = await startLoopback({ state: STATE })
    const origin = new URL(loopback.redirectUri).origin
    expect((await fetch(`${origin}/other?code=x&state=${STATE}`)).status).toBe(401)
    const rebound = await rawRequest(loopback.redirectUri, `/callback?code=x&state=${STATE}`, { host: 'evil.example' })
    expect(rebound.status).toBe(403)
    expect((await fetch(`${loopback.redirectUri}?code=x&state=${STATE}`, { method: 'POST' })).status).toBe(405)
    const page = await fetch(`${loopback.redirectUri}?code=the-code&state=${STATE}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toMatch(/return to Matchdesk/)
    await expect(loopback.code).resolves.toBe('the-code')
  })

  it('refuses a wrong or missing state with 400 and keeps waiting for the real callback', async () => {
    const loopback = await startLoopback({ state: STATE })
    expect((await fetch(`${loopback.redirectUri}?code=stolen&state=${'b'.repeat(43)}`)).status).toBe(400)
    expect((await fetch(`${loopback.redirectUri}?error=access_denied`)).status).toBe(400)
    expect((await fetch(`${loopback.redirectUri}?code=stolen`)).status).toBe(400)
    expect((await fetch(`${loopback.redirectUri}?code=the-real-one&state=${STATE}`)).status).toBe(200)
    await expect(loopback.code).resolves.toBe('the-real-one')
  })

  it('takes one callback only: the listener closes after it', async () => {
    const loopback = await startLoopback({ state: STATE })
    await fetch(`${loopback.redirectUri}?code=first&state=${STATE}`)
    await expect(loopback.code).resolves.toBe('first')
    await expect(fetch(`${loopback.redirectUri}?code=second&state=${STATE}`)).rejects.toThrow()
  })

  it('times out, closes, and does not keep the process alive', async () => {
    const loopback = await startLoopback({ state: STATE, timeoutMs: 50 })
    await expect(loopback.code).rejects.toMatchObject({ code: 'timeout' })
    await expect(fetch(loopback.redirectUri)).rejects.toThrow()
  })

  it('reports a denial from the browser', async () => {
    const loopback = await startLoopback({ state: STATE })
    await fetch(`${loopback.redirectUri}?error=access_denied&state=${STATE}`)
    await expect(loopback.code).rejects.toMatchObject({ message: 'Sign-in was denied in the browser.' })
  })
})

describe('sign-in with the browser on the sandbox', () => {
  let sandbox: Sandbox
  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 6 })
  })
  afterAll(() => sandbox.close())

  /** Stands in for the person at the browser: opens the authorize page and presses a button with plain HTTP. */
  const browser = (decision: 'approve' | 'deny') => async (url: string) => {
    const page = await fetch(url)
    expect(await page.text()).toContain('Approve')
    const form = new URLSearchParams(new URL(url).searchParams)
    form.set('decision', decision)
    const answer = await fetch(`${sandbox.account}/oauth2/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    })
    await fetch(answer.headers.get('location')!)
  }

  it('gets tokens with a refresh token through PKCE and the loopback redirect', async () => {
    const opened: string[] = []
    const answer = await signInWithBrowser({
      accountBase: sandbox.account,
      clientId: sandbox.clientId,
      scopes: ['organizer:view', 'organizer:participant'],
      endpoint: tokenEndpoint(sandbox.auth),
      openBrowser: async (url) => {
        opened.push(url)
        await browser('approve')(url)
      },
    })
    expect(answer).toMatchObject({
      token_type: 'Bearer',
      scope: 'organizer:view organizer:participant',
      refresh_token: expect.any(String),
    })
    const params = new URL(opened[0]!).searchParams
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    expect(Buffer.from(params.get('state')!, 'base64url').length * 8).toBeGreaterThanOrEqual(128)
  })

  it('reports a denial', async () => {
    const signIn = signInWithBrowser({
      accountBase: sandbox.account,
      clientId: sandbox.clientId,
      scopes: ['organizer:view'],
      endpoint: tokenEndpoint(sandbox.auth),
      openBrowser: browser('deny'),
    })
    await expect(signIn).rejects.toMatchObject({ code: 'unauthorized', message: 'Sign-in was denied in the browser.' })
  })
})
