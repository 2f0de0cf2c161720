// The OS keychain for real (gnome-keyring over D-Bus): secrets stored, read, deleted, and a profile surviving a restart.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type Sandbox } from '../../../sandbox/index'
import type { ObsState } from '../../../shared/broadcast/obs'
import type { FloorState } from '../../../shared/floor/floor'
import { startFakeObs } from '../../../tests/support/fake-obs'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { createMainServices } from '../composition'
import { systemClock } from '../clock'
import { DeviceRegistry } from '../devices/device-registry'
import { VENUE_SECRETS } from './credential-store'
import { KeychainCredentialStore } from './keychain'

// A service name of its own, so a developer's real Matchdesk entries are never touched.
const service = `matchdesk-test-${randomBytes(4).toString('hex')}`
const store = new KeychainCredentialStore(service)

/** The desk's services on a data folder, its secrets in the real keychain (started again to restart). */
const deskOn = (dataDir: string) =>
  createMainServices({ version: '1', dataDir, credentials: new KeychainCredentialStore(service), demo: { seed: 1 } })

describe('keychain', () => {
  it('stores, reads and deletes each kind of secret per profile', async () => {
    await store.set('p1', 'api-key', 'key-of-p1')
    await store.set('p1', 'refresh-token', 'refresh-of-p1')
    await store.set('p2', 'api-key', 'key-of-p2')
    expect(await store.get('p1', 'api-key')).toBe('key-of-p1')
    expect(await store.get('p1', 'refresh-token')).toBe('refresh-of-p1')
    expect(await store.get('p2', 'api-key')).toBe('key-of-p2')
    expect(await store.get('p1', 'client-secret')).toBeUndefined()
    await store.delete('p1', 'api-key')
    expect(await store.get('p1', 'api-key')).toBeUndefined()
    expect(await new KeychainCredentialStore(service).get('p2', 'api-key')).toBe('key-of-p2')
    await store.delete('p1', 'refresh-token')
    await store.delete('p2', 'api-key')
  })
})

describe('the venue control token', () => {
  it('lives in the keychain across a restart, and venue.json never holds it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-keychain-venue-'))
    const first = await DeviceRegistry.open(dataDir, systemClock, new KeychainCredentialStore(service))
    const again = await DeviceRegistry.open(dataDir, systemClock, new KeychainCredentialStore(service))
    expect(again.controlToken).toBe(first.controlToken)
    expect(readFileSync(join(dataDir, 'venue.json'), 'utf8')).not.toContain(first.controlToken)
    expect(await store.get(VENUE_SECRETS, 'control-token')).toBe(first.controlToken)
    await store.delete(VENUE_SECRETS, 'control-token')
  })
})

describe('a profile across a restart', () => {
  let remote: Sandbox
  const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-keychain-'))
  beforeAll(async () => {
    remote = await startSandbox({ seed: 40 })
  })
  afterAll(() => remote.close())

  it('keeps its secrets in the keychain only, and signs in again after a restart', async () => {
    const start = () => deskOn(dataDir)
    let services = await start()
    const saved = await services.dispatch('profiles:save', {
      name: 'Keychain venue',
      clientId: remote.clientId,
      apiKey: remote.apiKey,
      clientSecret: remote.clientSecret,
      method: 'client-credentials',
      scopes: ['organizer:view'],
      baseUrls: {
        organizer: remote.organizer,
        participant: remote.participant,
        v1: remote.v1,
        auth: remote.auth,
        account: remote.account,
      },
    })
    expect(saved.ok).toBe(true)
    const id = (saved as { value: { id: string } }).value.id
    await services.close()

    services = await start()
    expect(await services.dispatch('profiles:activate', { id })).toMatchObject({
      ok: true,
      value: { stored: { apiKey: true, clientSecret: true } },
    })
    expect(await services.dispatch('auth:sign-in', {})).toMatchObject({ ok: true, value: { signedIn: true } })
    expect(readFileSync(join(dataDir, 'profiles.json'), 'utf8')).not.toContain(remote.clientSecret)
    expect(await store.get(id, 'client-secret')).toBe(remote.clientSecret)
    await services.dispatch('profiles:delete', { id })
    expect(await store.get(id, 'client-secret')).toBeUndefined()
    await services.close()
    for (const kind of ['api-key', 'client-secret'] as const) await store.delete('demo', kind)
  })
})

describe('the desk’s own secrets across a restart', () => {
  it('keeps the OBS password (bound to its OBS) and the webhook’s address', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-keychain-desk-'))
    const obs = await startFakeObs({ password: 'obs-secret' })
    const start = () => deskOn(dataDir)
    let services = await start()
    const value = dispatchValue(() => services)
    const tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
      (t) => t.name === 'Street Fighter Weekly 42',
    )!.id
    const streams = await value<{ items: { id: string }[] }>('streams:list', { tournamentId, filters: {} })
    const streamId = streams.items[0]!.id
    const settings = { host: '127.0.0.1', port: obs.port, matchScene: null, breakScene: null, breakAfterSeconds: 20 }
    await value('obs:configure', {
      streamId,
      settings: { ...settings, sources: {}, folder: null },
      password: 'obs-secret',
    })
    await value('floor:settings', { tournamentId, webhookUrl: 'https://discord.com/api/webhooks/1/keychain' })
    await services.close()

    services = await start()
    await expect
      .poll(async () => (await value<ObsState>('obs:state', { streamId })).link, { timeout: 10_000 })
      .toBe('connected')
    expect(await value<ObsState>('obs:state', { streamId })).toMatchObject({ hasPassword: true, problem: null })
    expect(obs.identifies.filter(Boolean)).toHaveLength(2)
    await value<FloorState>('floor:state', { tournamentId })
    await expect
      .poll(async () => (await value<FloorState>('floor:state', { tournamentId })).webhook)
      .toMatchObject({ host: 'discord.com', missing: false })
    await value('obs:forget', { streamId })
    await value('floor:settings', { tournamentId, webhookUrl: null })
    await services.close()
    await obs.close()
  }, 30_000)
})
