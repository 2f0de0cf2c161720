// Two desks sharing one venue over real HTTP and WebSocket: the host's hub makes a pairing code for a desk, the other
// desk trades it (with its public key) for its admission and joins; each desk's changes reach the other's copy both
// ways, what one did while the host was away merges when it is back (the member keeps working alone), it syncs again
// after a restart with no secret kept, a revoked desk is cut off at once and told so, and a desk of an older release
// is told in words.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { HubStatus, PairingCode } from '../../../shared/ipc/hub'
import type { SharingState } from '../../../shared/venue/sharing'
import { demoDesk } from '../../../tests/support/demo-desk'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import type { MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'
import { DeskIdentity } from './desk-identity'
import { Challenges, aliveAnswer } from './desk-proofs'
import { VENUE_PATHS, VENUE_SCHEMA } from '../../../shared/venue/wire'

const folders = [0, 1, 2].map((i) => mkdtempSync(join(tmpdir(), `matchdesk-sharing-${i}-`)))
const [hostDir, memberDir, pagesDir] = folders as [string, string, string]
writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
const memberKeys = new MemoryCredentialStore()
// The host's keychain outlives its restarts, as an OS keychain does.
const hostKeys = new MemoryCredentialStore()
let host: MainServices
let member: MainServices
const onHost = dispatchValue(() => host)
const onMember = dispatchValue(() => member)
const retry = { first: 100, most: 300 }
const startHost = (port = 0) =>
  demoDesk(hostDir, { hub: { port, pagesDir }, venueRetryMs: retry, credentials: hostKeys })
const startMember = () => demoDesk(memberDir, { credentials: memberKeys, venueRetryMs: retry, venueAnswerMs: 1000 })
const venueOf = (desk: MainServices) => desk.connections.active.offline.venue
const sharing = (value: typeof onHost) => value<SharingState>('venue:sharing')
/** What the hub answers a WebSocket upgrade to the sync route with these headers (101: accepted). */
const upgradeStatus = (headers: Record<string, string>) =>
  new Promise<number>((resolve) => {
    const socket = new WebSocket(`${host.hub!.url.replace('http', 'ws')}${VENUE_PATHS.sync}`, { headers })
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
    socket.on('close', () => resolve(-1))
    socket.on('open', () => (socket.close(), resolve(101)))
    socket.on('error', () => undefined)
  })
const deskCode = () => onHost<PairingCode>('hub:pair', { name: 'Ana’s desk', kind: 'desk' })

beforeAll(async () => {
  host = await startHost()
  member = await startMember()
})
afterAll(async () => {
  await member.close()
  await host.close()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe('one venue, two desks', () => {
  it('refuses a code made for another kind of device, and a wrong address, naming the field', async () => {
    const door = await onHost<PairingCode>('hub:pair', { name: 'Door 1', kind: 'door', tournamentId: 'x' }).catch(() =>
      onHost<PairingCode>('hub:pair', { name: 'Board', kind: 'overlay' }),
    )
    const refusal = (address: string, code: string) =>
      onMember('venue:join', { address, code }).catch((e: { error: { message: string; fields?: object } }) => e.error)
    expect(await refusal(host.hub!.url, door.code)).toMatchObject({ fields: { code: expect.any(String) } })
    expect(await refusal('ftp://nowhere', 'ABC')).toMatchObject({ fields: { address: expect.any(String) } })
    expect((await sharing(onMember)).role).toBe('alone')
    // The sync route is behind the hub's guard like every route: no proof, no upgrade — a desk id alone is nothing.
    const named = {
      'x-matchdesk-desk': venueOf(host).deskId,
      'x-matchdesk-nonce': 'n'.repeat(43),
      'x-matchdesk-proof': 'p',
    }
    for (const headers of [{}, { 'x-matchdesk-key': 'not-a-key' }, named] as Record<string, string>[])
      expect(await upgradeStatus(headers)).toBe(401)
  })

  it('tells a desk of an older release, in words, to update (its code is not used up)', async () => {
    const { code } = await deskCode()
    const answer = await fetch(`${host.hub!.url}/pair/v1/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    })
    expect(answer.status).toBe(426)
    expect(((await answer.json()) as { error: string }).error).toMatch(/older Matchdesk.*update it/)
    const oldSync = await fetch(`${host.hub!.url}/venue/v1/sync`)
    expect(oldSync.status).toBe(426)
    expect(((await oldSync.json()) as { error: string }).error).toMatch(/venue record 1.*update it/)
  })

  it('reads a hostile host’s answer bounded, under one deadline, and joins nothing', async () => {
    // A "host" that proves who it is (its own key: nothing checks it against a fingerprint here), then answers the code
    // with 5 MB of key, a never-ending body, or nothing at all.
    const identity = DeskIdentity.make()
    const hostile = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x')
      if (url.pathname === VENUE_PATHS.alive) {
        const facts = { app: 't', venue: identity.publicKey, deskId: 'hostile', joined: 0 }
        const said = aliveAnswer(facts, identity, new Challenges(), url.searchParams.get('challenge') ?? undefined)
        return response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(said))
      }
      if (request.url !== '/pair/v1/exchange') return response.writeHead(404).end()
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        const said = (JSON.parse(body) as { code: string }).code
        if (said === 'HUGE')
          return response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ device: { kind: 'desk' }, key: 'k'.repeat(5 * 1024 * 1024) }))
        if (said === 'DRIP') {
          response.writeHead(200, { 'content-type': 'application/json' })
          const drip = setInterval(() => response.write(' '), 50)
          response.on('close', () => clearInterval(drip))
          return
        }
        // SILENT: no answer at all.
      })
    })
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve))
    const address = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`
    const refusal = async (code: string) => {
      const started = Date.now()
      const error = await onMember('venue:join', { address, code }).then(
        () => null,
        (e: { error: { code: string } }) => e.error,
      )
      return { code: error?.code, ms: Date.now() - started }
    }
    for (const code of ['HUGE', 'DRIP', 'SILENT']) {
      const { code: refused, ms } = await refusal(code)
      expect([code, refused]).toEqual([code, code === 'SILENT' ? 'offline' : 'server'])
      expect(ms).toBeLessThan(3000)
    }
    expect((await sharing(onMember)).role).toBe('alone')
    hostile.closeAllConnections()
    hostile.close()
  })

  it('sends the code only to a desk that proves it is the one whose fingerprint the host shows', async () => {
    const { code, fingerprint } = await deskCode()
    expect(fingerprint).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/)
    const other = fingerprint === '2222-2222' ? '3333-3333' : '2222-2222'
    const refused = await onMember('venue:join', { address: host.hub!.url, code, fingerprint: other }).then(
      () => null,
      (e: { error: { fields?: Record<string, string> } }) => e.error,
    )
    expect(refused?.fields?.['fingerprint']).toBe(
      `it proves to be desk ${fingerprint}, not ${other} (the fingerprint on the host desk’s screen)`,
    )
    // A program at the address that says it is a desk and cannot sign for the key it gives: refused too.
    const impostor = createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          schema: VENUE_SCHEMA,
          app: '0.2.0',
          venue: 'v'.repeat(43),
          deskId: 'host',
          publicKey: 'k'.repeat(43),
          joined: 0,
          nonce: 'n'.repeat(43),
          proof: 'p'.repeat(86),
        }),
      ),
    )
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve))
    const fake = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`
    const unproven = await onMember('venue:join', { address: fake, code }).then(
      () => null,
      (e: { error: { fields?: Record<string, string> } }) => e.error,
    )
    expect(unproven?.fields?.['address']).toBe('it could not prove who it is')
    impostor.close()
    // The code was never sent: it still works, with the fingerprint the host shows.
    expect((await sharing(onMember)).role).toBe('alone')
    await onMember<SharingState>('venue:join', { address: host.hub!.url, code, fingerprint })
    await expect.poll(async () => (await sharing(onMember)).hostFingerprint).toBe(fingerprint)
    await onMember('venue:leave', {})
  })

  it('joins with a desk’s code, and each desk’s changes reach the other', async () => {
    const { code } = await deskCode()
    // The host's Venue view is told the desk joined (it said "works alone" until a reload once).
    const told: SharingState[] = []
    const stop = host.bus.subscribe((event, payload) => event === 'venue:changed' && told.push(payload as SharingState))
    const joined = await onMember<SharingState>('venue:join', { address: host.hub!.url, code })
    await expect.poll(() => told.some((state) => state.role === 'host' && state.joined === 1)).toBe(true)
    stop()
    expect(joined).toMatchObject({ role: 'member', host: host.hub!.url })
    await expect.poll(async () => (await sharing(onMember)).link).toBe('connected')
    await expect.poll(async () => (await sharing(onHost)).role).toBe('host')
    venueOf(member).streams.take('main', 'm1')
    await expect.poll(() => venueOf(host).view().onAir.get('main')).toBe('m1')
    venueOf(host).streams.shareStation('station-1', {
      tournamentId: 't1',
      assignment: { matchId: 'm2', assignedAt: 1 },
    })
    await expect
      .poll(() => venueOf(member).streams.stations().get('station-1')?.value)
      .toMatchObject({
        assignment: { matchId: 'm2' },
      })
  })

  it('keeps working while the host is away, and merges both sides once it is back', async () => {
    const port = new URL(host.hub!.url).port
    await host.close()
    await expect.poll(async () => (await sharing(onMember)).link).toBe('connecting')
    venueOf(member).streams.take('away', 'm7')
    host = await startHost(Number(port))
    venueOf(host).streams.take('side', 'm3')
    await expect.poll(async () => (await sharing(onMember)).link, { timeout: 10_000 }).toBe('connected')
    await expect.poll(() => venueOf(host).view().onAir.get('away')).toBe('m7')
    await expect.poll(() => venueOf(member).view().onAir.get('side')).toBe('m3')
    // What the host had before it went away is still on both.
    expect(venueOf(host).view().onAir.get('main')).toBe('m1')
  })

  it('syncs again after a restart, proving itself with its own key', async () => {
    await member.close()
    member = await startMember()
    await expect.poll(async () => (await sharing(onMember)).link).toBe('connected')
  })

  it('shows a syncing desk as last seen now under Devices, not at its pairing', async () => {
    const deskDevice = async () =>
      (await onHost<HubStatus>('hub:status')).devices.find((device) => device.kind === 'desk')!
    const { pairedAt } = await deskDevice()
    // The desk's sync speaks every second: it is seen after it paired, and again later.
    await expect.poll(async () => (await deskDevice()).lastSeen, { timeout: 5000 }).toBeGreaterThan(pairedAt)
    const seen = (await deskDevice()).lastSeen!
    await expect.poll(async () => (await deskDevice()).lastSeen, { timeout: 5000 }).toBeGreaterThan(seen)
  })

  it('is cut off at once when the host revokes it, and says so', async () => {
    const { devices } = await onHost<{ devices: { id: string; kind: string }[] }>('hub:status')
    const desk = devices.find((d) => d.kind === 'desk')!
    await onHost('hub:revoke', { deviceId: desk.id })
    await expect.poll(async () => (await sharing(onMember)).link).toBe('refused')
    // Out of the venue too: what it proves opens no hub of the venue, so nothing brings it back by itself.
    const memberDesk = venueOf(member).deskId
    expect(venueOf(host).isOut(memberDesk)).toBe(true)
    expect((await sharing(onMember)).refusal).toMatch(/out of the venue/)
    venueOf(member).streams.take('main', 'm9')
    // Past the time a desk without a host starts looking for one.
    await new Promise((resolve) => setTimeout(resolve, 4500))
    expect(venueOf(host).view().onAir.get('main')).toBe('m1')
    expect((await sharing(onMember)).link).toBe('refused')
  })
})
