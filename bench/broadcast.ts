// The broadcast hub under a show's load: 20 OBS-like SSE clients on one stream, 200 Takes; how long from a Take until
// every client has the new on-air match (p50/p99), and the hub's memory with those clients connected.
import { request } from 'node:http'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { dispatchValue } from '../tests/support/dispatch-value'
import type { Feed } from '../shared/broadcast/feed'
import { startHubServices } from './support/hub-services'
import { percentile, report, round } from './support/stats'

const CLIENTS = 20
const TAKES = 200
const QUEUED = 4

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const heapMb = () => {
  gc()
  return round(process.memoryUsage().heapUsed / 2 ** 20, 1)
}

const services = await startHubServices('broadcast', { demo: { seed: 1 } })

const value = dispatchValue(() => services)

// A stream with QUEUED matches linked, as a producer would set it up.
const tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
  (t) => t.name === 'Lyon LAN Winter Cup',
)!.id
await value('tournaments:list', { filters: {} })
await value('participants:list', { tournamentId, filters: {} })
const streams = await value<{ items: { id: string }[] }>('streams:list', { tournamentId, filters: {} })
const streamId = streams.items[0]!.id
const nodes = await value<{ items: { id: string; status: string; opponents: { participant: unknown }[] }[] }>(
  'bracket:nodes',
  { tournamentId, filters: {} },
)
// Decided matches (both opponents known): what a Take puts on air without asking.
const matchIds = nodes.items
  .filter((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant))
  .slice(0, QUEUED)
  .map((n) => n.id)
for (const matchId of matchIds) await value('match-streams:replace', { matchId, streamIds: [streamId] })

/** One OBS browser source: an SSE connection that notes when each on-air match first reached it. */
function connectClient(onFeed: (client: number, feed: Feed) => void, client: number): Promise<() => void> {
  const url = new URL(`${services.hub!.url}/feed/v1/streams/${streamId}/events`)
  return new Promise((resolve, reject) => {
    const req = request(url, { agent: false }, (response) => {
      response.setEncoding('utf8')
      let buffer = ''
      response.on('data', (chunk: string) => {
        buffer += chunk
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const data = block.split('\n').find((line) => line.startsWith('data: '))
          if (block.includes('event: feed') && data) onFeed(client, JSON.parse(data.slice(6)) as Feed)
        }
      })
      resolve(() => req.destroy())
    })
    req.on('error', reject)
    req.end()
  })
}

const heapBefore = heapMb()
let waiting: { matchId: string; remaining: Set<number>; done: () => void } | null = null
const firstFeeds = new Set<number>()
const closers = await Promise.all(
  Array.from({ length: CLIENTS }, (_, i) =>
    connectClient((client, feed) => {
      firstFeeds.add(client)
      if (waiting && feed.onAir?.id === waiting.matchId) {
        waiting.remaining.delete(client)
        if (waiting.remaining.size === 0) waiting.done()
      }
    }, i),
  ),
)
while (firstFeeds.size < CLIENTS) await new Promise((resolve) => setTimeout(resolve, 5))
const heapWithClients = heapMb()

// Each Take puts a different match on air than the one before, so every Take is a change every client must see.
const samples: number[] = []
for (let i = 0; i < TAKES; i++) {
  const matchId = matchIds[i % matchIds.length]!
  const allReceived = new Promise<void>((done) => {
    waiting = { matchId, remaining: new Set(Array.from({ length: CLIENTS }, (_, c) => c)), done }
  })
  const t0 = performance.now()
  await value('broadcast:take', { streamId, matchId })
  await allReceived
  samples.push(performance.now() - t0)
}
samples.sort((a, b) => a - b)
const heapAfterTakes = heapMb()

for (const close of closers) close()
await services.close()
report({
  benchmark: 'broadcast',
  clients: CLIENTS,
  takes: TAKES,
  take_to_all_clients: {
    p50_ms: round(percentile(samples, 50)),
    p99_ms: round(percentile(samples, 99)),
    max_ms: round(samples.at(-1)!),
  },
  memory_mb: {
    heap_before_clients: heapBefore,
    heap_with_clients: heapWithClients,
    heap_per_client_kb: round(((heapWithClients - heapBefore) * 1024) / CLIENTS, 1),
    heap_after_takes: heapAfterTakes,
    rss: round(process.memoryUsage().rss / 2 ** 20, 1),
  },
})
