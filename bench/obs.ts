// Matchdesk driving a real OBS Studio (obs-studio under Xvfb): 100 Takes, each from the break scene, timed from the
// Take until OBS has switched its program scene and acknowledged every text source (p50/p99); and, in the same run,
// how stale the same field is when a poller reads the feed every 5 s and writes OBS (TournamentStreamHelper's way),
// over 10 Takes: the two as a ratio. Needs `obs` and `xvfb-run` (apt-get install obs-studio xvfb xauth).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMainServices } from '../electron/main/composition'
import { MemoryCredentialStore } from '../electron/main/secrets/memory-store'
import { dispatchValue } from '../tests/support/dispatch-value'
import type { Feed } from '../shared/broadcast/feed'
import { obsEyes, obsMissing, prepareShow, startObsStudio } from '../tests/support/obs-studio'
import { percentile, round } from './support/stats'
import { linkObs } from './support/obs-stream'

const TAKES = 100
const POLLED_TAKES = 10
const POLL_MS = 5000
const TEXTS = ['Left name', 'Right name', 'Left score', 'Right score', 'Round', 'Up next', 'Countdown', 'Last result']

const missing = obsMissing()
if (missing) {
  console.log(JSON.stringify({ skipped: missing }))
  process.exit(0)
}

const obs = await startObsStudio()
await prepareShow(obs, ['Match', 'Break', 'Polled'], [...TEXTS, 'Polled name'])
const eyes = await obsEyes(obs)
const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-bench-obs-'))
const pagesDir = join(dataDir, 'pages')
mkdirSync(pagesDir)
writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
const services = await createMainServices({
  version: 'bench',
  dataDir,
  credentials: new MemoryCredentialStore(),
  demo: { seed: 1 },
  hub: { port: 0, pagesDir },
  broadcastRefreshMs: 0,
})

const value = dispatchValue(() => services)

type Node = { id: string; status: string; opponents: { participant: { name: string } | null }[] }
const tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
  (t) => t.name === 'Lyon LAN Winter Cup',
)!.id
const streams = await value<{ items: { id: string; name: string }[] }>('streams:list', { tournamentId, filters: {} })
const streamId = streams.items.find((s) => s.name === 'B stream')!.id
const nodes = await value<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
const matches = nodes.items.filter((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant))
const [first, second] = matches as [Node, Node]
for (const match of [first, second])
  await value('match-streams:replace', { matchId: match.id, streamIds: [streamId], requestId: crypto.randomUUID() })
await linkObs(value, streamId, obs, { breakScene: 'Break' })

// Pushed: each Take from the break scene, until OBS acknowledged the scene and every text source.
const pushed: number[] = []
for (let i = 0; i < TAKES; i++) {
  await eyes.call('SetCurrentProgramScene', { sceneName: 'Break' })
  const match = i % 2 === 0 ? first : second
  const started = performance.now()
  await value('broadcast:take', { streamId, matchId: match.id })
  await services.obs.settled()
  pushed.push(performance.now() - started)
}
const scene = (await eyes.call('GetCurrentProgramScene')).currentProgramSceneName
const shown = (await eyes.call('GetInputSettings', { inputName: 'Left name' })).inputSettings['text']
const last = TAKES % 2 === 0 ? second : first
if (scene !== 'Match' || shown !== last.opponents[0]!.participant!.name)
  throw new Error(`OBS shows ${scene} / ${JSON.stringify(shown)} after the Takes`)

// Polled, as TSH does: read the feed every 5 s and write the name to OBS; time from the Take until OBS has it.
const hub = services.hub!.url
let lastPolled = ''
const poller = setInterval(() => {
  void fetch(`${hub}/feed/v1/streams/${streamId}`)
    .then(async (answer) => (await answer.json()) as Feed)
    .then(async (feed) => {
      const name = feed.onAir?.opponents[0]?.name ?? ''
      if (name === lastPolled) return
      lastPolled = name
      await eyes.call('SetInputSettings', { inputName: 'Polled name', inputSettings: { text: name } })
    })
}, POLL_MS)
const polled: number[] = []
for (let i = 0; i < POLLED_TAKES; i++) {
  const match = i % 2 === 0 ? first : second
  const name = match.opponents[0]!.participant!.name
  // A Take comes at any moment of the poller's cycle.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * POLL_MS))
  const started = performance.now()
  await value('broadcast:take', { streamId, matchId: match.id })
  for (;;) {
    const text = (await eyes.call('GetInputSettings', { inputName: 'Polled name' })).inputSettings['text']
    if (text === name) break
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  polled.push(performance.now() - started)
}
clearInterval(poller)

pushed.sort((a, b) => a - b)
polled.sort((a, b) => a - b)
const figures = {
  obs: '29.0.2 (obs-websocket 5.1.0), headless under Xvfb',
  takes: TAKES,
  take_to_obs_ms: { p50: round(percentile(pushed, 50), 1), p99: round(percentile(pushed, 99), 1) },
  text_sources_per_take: TEXTS.length,
  polled_5s: {
    takes: POLLED_TAKES,
    staleness_ms: { p50: round(percentile(polled, 50), 0), p99: round(percentile(polled, 99), 0) },
  },
  staleness_ratio_p50: round(percentile(polled, 50) / percentile(pushed, 50), 0),
}
await services.close()
await eyes.disconnect()
await obs.stop()
rmSync(dataDir, { recursive: true, force: true })
console.log(JSON.stringify(figures))
