// Companion's event stream over real HTTP on the Demo venue: a control client is told every followed stream's state
// and OBS at once, then each new one as it happens (a Companion press, a desk Take, the floor); the control token is
// required.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StreamState } from '../../../shared/broadcast/feed'
import type { ObsState } from '../../../shared/broadcast/obs'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { linkedDuels } from '../../../tests/support/linked-duels'
import { readEvents } from '../../../tests/support/event-stream-reader'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-control-events-pages-'))
writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
let services: MainServices
let streamId = ''
let matchIds: string[] = []
let tournamentId = ''
const value = dispatchValue(() => services)
const hub = () => services.hub!.url
const bearer = () => ({ authorization: `Bearer ${services.registry.controlToken}` })

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-control-events-')),
    credentials: new MemoryCredentialStore(),
    demo: { seed: 1 },
    hub: { port: 0, pagesDir },
    broadcastRefreshMs: 0,
  })
  const linked = await linkedDuels(value, 2)
  ;({ tournamentId, streamId } = linked)
  matchIds = linked.duels.map((duel) => duel.id)
  await value('broadcast:take', { streamId, matchId: matchIds[0] })
})
afterAll(() => services.close())

describe('Companion’s event stream', () => {
  it('tells every followed stream’s state at once, then each change as it happens', async () => {
    const controller = new AbortController()
    const response = await fetch(`${hub()}/control/v1/events`, { headers: bearer(), signal: controller.signal })
    expect(response.status).toBe(200)
    const events = readEvents(response)
    const first = await events.next<StreamState>('stream')
    expect(first).toMatchObject({ streamId, onAir: matchIds[0] })
    // Each stream's OBS comes with it (none set up here: it says so).
    expect(await events.next<ObsState>('obs')).toMatchObject({ streamId, link: expect.any(String) })
    await events.next('ready')
    // Companion presses +1 on the left: the new score comes over the stream.
    const before = first.feed.onAir!.opponents.map((o) => o.score ?? 0)
    await fetch(`${hub()}/control/v1/streams/${streamId}/score/left/+1`, { method: 'POST', headers: bearer() })
    const pressed = await events.nextWhere<StreamState>('stream', (s) => s.live?.journal[0]?.by === 'companion')
    expect(pressed.feed.onAir!.opponents.map((o) => o.score ?? 0)).toEqual([before[0]! + 1, before[1]])
    expect(pressed.live!.journal[0]!.by).toBe('companion')
    // A Take at the desk comes too.
    await value('broadcast:take', { streamId, matchId: matchIds[1] })
    expect((await events.nextWhere<StreamState>('stream', (s) => s.onAir !== matchIds[0])).onAir).toBe(matchIds[1])
    // And a change of the floor: a station added at the desk.
    await value('floor:state', { tournamentId })
    await value('floor:create-stations', { tournamentId, prefix: 'Station', from: 1, to: 2 })
    expect(await events.next<{ stations: unknown[] }>('floor')).toMatchObject({ stations: expect.any(Array) })
    controller.abort()
  })

  it('tells each stream’s OBS fields, in the tournament’s language, and every followed floor at once', async () => {
    const controller = new AbortController()
    const response = await fetch(`${hub()}/control/v1/events`, { headers: bearer(), signal: controller.signal })
    const events = readEvents(response)
    const state = await events.next<StreamState & { fields: Record<string, string> }>('stream')
    const names = state.feed.onAir!.opponents.map((o) => o.name)
    expect(state.fields).toMatchObject({ 'left-name': names[0], 'right-name': names[1], round: expect.any(String) })
    // The floor opened at the desk (the test before) is told before `ready`.
    expect(await events.next<{ tournamentId: string }>('floor')).toMatchObject({ tournamentId })
    controller.abort()
  })

  it('ends the streams opened with the old token when a new one is made', async () => {
    const response = await fetch(`${hub()}/control/v1/events`, { headers: bearer() })
    const events = readEvents(response)
    await events.next('ready')
    await value('hub:rotate-control-token', {})
    expect(await events.until(/never/)).toBe('closed')
    // The new token opens it again.
    const again = await fetch(`${hub()}/control/v1/events`, { headers: bearer() })
    expect(again.status).toBe(200)
    await again.body!.cancel()
  })

  it('needs the control token', async () => {
    expect((await fetch(`${hub()}/control/v1/events`)).status).toBe(401)
    const wrong = await fetch(`${hub()}/control/v1/events`, { headers: { authorization: 'Bearer not-the-token' } })
    expect(wrong.status).toBe(401)
  })
})
