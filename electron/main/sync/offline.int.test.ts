// Offline tolerance end to end through IPC against the sandbox: nothing lost, nothing duplicated, refusals visible.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Sandbox } from '../../../sandbox/index'
import { createMainServices, type MainServices } from '../composition'

let services: MainServices
let sandbox: Sandbox
let tournamentId: string

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-offline-')),
    demo: { seed: 1 },
    offline: { probeMinMs: 50, replayBaseMs: 20 },
  })
  sandbox = services.connections.sandbox
  tournamentId = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Street Fighter Weekly 42')!.id
})
afterAll(() => services.close())
afterEach(() => sandbox.faults.update({ offline: false, loseResponseRate: 0, failureRate: 0, dropRate: 0 }))

async function value<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await services.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`)
  return result.value as T
}
const drained = () => services.connections.active.offline.replayer.drain(15_000)
/** Waits until the waiting creation was sent once and its answer lost: the next attempt has to look it up. */
async function lostOnce(): Promise<void> {
  const row = () => services.connections.active.offline.outbox.rows()[0]
  await expect.poll(() => row() && row()!.attempts > 0 && row()!.outcomeUnknown, { timeout: 5000 }).toBe(true)
}
type P = { id: string; name: string; checked_in: boolean; checked_in_at: string | null }
type S = { id: string; name: string; url: string; language: string }

describe('offline tolerance', () => {
  it('checks three participants in while offline, shows them waiting, and drains when the service is back', async () => {
    const { items } = await value<{ items: P[] }>('participants:list', {
      tournamentId,
      filters: { is_checked_in: false },
    })
    const three = items.slice(0, 3)
    await sandbox.faults.setOffline(true)
    for (const p of three) {
      const receipt = await value<{ state: string; value: P }>('checkin:set', { participantId: p.id, checkedIn: true })
      expect(receipt).toMatchObject({ state: 'pending', value: { id: p.id, checked_in: true } })
      expect(receipt.value.checked_in_at).not.toBeNull()
    }
    await expect.poll(async () => (await value<{ connection: string }>('sync:status')).connection).toBe('offline')
    const offline = await value<{ pending: number; waiting: { label: string }[] }>('sync:status')
    expect(offline.pending).toBe(3)
    expect(offline.waiting.map((w) => w.label)).toEqual(three.map((p) => `Check-in of ${p.name}`))
    const cached = await value<{ items: P[] }>('participants:list', { tournamentId, filters: {} })
    expect(cached.items.filter((p) => three.some((t) => t.id === p.id)).every((p) => p.checked_in)).toBe(true)
    for (const p of three) expect(sandbox.store.participants.get(p.id)!.checked_in).toBe(false)

    await sandbox.faults.setOffline(false)
    await expect
      .poll(async () => (await value<{ pending: number }>('sync:status')).pending, { timeout: 10_000 })
      .toBe(0)
    for (const p of three) expect(sandbox.store.participants.get(p.id)!.checked_in).toBe(true)
    expect((await value<{ connection: string }>('sync:status')).connection).toBe('online')
  })

  it('names disciplines from the local copy while offline (the tournament list shows names, not ids)', async () => {
    const online = await value<{ id: string; name: string }[]>('disciplines:list')
    expect(online.length).toBeGreaterThan(0)
    await sandbox.faults.setOffline(true)
    try {
      expect(await value<{ id: string; name: string }[]>('disciplines:list')).toEqual(online)
    } finally {
      await sandbox.faults.setOffline(false)
    }
  })

  it('a stream created offline keeps a local id; its edit and match link follow it to the service id', async () => {
    const nodes = await value<{ items: { id: string }[] }>('bracket:nodes', { tournamentId, filters: {} })
    await value('streams:list', { tournamentId, filters: {} })
    const match = nodes.items[0]!.id
    await sandbox.faults.setOffline(true)
    const created = await value<{ state: string; value: S }>('streams:create', {
      body: { tournament_id: tournamentId, name: 'Offline cam', url: 'https://twitch.tv/offcam', language: 'en' },
    })
    expect(created.value.id).toMatch(/^local-/)
    await value('streams:update', { id: created.value.id, body: { language: 'fr' } })
    await value('match-streams:replace', { matchId: match, streamIds: [created.value.id] })
    expect((await value<{ streamIds: string[] }>('match-streams:get', { matchId: match })).streamIds).toEqual([
      created.value.id,
    ])
    await sandbox.faults.setOffline(false)
    await drained()
    const onService = [...sandbox.store.streams.values()].filter((s) => s.name === 'Offline cam')
    expect(onService).toHaveLength(1)
    expect(onService[0]).toMatchObject({ language: 'fr', url: 'https://twitch.tv/offcam' })
    expect(sandbox.store.matchStreams.get(match)).toEqual([onService[0]!.id])
    const streams = await value<{ items: S[] }>('streams:list', { tournamentId, filters: {} })
    expect(streams.items.find((s) => s.name === 'Offline cam')!.id).toBe(onService[0]!.id)
    // The renderer may still hold the local id: it keeps working.
    expect(
      (await value<{ value: S }>('streams:update', { id: created.value.id, body: { name: 'Offline cam 2' } })).value.id,
    ).toBe(onService[0]!.id)
    await drained()
    expect(sandbox.store.streams.get(onService[0]!.id)!.name).toBe('Offline cam 2')
  })

  it('drains many entities at once at a real round trip, each creation before the links that name it', async () => {
    const nodes = await value<{ items: { id: string }[] }>('bracket:nodes', { tournamentId, filters: {} })
    const people = (await value<{ items: P[] }>('participants:list', { tournamentId, filters: {} })).items.slice(0, 12)
    await value('streams:list', { tournamentId, filters: {} })
    await sandbox.faults.setOffline(true)
    const links: [string, string][] = []
    for (let i = 0; i < 6; i++) {
      const created = await value<{ value: S }>('streams:create', {
        body: {
          tournament_id: tournamentId,
          name: `Parallel cam ${i}`,
          url: `https://twitch.tv/par${i}`,
          language: 'en',
        },
      })
      const match = nodes.items[10 + i]!.id
      await value('match-streams:replace', { matchId: match, streamIds: [created.value.id] })
      links.push([match, `Parallel cam ${i}`])
    }
    for (const person of people) await value('checkin:set', { participantId: person.id, checkedIn: !person.checked_in })
    await sandbox.faults.update({ latencyMs: 30 })
    await sandbox.faults.setOffline(false)
    await drained()
    await sandbox.faults.update({ latencyMs: 0 })
    for (const [match, name] of links) {
      const made = [...sandbox.store.streams.values()].filter((s) => s.name === name)
      expect(made).toHaveLength(1)
      expect(sandbox.store.matchStreams.get(match)).toEqual([made[0]!.id])
    }
    for (const person of people) expect(sandbox.store.participants.get(person.id)!.checked_in).toBe(!person.checked_in)
  })

  it('a creation whose answer was lost is looked up, not sent again', async () => {
    await value('streams:list', { tournamentId, filters: {} })
    await sandbox.faults.update({ loseResponseRate: 1 })
    await value('streams:create', {
      body: { tournament_id: tournamentId, name: 'Lost answer cam', url: 'https://twitch.tv/lost', language: 'de' },
    })
    await lostOnce()
    await sandbox.faults.update({ loseResponseRate: 0 })
    await drained()
    expect([...sandbox.store.streams.values()].filter((s) => s.name === 'Lost answer cam')).toHaveLength(1)
    const cached = (await value<{ items: S[] }>('streams:list', { tournamentId, filters: {} })).items.filter(
      (s) => s.name === 'Lost answer cam',
    )
    expect(cached).toHaveLength(1)
    expect(cached[0]!.id).not.toMatch(/^local-/)
  })

  it('a creation whose answer was lost never adopts an identical stream that existed before it was sent', async () => {
    // Another tournament than the one the stream-count tests fill up.
    const chess = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Chess Rapid Open')!.id
    await value('streams:list', { tournamentId: chess, filters: {} })
    const body = { tournament_id: chess, name: 'Twin cam', url: 'https://twitch.tv/twin', language: 'fr' }
    // Someone else's stream, identical to the one about to be created here.
    const theirs = { id: sandbox.store.ids.next(), ...body }
    sandbox.store.streams.set(theirs.id, theirs)
    await sandbox.faults.update({ loseResponseRate: 1 })
    await value('streams:create', { body })
    await lostOnce()
    await sandbox.faults.update({ loseResponseRate: 0 })
    await drained()
    const twins = [...sandbox.store.streams.values()].filter((s) => s.name === 'Twin cam')
    expect(twins).toHaveLength(2)
    const ours = (await value<{ items: S[] }>('streams:list', { tournamentId: chess, filters: {} })).items.find(
      (s) => s.name === 'Twin cam' && s.id !== theirs.id,
    )!
    expect(ours.id).not.toMatch(/^local-/)
    // Deleting ours in Matchdesk leaves theirs alone.
    await value('streams:delete', { id: ours.id })
    await drained()
    expect(sandbox.store.streams.get(theirs.id)).toEqual(theirs)
    expect(sandbox.store.streams.has(ours.id)).toBe(false)
  })

  it('a creation the service answered with an error was not made: a twin someone makes before the retry is not adopted', async () => {
    const chess = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Chess Rapid Open')!.id
    const body = { tournament_id: chess, name: 'Refused cam', url: 'https://twitch.tv/refused', language: 'es' }
    await value('streams:list', { tournamentId: chess, filters: {} }) // signed in, with the list cached
    await sandbox.faults.update({ failureRate: 1, failureStatus: 503, failureMethods: ['POST'], retryAfterSeconds: 0 })
    await value('streams:create', { body })
    const row = () => services.connections.active.offline.outbox.rows().find((r) => r.write.kind === 'stream.create')
    // Between attempts (the next one marks itself sending again), the refused creation is known not to be made.
    await expect
      .poll(() => row() && row()!.attempts > 0 && !row()!.outcomeUnknown, { timeout: 5000, interval: 5 })
      .toBe(true)
    const theirs = { id: sandbox.store.ids.next(), ...body }
    sandbox.store.streams.set(theirs.id, theirs)
    await sandbox.faults.update({ failureRate: 0, failureMethods: undefined })
    await drained()
    expect([...sandbox.store.streams.values()].filter((s) => s.name === 'Refused cam')).toHaveLength(2)
  })

  it('a creation whose answer was lost is found although someone deletes a stream while it is looked up', async () => {
    const scrims = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Staff Scrim Night')!.id
    await value('streams:list', { tournamentId: scrims, filters: {} })
    // Fifty streams of someone else's: ours is the 51st, the first item of the lookup's second range.
    const others = Array.from({ length: 50 }, (_, i) => ({
      id: sandbox.store.ids.next(),
      tournament_id: scrims,
      name: `Their cam ${i}`,
      url: `https://twitch.tv/theirs_${i}`,
      language: 'it',
    }))
    for (const other of others) sandbox.store.streams.set(other.id, other)
    await sandbox.faults.update({ loseResponseRate: 1 })
    await value('streams:create', {
      body: { tournament_id: scrims, name: 'Shifted cam', url: 'https://twitch.tv/shifted', language: 'it' },
    })
    await lostOnce()
    expect([...sandbox.store.streams.values()].filter((s) => s.name === 'Shifted cam')).toHaveLength(1)
    // Someone deletes their first stream just before the lookup's second range is answered: the list shifts by one.
    const answer = sandbox.stats.onRequest
    const deleting = vi.spyOn(sandbox.stats, 'onRequest').mockImplementation(async (request) => {
      if (request.method === 'GET' && /^streams=[1-9]/.test(String(request.headers.range))) {
        sandbox.store.streams.delete(others[0]!.id)
        deleting.mockRestore()
      }
      return answer(request)
    })
    await sandbox.faults.update({ loseResponseRate: 0 })
    await drained()
    deleting.mockRestore()
    expect(sandbox.store.streams.has(others[0]!.id)).toBe(false)
    expect([...sandbox.store.streams.values()].filter((s) => s.name === 'Shifted cam')).toHaveLength(1)
  })
  it('tells the views when a match’s links change: written here, or read from the service as someone else made them', async () => {
    const heard: { resource: string; scope: string }[] = []
    const stop = services.bus.subscribe((event, payload) => {
      if (event === 'cache:updated' && (payload as { resource: string }).resource === 'match-streams')
        heard.push(payload as { resource: string; scope: string })
    })
    const streams = await value<{ items: S[] }>('streams:list', { tournamentId, filters: {} })
    const nodes = await value<{ items: { id: string; status: string }[] }>('bracket:nodes', {
      tournamentId,
      filters: {},
    })
    const [here, elsewhere] = nodes.items.filter((n) => n.status !== 'completed')
    await value('match-streams:replace', { matchId: here!.id, streamIds: [streams.items[0]!.id] })
    // Told at once (and once more if the service acknowledged it meanwhile, which may already have happened).
    expect(heard[0]).toEqual({ resource: 'match-streams', scope: tournamentId })
    await drained()
    // Linked on the service by someone else: read into the local copy, and told.
    const told = heard.length
    sandbox.store.matchStreams.set(elsewhere!.id, [streams.items[0]!.id])
    expect(await value<{ streamIds: string[] }>('match-streams:get', { matchId: elsewhere!.id })).toMatchObject({
      streamIds: [streams.items[0]!.id],
    })
    expect(heard.slice(told)).toEqual([{ resource: 'match-streams', scope: tournamentId }])
    stop()
  })

  it('a delete answered 404 is done', async () => {
    const { items } = await value<{ items: S[] }>('streams:list', { tournamentId, filters: {} })
    const doomed = items.find((s) => !s.id.startsWith('local-'))!
    sandbox.store.deleteStream(doomed.id)
    expect(await value('streams:delete', { id: doomed.id })).toMatchObject({ state: 'pending' })
    await drained()
    expect((await value<{ attention: unknown[] }>('sync:status')).attention).toEqual([])
  })

  it('a write the service refuses waits in “needs attention” with its reason, then retry or discard', async () => {
    const { items } = await value<{ items: P[] }>('participants:list', { tournamentId, filters: {} })
    const gone = items.at(-1)!
    sandbox.store.participants.delete(gone.id)
    await value('checkin:set', { participantId: gone.id, checkedIn: true })
    await expect
      .poll(async () => (await value<{ attention: unknown[] }>('sync:status')).attention.length, { timeout: 5000 })
      .toBe(1)
    const status = await value<{ pending: number; attention: { seq: number; label: string; error: string }[] }>(
      'sync:status',
    )
    // Named as the person at the door would say it, not by ids.
    expect(status.attention[0]).toMatchObject({
      label: `Check-in of ${gone.name}`,
      error: 'the participant no longer exists on the service',
    })
    expect(status.pending).toBe(0)
    await value('sync:retry', { seq: status.attention[0]!.seq })
    await expect
      .poll(async () => (await value<{ attention: unknown[] }>('sync:status')).attention.length, { timeout: 5000 })
      .toBe(1)
    const after = await value<{ attention: unknown[] }>('sync:discard', { seq: status.attention[0]!.seq })
    expect(after.attention).toEqual([])
    const refreshed = await value<{ items: P[] }>('participants:list', { tournamentId, filters: {} })
    expect(refreshed.items.map((p) => p.id)).not.toContain(gone.id)
  })

  it('enforces 128 streams per tournament and 32 per match against the cache while offline', async () => {
    const { items } = await value<{ items: S[] }>('streams:list', { tournamentId, filters: {} })
    const match = (await value<{ items: { id: string }[] }>('bracket:nodes', { tournamentId, filters: {} })).items[1]!
      .id
    await sandbox.faults.setOffline(true)
    for (let i = items.length; i < 128; i++) {
      await value('streams:create', {
        body: { tournament_id: tournamentId, name: `Bulk ${i}`, url: `https://twitch.tv/bulk${i}`, language: 'en' },
      })
    }
    const refused = await services.dispatch('streams:create', {
      body: { tournament_id: tournamentId, name: 'One too many', url: 'https://twitch.tv/x', language: 'en' },
    })
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { tournament_id: 'a tournament can have at most 128 streams' } },
    })
    const all = (await value<{ items: S[] }>('streams:list', { tournamentId, filters: {} })).items
    const tooMany = await services.dispatch('match-streams:replace', {
      matchId: match,
      streamIds: all.slice(0, 33).map((s) => s.id),
    })
    expect(tooMany).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { streamIds: 'a match can have at most 32 streams (got 33)' } },
    })
    expect(
      await value('match-streams:replace', { matchId: match, streamIds: all.slice(0, 32).map((s) => s.id) }),
    ).toMatchObject({ state: 'pending' })
    await sandbox.faults.setOffline(false)
    await drained()
    expect(sandbox.store.streamsOfTournament(tournamentId)).toHaveLength(128)
    expect(sandbox.store.matchStreams.get(match)).toHaveLength(32)
  })

  it('reads answer from the cache while offline, saying when it was refreshed', async () => {
    const online = await value<{ items: unknown[]; refreshedAt: number }>('stages:list', { tournamentId })
    await sandbox.faults.setOffline(true)
    const offline = await value<{ items: unknown[]; refreshedAt: number }>('stages:list', { tournamentId })
    expect(offline).toEqual(online)
    await sandbox.faults.setOffline(false)
  })

  it('a repeated request id answers the first receipt and writes once', async () => {
    const { items } = await value<{ items: P[] }>('participants:list', { tournamentId, filters: {} })
    await sandbox.faults.setOffline(true)
    const first = await value('checkin:set', { participantId: items[0]!.id, checkedIn: false, requestId: 'req-1' })
    const again = await value('checkin:set', { participantId: items[0]!.id, checkedIn: false, requestId: 'req-1' })
    expect(again).toEqual(first)
    expect(services.connections.active.offline.outbox.rows()).toHaveLength(1)
    await sandbox.faults.setOffline(false)
    await drained()
  })
})
