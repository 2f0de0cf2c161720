// Live ticks of the 2,048-entrant bracket on the large Demo venue: reading only the frontier and a rolling window
// ends in the same local copy as reading everything, and views are told exactly the nodes that changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MainServices } from '../composition'
import { largeDemo, movableClock } from '../../../tests/support/large-demo'
import { LINKS_SWEEP_MS } from './link-reads'
import { SHARED_TICK_MS } from './live-reads'

let services: MainServices
let tournamentId = ''
/** Link sweeps and a view's ticks are spaced in time: the clock is moved on between them. */
const { clock, skip } = movableClock()
const updates: { upserted: { id: string }[] }[] = []

beforeAll(async () => {
  ;({ services, tournamentId } = await largeDemo('frontier', { clock }))
  const first = await services.dispatch('bracket:nodes', { tournamentId, filters: {} })
  expect(first.ok).toBe(true)
  services.bus.subscribe((event, payload) => {
    const p = payload as { resource: string; changes?: { upserted: { id: string }[] } }
    if (event === 'cache:updated' && p.resource === 'nodes' && p.changes) updates.push(p.changes)
  })
}, 60_000)
afterAll(() => services.close())

const cached = () => services.connections.active.offline.cache.list('nodes', tournamentId)
const serviceNodes = () => services.connections.active.api.bracketNodes.list({ tournament_ids: [tournamentId] }).all()
async function tick(full = false) {
  skip(SHARED_TICK_MS)
  const result = await services.dispatch('cache:refresh', { resource: 'nodes', scope: tournamentId, full })
  if (!result.ok) throw new Error(result.error.message)
  return result.value as { requests: number; changed: number }
}

/** The venue moves on as stations do: every running match ends, and up to 16 ready ones start. */
function play() {
  const { store, engine } = services.connections.sandbox
  const nodes = [...store.nodes.values()].filter((n) => n.tournament_id === tournamentId)
  for (const node of nodes) if (node.status === 'running') engine.complete(node)
  nodes
    .filter((n) => engine.isReady(n))
    .slice(0, 16)
    .forEach((n) => engine.start(n))
}

describe('frontier refresh', () => {
  it('after ticks with matches advancing, the local copy equals a full read of the service', async () => {
    let requests = 0
    for (let i = 0; i < 12; i++) {
      play()
      updates.length = 0
      const result = await tick()
      requests += result.requests
      // What views hear is exactly what changed, never the whole bracket.
      expect(updates.at(-1)?.upserted.length ?? 0).toBe(result.changed)
      expect(result.changed).toBeLessThan(200)
    }
    expect(requests / 12).toBeLessThan(8)
    expect(cached()).toEqual(await serviceNodes())
  })

  it('an edit away from the frontier arrives with the rolling window, or at once with a full tick', async () => {
    const { store } = services.connections.sandbox
    const far = cached().find((n) => n.status === 'completed' && n.opponents[0]?.participant)!
    const person = store.participants.get(far.opponents[0]!.participant!.id)!
    person.name = 'Renamed Far Away'
    const cycle = Math.ceil(cached().length / 128)
    let ticks = 0
    while (cached().find((n) => n.id === far.id)!.opponents[0]!.participant!.name !== 'Renamed Far Away') {
      await tick()
      expect(++ticks).toBeLessThanOrEqual(cycle)
    }
    person.name = 'Renamed Again'
    await tick(true)
    expect(cached().find((n) => n.id === far.id)!.opponents[0]!.participant!.name).toBe('Renamed Again')
    expect(cached()).toEqual(await serviceNodes())
  })

  it('reads the whole bracket again when the list no longer lines up with the local copy', async () => {
    const { store } = services.connections.sandbox
    const victim = cached().find((n) => n.status === 'running' || n.status === 'pending')!
    store.nodes.delete(victim.id)
    await tick()
    expect(cached().some((n) => n.id === victim.id)).toBe(false)
    expect(cached()).toEqual(await serviceNodes())
  })

  it('reads match links at the frontier and a rolling window, not one request per open match at once', async () => {
    const { sandbox } = services.connections
    const linkReads = () => sandbox.stats.count('GET', '/organizer/v2/matches/:match_id/streams')
    const open = cached().filter((n) => n.status !== 'completed')
    expect(open.length).toBeGreaterThan(1000)
    const before = linkReads()
    const links = await services.dispatch('match-streams:of-tournament', { tournamentId })
    expect(links.ok).toBe(true)
    expect(linkReads() - before).toBeLessThan(200)
    // Asked again at once (a desk told of each link read asks again): answered from the local copy.
    const again = linkReads()
    expect((await services.dispatch('match-streams:of-tournament', { tournamentId })).ok).toBe(true)
    expect(linkReads() - again).toBe(0)
    // A far match linked on the service shows within one cycle of the rolling window, one sweep at a time.
    const far = open.at(-1)!
    const stream = [...sandbox.store.streams.values()].find((st) => st.tournament_id === tournamentId)!
    sandbox.store.matchStreams.set(far.id, [stream.id])
    const cycle = Math.ceil(open.length / 64) + 1
    for (let call = 1; ; call++) {
      skip(LINKS_SWEEP_MS)
      const result = await services.dispatch('match-streams:of-tournament', { tournamentId })
      if (result.ok && (result.value as Record<string, string[]>)[far.id]?.includes(stream.id)) {
        // The answer is every open match's links as the local copy holds them, match by match.
        const { cache } = services.connections.active.offline
        expect(result.value).toEqual(Object.fromEntries(open.map((n) => [n.id, cache.matchStreams(n.id) ?? []])))
        break
      }
      expect(call).toBeLessThanOrEqual(cycle)
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }, 120_000)
})

describe('the check-in list at full size', () => {
  const people = () => services.connections.active.offline.cache.list('participants', tournamentId)
  const serviceList = () => services.connections.active.api.participants.list({ tournament_ids: [tournamentId] }).all()
  async function refresh() {
    skip(SHARED_TICK_MS)
    const result = await services.dispatch('cache:refresh', { resource: 'participants', scope: tournamentId })
    if (!result.ok) throw new Error(result.error.message)
    return result.value as { requests: number; changed: number }
  }

  it('reads four windows of 50 a tick, and after a cycle equals a full read; a list that moved is read whole', async () => {
    const loaded = await services.dispatch('participants:list', { tournamentId, filters: {} })
    expect(loaded.ok).toBe(true)
    const { store } = services.connections.sandbox
    const arrived = [...store.participants.values()].filter((p) => p.tournament_id === tournamentId && !p.checked_in)
    for (const person of arrived.slice(0, 30)) person.checked_in = true
    const cycle = Math.ceil(people().length / 200)
    let changed = 0
    for (let i = 0; i < cycle; i++) {
      const tick = await refresh()
      expect(tick.requests).toBe(4)
      changed += tick.changed
    }
    expect(changed).toBe(30)
    expect(people()).toEqual(await serviceList())

    // Someone registers: the windows no longer line up with the local copy, and the tick reads everything.
    const created = await services.connections.active.api.participants.create({
      tournament_id: tournamentId,
      type: 'player',
      name: 'Late Registration 2',
      logo: null,
    } as never)
    const whole = await refresh()
    expect(whole.requests).toBeGreaterThan(4)
    expect(people().map((p) => p.id)).toContain(created.id)
  })
})
