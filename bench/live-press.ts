// The live score under a show's load: 200 overlay sources on one stream, its OBS (a real OBS Studio under Xvfb when
// it is installed) with the text sources, and a text files folder. 120 presses, a third each from the desk (IPC),
// Companion (HTTP) and a scorekeeper's tablet (HTTP), each timed from the press until every source has the new feed,
// OBS acknowledged every text source and the files are written (goal p99 ≤ 50 ms); beside them, 40 Takes timed the
// same way in the same run.
import { Agent } from 'node:http'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { OBS_FIELDS } from '../shared/broadcast/obs'
import { dispatchValue } from '../tests/support/dispatch-value'
import { obsMissing, prepareShow, startObsStudio, type ObsStudio } from '../tests/support/obs-studio'
import { pairDevice } from '../tests/support/pair-device'
import { followStream, postJson } from './support/hub-clients'
import { startHubServices } from './support/hub-services'
import { percentile, round } from './support/stats'

const SOURCES = 200
const PRESSES = 120
const TAKES = 40
const GOAL_MS = 50

const missing = obsMissing()
const obs: ObsStudio | undefined = missing ? undefined : await startObsStudio()
// OBS is a process of its own: it goes whatever happens to the run.
process.on('exit', () => void obs?.kill())
const TEXTS = OBS_FIELDS.map((f) => f.source)
if (obs) await prepareShow(obs, ['Match', 'Break'], TEXTS)

const services = await startHubServices('live-press', { demo: { seed: 1 } })
const value = dispatchValue(() => services)
const hub = services.hub!.url
const { sandbox } = services.connections
await value('tournaments:list', { filters: {} })
const tournamentId = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Lyon LAN Winter Cup')!.id
await value('participants:list', { tournamentId, filters: {} })
const streams = await value<{ items: { id: string; name: string }[] }>('streams:list', { tournamentId, filters: {} })
const streamId = streams.items.find((s) => s.name === 'B stream')!.id
type Node = { id: string; status: string; opponents: { participant: unknown }[] }
const nodes = await value<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
const matches = nodes.items
  .filter((n) => n.status !== 'completed' && n.opponents.length === 2 && n.opponents.every((o) => o.participant))
  .slice(0, 2)
for (const match of matches) await value('match-streams:replace', { matchId: match.id, streamIds: [streamId] })
await value('broadcast:take', { streamId, matchId: matches[0]!.id })

const folder = mkdtempSync(join(tmpdir(), 'matchdesk-bench-live-files-'))
await value('obs:configure', {
  streamId,
  settings: {
    host: obs?.host ?? '127.0.0.1',
    port: obs?.port ?? 1,
    matchScene: obs ? 'Match' : null,
    breakScene: null,
    breakAfterSeconds: 0,
    sources: {},
    folder,
  },
  ...(obs && { password: obs.password }),
})
if (obs)
  for (let i = 0; i < 100 && (await value<{ link: string }>('obs:state', { streamId })).link !== 'connected'; i++)
    await new Promise((resolve) => setTimeout(resolve, 100))

const sources = await Promise.all(
  Array.from({ length: SOURCES }, () => followStream(hub, `/feed/v1/streams/${streamId}/events?source=scoreboard`)),
)
await Promise.all(sources.map((s) => s.reached('feed', 1)))
const tablet = await pairDevice(value, hub, 'Scorekeeper', 'scorekeeper', undefined, streamId)
const agent = new Agent({ keepAlive: true })
const control = { authorization: `Bearer ${services.registry.controlToken}` }

/** Runs an action and times it until every source has a new feed, OBS is done and the files are written. */
async function timed(action: () => Promise<unknown>): Promise<number> {
  const before = sources.map((s) => s.count('feed'))
  const started = performance.now()
  await action()
  await Promise.all([...sources.map((s, c) => s.reached('feed', before[c]! + 1)), services.obs.settled()])
  return performance.now() - started
}

// +1 then −1 on the left, by turns: every press changes the score, none is refused.
type Origin = 'desk' | 'companion' | 'tablet'
const byOrigin: Record<Origin, number[]> = { desk: [], companion: [], tablet: [] }
for (let i = 0; i < PRESSES; i++) {
  const up = i % 2 === 0
  const origin = (['desk', 'companion', 'tablet'] as const)[Math.floor(i / 2) % 3]!
  const press = { kind: 'score', side: 0, delta: up ? 1 : -1 }
  byOrigin[origin].push(
    await timed(() =>
      origin === 'desk'
        ? value('broadcast:live', { streamId, press })
        : origin === 'companion'
          ? postJson(agent, hub, `/control/v1/streams/${streamId}/score/left/${up ? '+1' : '-1'}`, {}, control)
          : postJson(agent, hub, '/tablet/v1/press', { press }, { 'x-matchdesk-key': tablet }),
    ),
  )
}
const shownScore = readFileSync(join(folder, 'left-score.txt'), 'utf8')
const takes: number[] = []
for (let i = 0; i < TAKES; i++)
  takes.push(await timed(() => value('broadcast:take', { streamId, matchId: matches[(i + 1) % 2]!.id })))

const sorted = (ms: number[]) => [...ms].sort((a, b) => a - b)
const figures = (ms: number[]) => {
  const s = sorted(ms)
  return { n: s.length, p50_ms: round(percentile(s, 50), 1), p99_ms: round(percentile(s, 99), 1) }
}
const all = sorted(Object.values(byOrigin).flat())
const result = {
  sources: SOURCES,
  obs: obs ? 'OBS Studio under Xvfb, every text field as a source' : `skipped: ${missing}`,
  text_files: TEXTS.length,
  left_score_file_after_presses: shownScore,
  press_to_everything: { ...figures(all), goal_p99_ms: GOAL_MS, met: percentile(all, 99) <= GOAL_MS },
  by_origin: { desk: figures(byOrigin.desk), companion: figures(byOrigin.companion), tablet: figures(byOrigin.tablet) },
  take_to_everything: figures(takes),
}
for (const s of sources) s.stop()
agent.destroy()
await services.close()
await obs?.stop()
console.log(JSON.stringify(result))
