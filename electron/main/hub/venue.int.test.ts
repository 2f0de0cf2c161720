// The venue network on the hub over real HTTP, on the Demo venue: Companion's control API and its token, pairing
// (single use, five minutes, rate-limited), door devices as the one writer, revocation, and what devices never see.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Participant } from '../../../shared/api'
import type { HubStatus, PairingCode } from '../../../shared/ipc/hub'
import type { DoorOutcome, DoorParticipant } from '../../../shared/venue/door'
import { encodedVariants } from '../../../tests/support/encoded-paths'
import { rawRequest } from '../../../tests/support/raw-http'
import { readEvents } from '../../../tests/support/event-stream-reader'
import { systemClock } from '../clock'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-venue-'))
const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-pages-'))
mkdirSync(join(pagesDir, 'assets'))
writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
writeFileSync(join(pagesDir, 'door.html'), '<!doctype html><title>door</title>')
writeFileSync(join(pagesDir, 'assets', 'door.js'), 'console.log(1)')
writeFileSync(join(pagesDir, 'index.html'), '<!doctype html><title>the desk</title>')
/** Moves the app's time on, to let pairing codes expire. */
let later = 0
const clock = { ...systemClock, now: () => Date.now() + later }

let services: MainServices
let tournamentId = ''
/** Doors check in for a tournament whose check-in is still open (most are not checked in yet). */
let doorTournamentId = ''
let streamId = ''
let people: Participant[] = []

async function value<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await services.dispatch(channel, input)
  if (!result.ok) throw Object.assign(new Error(`${channel}: ${result.error.message}`), { error: result.error })
  return result.value as T
}
const hub = () => services.hub!.url

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const answer = await fetch(`${hub()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  })
  return { status: answer.status, body: (await answer.json().catch(() => ({}))) as Record<string, unknown> }
}

/** Pairs a device through IPC and the exchange route, as the pairing page does; answers its key. */
async function paired(name: string, kind: 'door' | 'overlay' | 'control'): Promise<{ key: string; id: string }> {
  const code = await value<PairingCode>('hub:pair', {
    name,
    kind,
    ...(kind === 'door' && { tournamentId: doorTournamentId }),
  })
  const answer = await post('/pair/v1/exchange', { code: code.code })
  expect(answer.status).toBe(200)
  const device = answer.body['device'] as { id: string }
  return { key: answer.body['key'] as string, id: device.id }
}

const asDevice = (key: string) => ({ 'x-matchdesk-key': key })
const outcome = (answer: { body: Record<string, unknown> }) => answer.body as unknown as DoorOutcome

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir,
    clock,
    credentials: new MemoryCredentialStore(),
    demo: { seed: 1 },
    hub: { port: 0, pagesDir },
    broadcastRefreshMs: 0,
    offline: { probeMinMs: 50, replayBaseMs: 20 },
  })
  const sandbox = services.connections.sandbox
  const named = (name: string) => [...sandbox.store.tournaments.values()].find((t) => t.name === name)!.id
  tournamentId = named('Lyon LAN Winter Cup')
  doorTournamentId = named('Street Fighter Weekly 42')
  await value('tournaments:list', { filters: {} })
  await value('participants:list', { tournamentId, filters: {} })
  people = (
    await value<{ items: Participant[] }>('participants:list', { tournamentId: doorTournamentId, filters: {} })
  ).items.filter((p) => !p.checked_in)
  const streams = await value<{ items: { id: string; name: string }[] }>('streams:list', { tournamentId, filters: {} })
  streamId = streams.items.find((s) => s.name === 'B stream')!.id
  const nodes = await value<{ items: { id: string; status: string; opponents: { participant: unknown }[] }[] }>(
    'bracket:nodes',
    { tournamentId, filters: {} },
  )
  const ready = nodes.items.filter((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant))
  await value('match-streams:replace', { matchId: ready[0]!.id, streamIds: [streamId] })
  await value('match-streams:replace', { matchId: ready[1]!.id, streamIds: [streamId] })
  await value('broadcast:status', { tournamentId })
})
afterAll(() => services.close())

describe('the control API', () => {
  const token = () => services.registry.controlToken

  it('takes the next match, holds, releases and applies with the control token, answering the stream’s state', async () => {
    const bearer = { authorization: `Bearer ${token()}` }
    const taken = await post(`/control/v1/streams/${streamId}/take-next`, undefined, bearer)
    expect(taken.status).toBe(200)
    expect(taken.body).toMatchObject({ streamId, onAir: expect.any(String), held: false })
    expect((taken.body['feed'] as { onAir: { id: string } }).onAir.id).toBe(taken.body['onAir'])
    const held = await post(`/control/v1/streams/${streamId}/hold`, undefined, bearer)
    expect(held.body).toMatchObject({ held: true })
    expect((await post(`/control/v1/streams/${streamId}/apply`, undefined, bearer)).status).toBe(200)
    expect((await post(`/control/v1/streams/${streamId}/release`, undefined, bearer)).body).toMatchObject({
      held: false,
    })
    const queued = taken.body['next'] as string[]
    const direct = await post(`/control/v1/streams/${streamId}/take/${queued[0]}`, {}, bearer)
    expect(direct.body).toMatchObject({ onAir: queued[0] })
  })

  it('says why an action cannot be done, in words', async () => {
    const bearer = { authorization: `Bearer ${token()}` }
    const notHeld = await post(`/control/v1/streams/${streamId}/apply`, undefined, bearer)
    expect(notHeld).toMatchObject({ status: 422, body: { error: expect.stringMatching(/is not held/) } })
    const unknown = await post(`/control/v1/streams/999999/take-next`, undefined, bearer)
    expect(unknown.status).toBe(404)
  })

  it('refuses without the token, with a wrong one, and with an old one after “new token”', async () => {
    const path = `/control/v1/streams/${streamId}/take-next`
    expect((await post(path, undefined)).status).toBe(401)
    expect((await post(path, undefined, { authorization: 'Bearer wrong' })).status).toBe(401)
    expect((await post(path, undefined, { authorization: token() })).status).toBe(401)
    const old = token()
    const rotated = await value<HubStatus>('hub:rotate-control-token')
    expect(rotated.controlToken).not.toBe(old)
    expect((await post(path, undefined, { authorization: `Bearer ${old}` })).status).toBe(401)
    expect((await post(path, undefined, { authorization: `Bearer ${rotated.controlToken}` })).status).toBe(200)
  })

  it('refuses a door device’s key in place of the control token', async () => {
    const door = await paired('Door C', 'door')
    const path = `/control/v1/streams/${streamId}/take-next`
    expect((await post(path, undefined, { authorization: `Bearer ${door.key}` })).status).toBe(401)
    expect((await post(path, undefined, asDevice(door.key))).status).toBe(401)
  })
})

describe('pairing', () => {
  it('makes a short single-use code with a QR code of an address that carries it in the fragment', async () => {
    const code = await value<PairingCode>('hub:pair', { name: 'Door 1', kind: 'door', tournamentId: doorTournamentId })
    expect(code.code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/)
    expect(code.url).toBe(`${hub()}/pair#code=${code.code}`)
    expect(code.qrSvg).toMatch(/^<svg[\s\S]*<path/)
    expect(code.expiresAt - clock.now()).toBeGreaterThan(4.9 * 60_000)
    // Typed as people type it: any case, a space or a dash (or none) between the halves.
    const typed = ` ${code.code.toLowerCase().replace('-', ' ')} `
    expect(await post('/pair/v1/exchange', { code: typed })).toMatchObject({ status: 200 })
    const again = await post('/pair/v1/exchange', { code: code.code })
    expect(again).toMatchObject({ status: 410, body: { error: expect.stringMatching(/already used/) } })
    const status = await value<HubStatus>('hub:status')
    expect(status.devices.find((d) => d.name === 'Door 1')).toMatchObject({
      kind: 'door',
      tournamentId: doorTournamentId,
    })
  })

  it('refuses a code after five minutes', async () => {
    const code = await value<PairingCode>('hub:pair', { name: 'Late', kind: 'overlay' })
    later = 5 * 60_000 + 1000
    try {
      const answer = await post('/pair/v1/exchange', { code: code.code })
      expect(answer).toMatchObject({ status: 410, body: { error: expect.stringMatching(/expired/) } })
    } finally {
      later = 0
    }
  })

  it('names the field when a door has no tournament or a name is too long', async () => {
    await expect(value('hub:pair', { name: 'Door', kind: 'door' })).rejects.toMatchObject({
      error: { code: 'validation', fields: { tournamentId: expect.stringMatching(/one tournament/) } },
    })
    await expect(value('hub:pair', { name: 'x'.repeat(41), kind: 'overlay' })).rejects.toMatchObject({
      error: { code: 'validation', fields: { name: expect.stringMatching(/at most 40/) } },
    })
  })
})

describe('doors, the one writer', () => {
  it('checks in by scan, says already (when and where) and unknown, and never writes twice', async () => {
    const doorA = await paired('Door A', 'door')
    const doorB = await paired('Door B', 'door')
    const target = people.find((p) => p.custom_user_identifier)!
    const sandbox = services.connections.sandbox
    sandbox.stats.reset()
    const minute = () => new Date(clock.now()).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
    const scannedFrom = minute()
    // Two doors scan the same badge at the same moment.
    const [first, second] = await Promise.all([
      post('/door/v1/scan', { code: ` ${target.custom_user_identifier!.toLowerCase()} ` }, asDevice(doorA.key)),
      post('/door/v1/scan', { code: target.custom_user_identifier }, asDevice(doorB.key)),
    ])
    const outcomes = [outcome(first), outcome(second)]
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['already', 'checked-in'])
    const already = outcomes.find((o) => o.outcome === 'already')!
    // The minute of the scan: the one it started in, or the next if a minute turned meanwhile.
    const time = `(${scannedFrom}|${minute()})`
    expect(already.message).toMatch(new RegExp(`already checked in at ${time} \\(Door [AB]\\)$`))
    const outbox = services.connections.active.offline.outbox
    expect(outbox.ofEntity(`participant:${target.id}`).length).toBeLessThanOrEqual(1)
    await expect.poll(() => sandbox.store.participants.get(target.id)?.checked_in).toBe(true)
    await expect.poll(() => outbox.ofEntity(`participant:${target.id}`).length).toBe(0)
    const patches = Object.entries(sandbox.stats.snapshot().routes)
      .filter(([route]) => route.startsWith('PATCH ') && route.includes('participants'))
      .reduce((sum, [, count]) => sum + count, 0)
    expect(patches).toBe(1)

    const unknown = outcome(await post('/door/v1/scan', { code: 'NOPE-1' }, asDevice(doorA.key)))
    expect(unknown).toMatchObject({ outcome: 'unknown', message: 'Unknown code: NOPE-1' })
  })

  it('toggles by tap, and two doors tapping different people write one each', async () => {
    const doorA = await paired('Door D', 'door')
    const doorB = await paired('Door E', 'door')
    const [x, y] = people.filter((p) => !services.connections.sandbox.store.participants.get(p.id)!.checked_in)
    const [a, b] = await Promise.all([
      post('/door/v1/checkin', { participantId: x!.id, checkedIn: true }, asDevice(doorA.key)),
      post('/door/v1/checkin', { participantId: y!.id, checkedIn: true }, asDevice(doorB.key)),
    ])
    expect([outcome(a).outcome, outcome(b).outcome]).toEqual(['checked-in', 'checked-in'])
    expect(outcome(a).participant).toMatchObject({ id: x!.id, checkedIn: true, place: 'Door D' })
    const out = outcome(await post('/door/v1/checkin', { participantId: x!.id, checkedIn: false }, asDevice(doorB.key)))
    expect(out).toMatchObject({ outcome: 'checked-out', participant: { checkedIn: false, place: null } })
    const sandbox = services.connections.sandbox
    await expect.poll(() => sandbox.store.participants.get(y!.id)?.checked_in).toBe(true)
    await expect.poll(() => sandbox.store.participants.get(x!.id)?.checked_in).toBe(false)
  })

  it('refuses bad input naming the field, and a form post (415)', async () => {
    const door = await paired('Door F', 'door')
    const bad = await post('/door/v1/checkin', { participantId: '../x', checkedIn: true }, asDevice(door.key))
    expect(bad).toMatchObject({ status: 400, body: { error: expect.stringMatching(/participantId/) } })
    const long = await post('/door/v1/scan', { code: 'x'.repeat(129) }, asDevice(door.key))
    expect(long).toMatchObject({ status: 400, body: { error: expect.stringMatching(/code.*128/) } })
    const form = await fetch(`${hub()}/door/v1/scan`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...asDevice(door.key) },
      body: 'code=1',
    })
    expect(form.status).toBe(415)
  })

  it('tells doors of changes over SSE, and a revoked door is refused at once and its stream closed', async () => {
    const door = await paired('Door G', 'door')
    const other = await paired('Door H', 'door')
    const response = await fetch(`${hub()}/door/v1/events`, { headers: asDevice(door.key) })
    const events = readEvents(response)
    const until = (pattern: RegExp) => events.until(pattern)
    expect(await until(/event: list/)).toBe('seen')
    const target = people.find((p) => !services.connections.sandbox.store.participants.get(p.id)!.checked_in)!
    await post('/door/v1/checkin', { participantId: target.id, checkedIn: true }, asDevice(other.key))
    expect(await until(new RegExp(`event: changed\\ndata: .*"id":"${target.id}".*"place":"Door H"`))).toBe('seen')

    await value('hub:revoke', { deviceId: door.id })
    expect(await until(/never-comes/)).toBe('closed')
    expect((await fetch(`${hub()}/door/v1/participants`, { headers: asDevice(door.key) })).status).toBe(401)
    const status = await value<HubStatus>('hub:status')
    expect(status.devices.map((d) => d.id)).not.toContain(door.id)
  })

  it('never tells a door or an overlay an email, a badge code, a custom field or a secret', async () => {
    const door = await paired('Door I', 'door')
    const overlay = await paired('OBS PC', 'overlay')
    const token = services.registry.controlToken
    const answers = [
      await (await fetch(`${hub()}/door/v1/participants`, { headers: asDevice(door.key) })).text(),
      await (await fetch(`${hub()}/door/v1/session`, { headers: asDevice(door.key) })).text(),
      JSON.stringify(
        (await post('/door/v1/scan', { code: people[0]!.custom_user_identifier ?? 'x' }, asDevice(door.key))).body,
      ),
      await (await fetch(`${hub()}/feed/v1/streams?key=${overlay.key}`)).text(),
      await (await fetch(`${hub()}/feed/v1/streams/${streamId}?key=${overlay.key}`)).text(),
    ]
    const list = JSON.parse(answers[0]!) as { participants: DoorParticipant[] }
    expect(list.participants.length).toBeGreaterThan(10)
    for (const text of answers) {
      expect(text).not.toMatch(/@|MD-\d|custom_|email|properties|api_?key|secret/i)
      expect(text).not.toContain(token)
      expect(text).not.toContain(door.key)
    }
  })
})

describe('the hub’s guard', () => {
  it('answers only on its own Host, for every route family', async () => {
    const door = await paired('Door J', 'door')
    for (const path of [`/feed/v1/streams/${streamId}`, '/door/v1/session', '/pair', '/overlays/scoreboard']) {
      expect((await rawRequest(hub(), path, { host: 'evil.example', headers: asDevice(door.key) })).status).toBe(403)
      expect((await rawRequest(hub(), path, { host: `evil.example:${services.hub!.port}` })).status).toBe(403)
    }
  })

  it('refuses every encoded spelling of every protected route', async () => {
    // Every route this machine may not use without a key or token, as the hub registered them: a new one is covered
    // without anyone adding it here.
    const filled = (url: string) =>
      url.replace(':streamId', streamId).replace(':matchId', 'm1').replace(':game', 'cs2').replace('*', 'x')
    const protectedRoutes = services
      .hub!.routes()
      .filter((route) => route.allow === 'control' || route.allow === 'door' || route.allow === 'game')
    expect(protectedRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/control/v1/streams/:streamId/take/:matchId',
        '/control/v1/streams/:streamId/release',
        '/control/v1/streams/:streamId/apply',
        '/door/v1/events',
        '/game/v1/:game',
      ]),
    )
    const requests = protectedRoutes.flatMap((route) =>
      encodedVariants(filled(route.url)).map((path) => ({ path, method: route.method })),
    )
    const answered: string[] = []
    for (const { path, method } of requests) {
      const answer = await rawRequest(hub(), path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
      if (answer.status < 400) answered.push(`${method} ${path} ${answer.status}`)
    }
    expect(answered).toEqual([])
    const paths = requests
    expect(paths.length).toBeGreaterThan(200)
  })

  it('serves built assets only: a dot segment after decoding reaches no other page', async () => {
    expect((await rawRequest(hub(), '/assets/door.js')).status).toBe(200)
    const sneaky = [
      '/assets/..%2findex.html',
      '/assets/..%2Fdoor.html',
      '/assets/%2e%2e%2foverlay.html',
      '/assets/.%2e/index.html',
      '/assets/..%5cindex.html',
      '/assets/.%2fdoor.js',
      '/overlays/assets/..%2findex.html',
      '/overlays/assets/..%2f..%2findex.html',
    ]
    const answers = []
    for (const path of sneaky) answers.push(`${path} ${(await rawRequest(hub(), path)).status}`)
    expect(answers).toEqual(sneaky.map((path) => `${path} 404`))
  })

  it('lets this machine read feeds and overlays without a key, and a browser sees what to do when refused', async () => {
    expect((await fetch(`${hub()}/feed/v1/streams/${streamId}`)).status).toBe(200)
    const refused = await fetch(`${hub()}/door/v1/session`, { headers: { accept: 'text/html' } })
    expect(refused.status).toBe(401)
    expect(await refused.text()).toMatch(/not paired.*Venue → Add a device/)
  })
})

// Last: the attempts it makes keep this address waiting for a minute.
describe('pairing attempts', () => {
  it('slows down guessing: ten wrong codes a minute from one address, then 429 with Retry-After', async () => {
    // A minute after the earlier tests' wrong codes, so only this test's attempts count.
    later = 400_000
    const answers = []
    for (let i = 0; i < 11; i++) answers.push(await post('/pair/v1/exchange', { code: `ZZZZ-ZZ${i}Z` }))
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(400))
    expect(answers[10]!.status).toBe(429)
    // Even a good code waits its turn.
    const code = await value<PairingCode>('hub:pair', { name: 'Patient', kind: 'overlay' })
    const raw = await fetch(`${hub()}/pair/v1/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: code.code }),
    })
    expect(raw.status).toBe(429)
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0)
    later = 461_000
    try {
      expect((await post('/pair/v1/exchange', { code: code.code })).status).toBe(200)
    } finally {
      later = 0
    }
  })
})
