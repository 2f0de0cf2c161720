// A requestId answers only the write it was given to: a repeat gets the first receipt, any other use is a conflict.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMainServices, type MainServices } from '../composition'

let services: MainServices
let tournamentId = ''
let participantId = ''

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-requests-')),
    demo: { seed: 1 },
  })
  tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
    (t) => t.name === 'Street Fighter Weekly 42',
  )!.id
  const list = await services.dispatch('participants:list', { tournamentId, filters: {} })
  participantId = list.ok ? (list.value as { items: { id: string }[] }).items[0]!.id : ''
  await services.dispatch('streams:list', { tournamentId, filters: {} })
})
afterAll(() => services.close())

const stream = (name: string) => ({
  tournament_id: tournamentId,
  name,
  url: 'https://www.twitch.tv/reqid',
  language: 'en',
})

describe('request ids', () => {
  it('answers a repeat of the same write with its first receipt', async () => {
    const first = await services.dispatch('checkin:set', { participantId, checkedIn: true, requestId: 'r-repeat' })
    const again = await services.dispatch('checkin:set', { participantId, checkedIn: true, requestId: 'r-repeat' })
    expect(first.ok && again.ok).toBe(true)
    expect(again).toEqual(first)
  })

  it('refuses the same requestId on another channel, and creates nothing', async () => {
    await services.dispatch('checkin:set', { participantId, checkedIn: false, requestId: 'r-shared' })
    const reused = await services.dispatch('streams:create', { body: stream('Reused id'), requestId: 'r-shared' })
    expect(reused).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringMatching(/checkin:set/) },
    })
    const streams = await services.dispatch('streams:list', { tournamentId, filters: {} })
    expect(
      streams.ok && (streams.value as { items: { name: string }[] }).items.some((s) => s.name === 'Reused id'),
    ).toBe(false)
  })

  it('refuses the same requestId with another payload on the same channel', async () => {
    await services.dispatch('streams:create', { body: stream('First body'), requestId: 'r-body' })
    const other = await services.dispatch('streams:create', { body: stream('Second body'), requestId: 'r-body' })
    expect(other).toMatchObject({ ok: false, error: { code: 'conflict' } })
  })

  it('answers not_found for sync:retry and sync:discard of a write that does not exist', async () => {
    for (const channel of ['sync:retry', 'sync:discard']) {
      expect(await services.dispatch(channel, { seq: 987_654 }), channel).toMatchObject({
        ok: false,
        error: { code: 'not_found', message: expect.stringMatching(/987654/) },
      })
    }
  })

  it('refuses to discard a write that is being sent right now, since it may still land', async () => {
    const offline = services.connections.active.offline
    await services.connections.sandbox.faults.setOffline(true)
    await services.dispatch('checkin:set', { participantId, checkedIn: true })
    const seq = offline.outbox.rows().at(-1)!.seq
    offline.outbox.claim(seq)
    expect(await services.dispatch('sync:discard', { seq })).toMatchObject({
      ok: false,
      error: { code: 'conflict', message: expect.stringMatching(/being sent/) },
    })
    offline.outbox.release(seq)
    expect(await services.dispatch('sync:discard', { seq })).toMatchObject({ ok: true })
    await services.connections.sandbox.faults.setOffline(false)
  })
})
