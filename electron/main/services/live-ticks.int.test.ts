// One live refresh for every desk: the producer's desk, the floor and the doors following one tournament read it once
// a tick (one bracket frontier with every match any of them watches, one participant window), not once each.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { createMainServices, type MainServices } from '../composition'
import { LiveTicks, planTicks } from './live-ticks'
import type { OfflineSession } from './offline-session'

let services: MainServices
const value = dispatchValue(() => services)
let tournamentId = ''

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-ticks-')),
    demo: { seed: 1 },
    broadcastRefreshMs: 0,
  })
  tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
    (t) => t.name === 'Lyon LAN Winter Cup',
  )!.id
  await value('tournaments:list', { filters: {} })
  await value('participants:list', { tournamentId, filters: {} })
  await value('bracket:nodes', { tournamentId, filters: {} })
  await value('streams:list', { tournamentId, filters: {} })
})
afterAll(() => services.close())

/** What four ticks (one slow, three quick) read, per resource. */
async function fourTicks(): Promise<Record<string, number>> {
  const reads = services.connections.active.offline.reads
  const ticked = vi.spyOn(reads, 'tick')
  const swept = vi.spyOn(reads, 'linksOfTournament')
  const refreshed = vi.spyOn(reads, 'refresh')
  try {
    for (let i = 0; i < 4; i++) await services.ticks.tick()
    const counts: Record<string, number> = { links: swept.mock.calls.length }
    for (const [resource] of ticked.mock.calls) counts[resource] = (counts[resource] ?? 0) + 1
    for (const [resource] of refreshed.mock.calls)
      counts[`${resource} (whole)`] = (counts[`${resource} (whole)`] ?? 0) + 1
    return counts
  } finally {
    ticked.mockRestore()
    swept.mockRestore()
    refreshed.mockRestore()
  }
}

describe('the live ticks', () => {
  it('read nothing while no desk follows anything', async () => {
    services.connections.sandbox.stats.reset()
    await services.ticks.tick()
    expect(services.connections.sandbox.stats.snapshot().total).toBe(0)
  })

  it('read a tournament that the desk, the floor and a door follow once a tick, for all three', async () => {
    await value('broadcast:status', { tournamentId })
    await value('floor:state', { tournamentId })
    const stop = services.doors.subscribe(tournamentId, () => undefined)
    try {
      expect(await fourTicks()).toEqual({
        // One frontier a tick (the desk's linked matches and the floor's stations together), not one per desk.
        nodes: 4,
        // The door's list wants a window each tick; the desk's and the floor's slower wish is within it. (A list of
        // this size, a few dozen people, is read whole at each tick rather than in windows.)
        participants: 4,
        'participants (whole)': 4,
        // The floor's sweep of which matches are queued on streams.
        links: 4,
        // What goes on air, every fourth tick.
        'stages (whole)': 1,
        'streams (whole)': 1,
      })
    } finally {
      stop()
    }
  })
})

describe('a view’s own tick', () => {
  it('rides on the desks’ tick of moments ago, and its Refresh button still reads', async () => {
    await value('floor:state', { tournamentId })
    await services.ticks.tick()
    const { stats } = services.connections.sandbox
    stats.reset()
    await value('cache:refresh', { resource: 'nodes', scope: tournamentId })
    expect(stats.snapshot().total).toBe(0)
    await value('cache:refresh', { resource: 'nodes', scope: tournamentId, full: true })
    expect(stats.snapshot().total).toBeGreaterThan(0)
  })
})

describe('a session that closes under a tick', () => {
  it('ends the tick quietly: a read that throws at once or rejects is logged, nothing is left unhandled', async () => {
    const ticks = new LiveTicks()
    const closed = new Error('The database connection is not open')
    const session = {
      db: { open: true },
      connectivity: { state: 'online' },
      reads: {
        tick: () => Promise.reject(closed),
        linksOfTournament: () => {
          throw closed
        },
        refresh: () => Promise.reject(closed),
      },
      lookReads: {
        refresh: () => {
          throw closed
        },
      },
    } as unknown as OfflineSession
    ticks.follow(() => [{ session, tournamentId: 't1', nodes: new Set(), links: true, setup: true }])
    await expect(ticks.tick()).resolves.toBeUndefined()
    ticks.close()
  })
})

describe('planTicks', () => {
  const session = {} as OfflineSession
  const other = {} as OfflineSession

  it('unions the interests in one tournament of one session', () => {
    const plans = planTicks([
      { session, tournamentId: 't1', nodes: new Set(['m1', 'm2']), participants: 'slow', setup: true },
      { session, tournamentId: 't1', nodes: new Set(['m2', 'm3']), participants: 'slow', links: true },
      { session, tournamentId: 't1', participants: 'each', look: true },
      { session, tournamentId: 't2', participants: 'slow' },
      { session: other, tournamentId: 't1', participants: 'each' },
    ])
    expect(plans).toEqual([
      {
        session,
        tournamentId: 't1',
        nodes: new Set(['m1', 'm2', 'm3']),
        participants: 'each',
        setup: true,
        links: true,
        look: true,
      },
      { session, tournamentId: 't2', participants: 'slow', setup: false, links: false, look: false },
      { session: other, tournamentId: 't1', participants: 'each', setup: false, links: false, look: false },
    ])
    expect(plans[1]!.session).toBe(session)
    expect(plans[2]!.session).toBe(other)
  })

  it('reads no bracket for a tournament nobody watches matches of', () => {
    expect(planTicks([{ session, tournamentId: 't1', participants: 'each' }])[0]!.nodes).toBeUndefined()
  })
})
