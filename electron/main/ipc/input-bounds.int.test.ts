// Oversized, path-like and deeply nested inputs are refused by the contract with field errors, before any request leaves.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMainServices, type MainServices } from '../composition'

let services: MainServices
let participantId = ''

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-bounds-')),
    demo: { seed: 1 },
  })
  const tournament = [...services.connections.sandbox.store.tournaments.values()].find(
    (t) => t.participant_type === 'single',
  )!
  const list = await services.dispatch('participants:list', { tournamentId: tournament.id, filters: {} })
  participantId = list.ok ? (list.value as { items: { id: string }[] }).items[0]!.id : ''
  services.connections.sandbox.stats.reset()
})
afterAll(() => services.close())

const nested = (depth: number) => {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = { a: value }
  return value
}

describe('input bounds', () => {
  it('refuses a 10,000-character id, naming the field and the limit, and sends nothing', async () => {
    for (const [channel, input] of [
      ['tournaments:get', { id: '1'.repeat(10_000) }],
      ['stages:list', { tournamentId: '1'.repeat(10_000) }],
    ] as const) {
      expect(await services.dispatch(channel, input), channel).toMatchObject({
        ok: false,
        error: { code: 'validation', message: expect.stringMatching(/at most 64 characters/) },
      })
    }
    expect(services.connections.sandbox.stats.snapshot().total).toBe(0)
  })

  it('refuses ids that would become path segments', async () => {
    for (const id of ['..', '.', 'a/b', '%2e%2e', 'a?b=c', '']) {
      expect(await services.dispatch('tournaments:get', { id }), id).toMatchObject({
        ok: false,
        error: { code: 'validation' },
      })
    }
  })

  it('answers 5,000-deep custom fields with a validation error, not an internal one', async () => {
    const answer = await services.dispatch('participants:update', {
      id: participantId,
      body: { custom_fields: nested(5000) },
    })
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringMatching(/deeper than 10 levels/) },
    })
    const wide = await services.dispatch('participants:update', {
      id: participantId,
      body: { properties: { blob: 'x'.repeat(70_000) } },
    })
    expect(wide).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringMatching(/larger than 64 KB/) },
    })
  })

  it('still takes custom fields within the bounds', async () => {
    const answer = await services.dispatch('participants:update', {
      id: participantId,
      body: { custom_fields: nested(5) },
    })
    expect(answer).toMatchObject({ ok: true })
  })

  it('refuses a requestId with spaces or control characters', async () => {
    const answer = await services.dispatch('checkin:set', { participantId, checkedIn: true, requestId: 'a b\n' })
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'validation', fields: { requestId: expect.any(String) } },
    })
  })
})
