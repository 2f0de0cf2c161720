// Web mode without --keychain keeps secrets in memory: after a restart they are gone. Each place that needs one says
// it is missing (not a refused password, not an unreachable service), and calls made meanwhile wait for the
// webhook's address instead of vanishing.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { ObsState } from '../../shared/broadcast/obs'
import type { FloorState } from '../../shared/floor/floor'
import type { HubStatus } from '../../shared/ipc/hub'
import { basesFromOrigin } from '../../shared/ipc/service-bases'
import { startFakeObs, type FakeObs } from '../support/fake-obs'
import { startWebMode, type WebMode } from './support/web-mode'

const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-secrets-lost-'))
let web: WebMode | undefined
let obs: FakeObs | undefined
let receiver: Server | undefined
const received: string[] = []

afterAll(async () => {
  await web?.stop()
  await obs?.close()
  receiver?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('secrets lost with a restart (web mode keeps them in memory)', () => {
  it('names each missing secret as missing, and loses no call made meanwhile', async () => {
    receiver = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        received.push(body)
        response.writeHead(204).end()
      })
    })
    await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve))
    const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/1/x`
    obs = await startFakeObs({ password: 'obs-secret', scenes: ['Match', 'Break'] })

    web = await startWebMode(['--demo-simulate', '0', '--demo-control'], { dataDir })
    const demo = web.demo!
    const tournaments = await web.ipc<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
    const tournamentId = tournaments.items.find((t) => t.name === 'Street Fighter Weekly 42')!.id
    const streams = await web.ipc<{ items: { id: string }[] }>('streams:list', { tournamentId, filters: {} })
    const streamId = streams.items[0]!.id
    const settings = {
      host: '127.0.0.1',
      port: obs.port,
      matchScene: 'Match',
      breakScene: null,
      breakAfterSeconds: 20,
      sources: {},
      folder: null,
    }
    expect(await web.ipc<ObsState>('obs:configure', { streamId, settings, password: 'obs-secret' })).toMatchObject({
      link: 'connected',
      hasPassword: true,
    })
    await web.ipc('floor:create-stations', { tournamentId, prefix: 'Station', from: 1, to: 2 })
    await web.ipc('floor:settings', { tournamentId, webhookUrl })
    const own = await web.ipc<{ id: string }>('profiles:save', {
      name: 'Venue service',
      clientId: demo.clientId,
      apiKey: demo.apiKey,
      clientSecret: demo.clientSecret,
      method: 'client-credentials',
      scopes: ['organizer:view', 'organizer:admin', 'organizer:participant'],
      baseUrls: basesFromOrigin(demo.origin)!,
    })

    await web.stop()
    web = await startWebMode(['--demo-simulate', '0', '--demo-control'], { dataDir })

    // OBS: asked for a password, and none is stored — said so, under the password.
    await expect
      .poll(async () => (await web!.ipc<ObsState>('obs:state', { streamId })).problem, { timeout: 10_000 })
      .toMatch(/The OBS password is not stored on this machine: enter it again/)
    expect((await web.ipc<ObsState>('obs:state', { streamId })).hasPassword).toBe(false)
    // Companion's scene action says the same.
    const { controlToken } = await web.ipc<HubStatus>('hub:status', {})
    const scene = await fetch(`${web.hub}/control/v1/streams/${streamId}/scene/Match`, {
      method: 'POST',
      headers: { authorization: `Bearer ${controlToken}` },
    })
    expect(scene.status).toBe(409)
    expect(((await scene.json()) as { error: string }).error).toMatch(/OBS password is not stored on this machine/)

    // Stations: the address is said missing; calls made now wait for it, and go once it is entered.
    await web.ipc('bracket:nodes', { tournamentId, filters: {} })
    const assigned = await web.ipc<FloorState>('floor:auto-assign', { tournamentId })
    const onStations = assigned.stations.filter((s) => s.match)
    expect(onStations.length).toBeGreaterThan(0)
    for (const station of onStations) await web.ipc('floor:call', { tournamentId, stationId: station.id })
    await expect
      .poll(async () => (await web!.ipc<FloorState>('floor:state', { tournamentId })).webhook, { timeout: 10_000 })
      .toMatchObject({ missing: true, waiting: onStations.length })
    expect(received).toEqual([])
    await web.ipc('floor:settings', { tournamentId, webhookUrl })
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(onStations.length)
    expect((await web.ipc<FloorState>('floor:state', { tournamentId })).webhook).toMatchObject({
      missing: false,
      waiting: 0,
    })

    // A connection whose API key is gone says so; it is not "the service cannot be reached".
    await web.ipc('profiles:activate', { id: own.id })
    const read = await web.ipc('tournaments:list', { filters: {} }).then(
      () => 'read',
      (error: Error) => error.message,
    )
    expect(read).toMatch(/not stored on this machine: enter it again in Connect/)
  }, 90_000)
})
