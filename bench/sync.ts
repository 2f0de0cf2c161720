// Cold load of the large tournament with 50 ms of latency: requests, their lower bound, wall time; concurrent vs sequential.
import { rangeMax } from '../shared/api'
import { startSandbox } from '../sandbox/index'
import { connectTo } from '../tests/support/connect'
import { report, round } from './support/stats'

const sandbox = await startSandbox({ size: 'large', seed: 1, faults: { latencyMs: 50 } })
const mega = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Mega Open')!
const count = (items: Iterable<{ tournament_id: string }>) =>
  [...items].filter((item) => item.tournament_id === mega.id).length
const sizes = {
  participants: count(sandbox.store.participants.values()),
  stages: count(sandbox.store.stages.values()),
  nodes: count(sandbox.store.nodes.values()),
  streams: count(sandbox.store.streams.values()),
}
const lowerBound = {
  participants: Math.ceil(sizes.participants / rangeMax('participants')),
  stages: Math.max(1, Math.ceil(sizes.stages / rangeMax('stages'))),
  nodes: Math.ceil(sizes.nodes / rangeMax('nodes')),
  streams: Math.max(1, Math.ceil(sizes.streams / rangeMax('streams'))),
}

async function coldLoad(concurrency: number) {
  const { api, tokens } = await connectTo(sandbox)
  await tokens.current()
  sandbox.stats.reset()
  const paging = { concurrency }
  const started = performance.now()
  const [participants, stages, nodes, streams] = await Promise.all([
    api.participants.list({ tournament_ids: [mega.id] }).all(paging),
    api.stages.list([mega.id]).all(paging),
    api.bracketNodes.list({ tournament_ids: [mega.id] }).all(paging),
    api.streams.list({ tournament_ids: [mega.id] }).all(paging),
  ])
  const wall = performance.now() - started
  if (participants.length !== sizes.participants || nodes.length !== sizes.nodes) throw new Error('incomplete load')
  return {
    requests: sandbox.stats.snapshot().total,
    wall_ms: round(wall, 0),
    items: participants.length + stages.length + nodes.length + streams.length,
  }
}

/** One page at a time, one list after the other: what a naive client does. */
async function sequentialLoad() {
  const { api, tokens } = await connectTo(sandbox)
  await tokens.current()
  sandbox.stats.reset()
  const started = performance.now()
  await api.participants.list({ tournament_ids: [mega.id] }).all({ concurrency: 1 })
  await api.stages.list([mega.id]).all({ concurrency: 1 })
  await api.bracketNodes.list({ tournament_ids: [mega.id] }).all({ concurrency: 1 })
  await api.streams.list({ tournament_ids: [mega.id] }).all({ concurrency: 1 })
  return { requests: sandbox.stats.snapshot().total, wall_ms: round(performance.now() - started, 0) }
}

const concurrent = await coldLoad(4)
const sequential = await sequentialLoad()
await sandbox.close()
report({
  benchmark: 'sync',
  latency_ms: 50,
  tournament: sizes,
  lower_bound_requests: { ...lowerBound, total: Object.values(lowerBound).reduce((a, b) => a + b, 0) },
  concurrent_4: concurrent,
  sequential: sequential,
  speedup: round(sequential.wall_ms / concurrent.wall_ms, 2),
})
