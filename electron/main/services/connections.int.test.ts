// Connection profiles and sign-in through the IPC dispatcher, as the renderer uses them; secrets never come back.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

let remote: Sandbox
let services: MainServices
const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-profiles-'))
const credentials = new MemoryCredentialStore()
const events: { event: string; payload: unknown }[] = []

/** Approves on the remote sandbox's authorize page, standing in for the person at the browser. */
async function approveInBrowser(url: string) {
  const form = new URLSearchParams(new URL(url).searchParams)
  form.set('decision', 'approve')
  const answer = await fetch(`${remote.account}/oauth2/authorize`, { method: 'POST', body: form, redirect: 'manual' })
  await fetch(answer.headers.get('location')!)
}

const start = () =>
  createMainServices({ version: '1.0.0', dataDir, credentials, demo: { seed: 1 }, openBrowser: approveInBrowser })
const call = async (channel: string, input: unknown = {}) => services.dispatch(channel, input)
const value = async <T>(channel: string, input: unknown = {}) => {
  const result = await call(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`)
  return result.value as T
}
const bases = () => ({
  organizer: remote.organizer,
  participant: remote.participant,
  v1: remote.v1,
  auth: remote.auth,
  account: remote.account,
})

beforeAll(async () => {
  remote = await startSandbox({ seed: 30 })
  services = await start()
  services.bus.subscribe((event, payload) => events.push({ event, payload }))
})
afterAll(async () => {
  await services.close()
  await remote.close()
})

describe('connections', () => {
  it('opens on the Demo venue with its data on first start', async () => {
    expect(await value('app:info')).toMatchObject({ profile: { id: 'demo', name: 'Demo venue', demo: true } })
    const tournaments = await value<{ items: { name: string }[]; refreshedAt: number }>('tournaments:list', {
      filters: {},
    })
    expect(tournaments.items.map((t) => t.name)).toContain('Lyon LAN Winter Cup')
    expect(tournaments.refreshedAt).toBeGreaterThan(Date.now() - 60_000)
    expect(await value('auth:status')).toMatchObject({ profileId: 'demo', signedIn: true })
  })

  it('refuses a new profile without its secrets, naming the fields', async () => {
    const result = await call('profiles:save', {
      name: 'Venue',
      clientId: 'abc',
      method: 'client-credentials',
      scopes: ['organizer:view'],
    })
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { apiKey: expect.any(String), clientSecret: expect.any(String) } },
    })
    const bad = await call('profiles:save', { name: '', clientId: 'abc', method: 'browser', scopes: [] })
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { name: 'name must not be empty', scopes: 'choose at least one scope' } },
    })
  })

  it('saves a profile: the view says which secrets are stored, never their values, and the file holds none', async () => {
    const saved = await call('profiles:save', {
      name: 'Remote venue',
      clientId: remote.clientId,
      apiKey: remote.apiKey,
      clientSecret: remote.clientSecret,
      method: 'client-credentials',
      scopes: ['organizer:view', 'organizer:participant'],
      baseUrls: bases(),
    })
    expect(saved).toMatchObject({
      ok: true,
      value: { name: 'Remote venue', stored: { apiKey: true, clientSecret: true, refreshToken: false }, active: false },
    })
    const everything =
      JSON.stringify([saved, await call('profiles:list')]) + readFileSync(join(dataDir, 'profiles.json'), 'utf8')
    expect(everything).not.toContain(remote.apiKey)
    expect(everything).not.toContain(remote.clientSecret)
  })

  it('activates it, signs in with client credentials and reads its data', async () => {
    const profiles = await value<{ id: string; name: string }[]>('profiles:list')
    const remoteId = profiles.find((p) => p.name === 'Remote venue')!.id
    expect(await value('profiles:activate', { id: remoteId })).toMatchObject({ active: true })
    expect(await value('app:info')).toMatchObject({ profile: { name: 'Remote venue', demo: false } })
    const status = await value<{ signedIn: boolean; scopes: string[]; expiresAt: number }>('auth:sign-in')
    expect(status).toMatchObject({ signedIn: true, scopes: ['organizer:view', 'organizer:participant'] })
    expect(status.expiresAt).toBeGreaterThan(Date.now())
    const tournament = [...remote.store.tournaments.values()][0]!
    expect((await value<{ id: string }>('tournaments:get', { id: tournament.id })).id).toBe(tournament.id)
    const participants = await value<{ items: unknown[] }>('participants:list', {
      tournamentId: tournament.id,
      filters: {},
    })
    expect(participants.items.length).toBeGreaterThan(0)
    expect(
      events.some(
        (e) => e.event === 'load:progress' && (e.payload as { resource: string }).resource === 'participants',
      ),
    ).toBe(true)
    const forbidden = await call('bracket:nodes', { tournamentId: tournament.id, filters: {} })
    expect(forbidden).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringMatching(/organizer:result/) },
    })
  })

  it('signs in with the browser: PKCE through the loopback, refresh token kept in the credential store', async () => {
    const saved = await value<{ id: string }>('profiles:save', {
      name: 'Browser venue',
      clientId: remote.clientId,
      apiKey: remote.apiKey,
      method: 'browser',
      scopes: ['organizer:result'],
      baseUrls: bases(),
    })
    await value('profiles:activate', { id: saved.id })
    expect(await value('auth:status')).toMatchObject({ signedIn: false, method: 'browser' })
    expect(await value('auth:sign-in')).toMatchObject({ signedIn: true, scopes: ['organizer:result'] })
    expect(await credentials.get(saved.id, 'refresh-token')).toEqual(expect.any(String))
    const nodes = await value<{ items: unknown[] }>('bracket:nodes', {
      tournamentId: [...remote.store.tournaments.keys()][0],
      filters: {},
    })
    expect(nodes.items.length).toBeGreaterThan(0)
    expect(await value('auth:sign-out')).toMatchObject({ signedIn: false })
    expect(await credentials.get(saved.id, 'refresh-token')).toBeUndefined()
  })

  it('keeps profiles and the active one across a restart', async () => {
    const before = await value<{ id: string; active: boolean }[]>('profiles:list')
    await services.close()
    services = await start()
    const after = await value<{ id: string; active: boolean }[]>('profiles:list')
    expect(after).toEqual(before)
    expect(await value('app:info')).toMatchObject({ profile: { name: 'Browser venue' } })
  })

  it('deletes a profile with its secrets and falls back to the Demo venue; the demo cannot be deleted', async () => {
    const browser = (await value<{ id: string; name: string }[]>('profiles:list')).find(
      (p) => p.name === 'Browser venue',
    )!
    expect(await value('profiles:delete', { id: browser.id })).toEqual({ id: browser.id })
    expect(await credentials.get(browser.id, 'api-key')).toBeUndefined()
    expect(await value('app:info')).toMatchObject({ profile: { id: 'demo' } })
    expect(await call('profiles:delete', { id: 'demo' })).toMatchObject({ ok: false, error: { code: 'validation' } })
  })
})
