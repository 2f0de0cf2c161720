// Requests per second the sandbox serves over the large venue: participants in 50-item ranges, nodes in 128-item ranges.
import { startSandbox } from '../sandbox/index'
import { tokenFor } from '../tests/support/sandbox-session'
import { percentile, report, round } from './support/stats'

const REQUESTS = 2000
const CONCURRENCY = 8

/** Time from startSandbox to a server that answers, per venue size (the large one is kept for the load below). */
async function timedStart(size: 'small' | 'medium' | 'large') {
  const started = performance.now()
  const sandbox = await startSandbox({ size, seed: 1 })
  return { sandbox, ms: round(performance.now() - started, 0) }
}
const small = await timedStart('small')
await small.sandbox.close()
const medium = await timedStart('medium')
await medium.sandbox.close()
const { sandbox, ms: startupMs } = await timedStart('large')
const token = await tokenFor(sandbox)
const headers = { 'x-api-key': sandbox.apiKey, authorization: `Bearer ${token}` }
const big = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Mega Open')!
const participants = [...sandbox.store.participants.values()].filter((p) => p.tournament_id === big.id).length
const nodes = [...sandbox.store.nodes.values()].filter((n) => n.tournament_id === big.id).length

/** Walks the list's ranges round-robin with CONCURRENCY parallel callers until REQUESTS are done. */
async function load(path: string, unit: string, size: number, total: number) {
  const pages = Math.ceil(total / size)
  const latencies: number[] = []
  let next = 0
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const page = next++ % pages
        const t = performance.now()
        const response = await fetch(`${sandbox.organizer}${path}`, {
          headers: { ...headers, range: `${unit}=${page * size}-${page * size + size - 1}` },
        })
        await response.arrayBuffer()
        if (response.status !== 206) throw new Error(`${path} answered ${response.status}`)
        latencies.push(performance.now() - t)
      }
    }),
  )
  const seconds = (performance.now() - t0) / 1000
  latencies.sort((a, b) => a - b)
  return {
    requests: REQUESTS,
    concurrency: CONCURRENCY,
    per_second: round(REQUESTS / seconds, 1),
    p50_ms: round(percentile(latencies, 50)),
    p99_ms: round(percentile(latencies, 99)),
  }
}

const result = {
  benchmark: 'sandbox',
  venue: {
    size: 'large',
    participants_in_tournament: participants,
    nodes_in_tournament: nodes,
    startup_ms: startupMs,
  },
  startup_ms: { small: small.ms, medium: medium.ms, large: startupMs },
  participants_50: await load(`/participants?tournament_ids=${big.id}`, 'participants', 50, participants),
  bracket_nodes_128: await load(`/bracket-nodes?tournament_ids=${big.id}`, 'nodes', 128, nodes),
}
await sandbox.close()
report(result)
