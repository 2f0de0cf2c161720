// The producer's desk announces each change into its session's changes, by part, so a desk in main hears a Take
// (the floor moves a stream's station to it) without the broadcast desk calling it; the service's changes stay apart.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { StreamState } from '../../../shared/broadcast/feed'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { createMainServices, type MainServices } from '../composition'
import type { SessionChange } from './offline-session'

let services: MainServices
const value = dispatchValue(() => services)

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-producer-changes-')),
    demo: { seed: 1 },
    broadcastRefreshMs: 0,
  })
})
afterAll(() => services.close())

describe('the producer’s changes', () => {
  it('are announced by part and stream, in the tournament of the stream', async () => {
    const tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
      (t) => t.name === 'Lyon LAN Winter Cup',
    )!.id
    await value('tournaments:list', { filters: {} })
    await value('streams:list', { tournamentId, filters: {} })
    await value('bracket:nodes', { tournamentId, filters: {} })
    const {
      streams: [stream],
    } = await value<{ streams: StreamState[] }>('broadcast:status', { tournamentId })
    const heard: SessionChange[] = []
    const stop = services.connections.active.offline.changes.on((change) => heard.push(change))
    try {
      await value('broadcast:hold', { streamId: stream!.streamId, held: true })
      await value('broadcast:hold', { streamId: stream!.streamId, held: false })
      await value('broadcast:casters', {
        streamId: stream!.streamId,
        casters: [{ name: 'Ana', handle: '', pronouns: '' }],
      })
      const parts = heard.flatMap((change) => (change.resource === 'producer' ? [change] : []))
      expect(new Set(parts.map((change) => change.part))).toEqual(new Set(['held', 'casters', 'published']))
      for (const change of parts) expect(change).toMatchObject({ tournamentId, ids: [stream!.streamId] })
    } finally {
      stop()
    }
  })
})
