// Live ticks of the large event's bracket at 50 ms latency while matches advance: requests per tick and bytes over
// IPC per tick, the frontier way against reading everything (what every tick did before), same run. Two paces: the
// Demo venue's own (its 16 stations playing 6–12 min sets, 10 s of event time between ticks, as a view refreshing
// every 10 s sees it) and a burst where all 16 matches end and 16 start between every two ticks.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { createMainServices } from '../../electron/main/composition'
import { MemoryCredentialStore } from '../../electron/main/secrets/memory-store'
import { round } from './stats'

const TICKS = 40
const LATENCY_MS = 50
/** Event time runs this many times faster than wall time, so 10 s of the venue pass in 200 ms. */
const SPEED = 50
const TICK_EVENT_MS = 10_000

export async function measureRefreshTicks() {
  const services = await createMainServices({
    version: 'bench',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-bench-ticks-')),
    credentials: new MemoryCredentialStore(),
    demo: { size: 'large', seed: 1, speed: SPEED },
  })
  const { sandbox } = services.connections
  const tournamentId = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Mega Open')!.id
  const input = { tournamentId, filters: {} }
  const first = await services.dispatch('bracket:nodes', input)
  if (!first.ok) throw new Error(first.error.message)
  await sandbox.faults.update({ latencyMs: LATENCY_MS })

  let eventBytes = 0
  services.bus.subscribe((event, payload) => {
    if (event === 'cache:updated') eventBytes += JSON.stringify(payload).length
  })
  const nodeRequests = () => sandbox.stats.count('GET', '/organizer/v2/bracket-nodes')
  /** The venue moves on at its own pace: 10 s of event time, then its simulation steps. */
  const venuePace = async () => {
    await new Promise((resolve) => setTimeout(resolve, TICK_EVENT_MS / SPEED))
    sandbox.live.step()
  }
  /** A burst: every running match ends and the next 16 ready ones are called (the venue's order) between two ticks. */
  const burst = async () => {
    const nodes = [...sandbox.store.nodes.values()].filter((n) => n.tournament_id === tournamentId)
    for (const node of nodes) if (node.status === 'running') sandbox.engine.complete(node)
    nodes
      .filter((n) => sandbox.engine.isReady(n))
      .sort((a, b) => (a.scheduled_datetime ?? '').localeCompare(b.scheduled_datetime ?? '') || a.number - b.number)
      .slice(0, 16)
      .forEach((n) => sandbox.engine.start(n))
  }
  const answerBytes = async (channel: string, value: unknown) => {
    const result = await services.dispatch(channel, value)
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
    return JSON.stringify(result).length
  }

  // Before: each tick the view read the whole list (which refreshed all of it behind) and again on cache:updated.
  const reads = services.connections.active.offline.reads
  let wholeRequests = 0
  let wholeBytes = 0
  sandbox.live.step() // the venue calls matches to its free stations
  for (let i = 0; i < 5; i++) {
    await venuePace()
    const requestsBefore = nodeRequests()
    eventBytes = 0
    await reads.refresh('nodes', tournamentId)
    wholeRequests += nodeRequests() - requestsBefore
    wholeBytes += 2 * (await answerBytes('bracket:nodes', input)) + eventBytes
  }

  // Now: a tick asks for the frontier; the view hears the changed nodes.
  const frontierTicks = async (advance: () => Promise<void>) => {
    let requests = 0
    let bytes = 0
    let changed = 0
    let ms = 0
    for (let i = 0; i < TICKS; i++) {
      await advance()
      const requestsBefore = nodeRequests()
      eventBytes = 0
      const started = performance.now()
      // The frontier tick itself: a view's cache:refresh would ride on a tick made within 4 s of wall time, which
      // at this compressed pace is every tick (see SHARED_TICK_MS); asked with no sharing, each one reads.
      const result = await reads.tick('nodes', tournamentId, false, undefined, 0)
      ms += performance.now() - started
      requests += nodeRequests() - requestsBefore
      bytes += JSON.stringify({ ok: true, value: result }).length + eventBytes
      changed += result.changed
    }
    return { requests: requests / TICKS, bytes: bytes / TICKS, changed: changed / TICKS, ms: ms / TICKS }
  }
  /** The local copy after the ticks, against a full read of the service (the bench fails if they differ). */
  const sameAsFullRead = async (after: string) => {
    const local = services.connections.active.offline.cache.list('nodes', tournamentId)
    const remote = await services.connections.active.api.bracketNodes.list({ tournament_ids: [tournamentId] }).all()
    if (!isDeepStrictEqual(local, remote))
      throw new Error(`after ${after}, the local copy differs from a full read of the service`)
    return true
  }
  const paced = await frontierTicks(venuePace)
  await sameAsFullRead('the ticks at the venue pace')
  const bursts = await frontierTicks(burst)
  const identical = await sameAsFullRead('the burst ticks')
  await services.close()
  const whole = { requests: wholeRequests / 5, bytes: wholeBytes / 5 }
  return {
    refresh_tick_requests: round(paced.requests, 2),
    refresh_tick_requests_burst: round(bursts.requests, 2),
    refresh_tick_requests_full_read: round(whole.requests, 2),
    refresh_tick_ms_at_50ms: round(paced.ms, 0),
    refresh_tick_nodes_changed: round(paced.changed, 1),
    ipc_bytes_per_tick: round(paced.bytes, 0),
    ipc_bytes_per_tick_burst: round(bursts.bytes, 0),
    ipc_bytes_per_tick_full_read: round(whole.bytes, 0),
    ipc_bytes_share: round(paced.bytes / whole.bytes, 4),
    frontier_equals_full_refresh: identical,
  }
}
