// A live press as OBS shows it (issue 61): a real OBS Studio under Xvfb with every text field as a text source; each
// press on the desk timed until OBS's "Left score" source says the new score (read back over obs-websocket, polled),
// PRESSES presses with a text files folder set and as many without, in turns in the same run — OBS's texts never wait
// on the files. Skipped, saying why, where OBS Studio is not installed.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { OBS_FIELDS } from '../shared/broadcast/obs'
import { dispatchValue } from '../tests/support/dispatch-value'
import { obsEyes, obsMissing, prepareShow, startObsStudio } from '../tests/support/obs-studio'
import { startHubServices } from './support/hub-services'
import { percentile, report, round } from './support/stats'
import { linkObs } from './support/obs-stream'

const PRESSES = Number(process.env['PRESSES'] ?? 300)
const missing = obsMissing()
if (missing) {
  report({ skipped: missing })
  process.exit(0)
}
const obs = await startObsStudio()
process.on('exit', () => void obs.kill())
await prepareShow(
  obs,
  ['Match', 'Break'],
  OBS_FIELDS.map((f) => f.source),
)
const eyes = await obsEyes(obs)
const services = await startHubServices('obs-press', { demo: { seed: 1 } })
const value = dispatchValue(() => services)
await value('tournaments:list', { filters: {} })
const { sandbox } = services.connections
const tournamentId = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Lyon LAN Winter Cup')!.id
await value('participants:list', { tournamentId, filters: {} })
const streams = await value<{ items: { id: string; name: string }[] }>('streams:list', { tournamentId, filters: {} })
const streamId = streams.items.find((s) => s.name === 'B stream')!.id
type Node = { id: string; status: string; opponents: { participant: unknown }[] }
const nodes = await value<{ items: Node[] }>('bracket:nodes', { tournamentId, filters: {} })
const match = nodes.items.find((n) => n.status !== 'completed' && n.opponents.every((o) => o.participant))!
await value('match-streams:replace', { matchId: match.id, streamIds: [streamId] })
await value('broadcast:take', { streamId, matchId: match.id })

const leftScore = async () =>
  ((await eyes.call('GetInputSettings', { inputName: 'Left score' })).inputSettings['text'] as string | undefined) ?? ''

/** `count` presses (+1 then −1 by turns), each timed until OBS's source shows it; with `folder`, files written too. */
async function presses(folder: string | null, count: number): Promise<number[]> {
  await linkObs(value, streamId, obs, { folder })
  await services.obs.settled()
  const took: number[] = []
  for (let i = 0; i < count; i++) {
    const expected = String(Number((await leftScore()) || 0) + (i % 2 === 0 ? 1 : -1))
    const started = performance.now()
    await value('broadcast:live', { streamId, press: { kind: 'score', side: 0, delta: i % 2 === 0 ? 1 : -1 } })
    while ((await leftScore()) !== expected) await new Promise((resolve) => setImmediate(resolve))
    took.push(performance.now() - started)
    await services.obs.settled()
  }
  return took
}

const figures = (took: number[]) => {
  const sorted = [...took].sort((a, b) => a - b)
  return {
    p50_ms: round(percentile(sorted, 50), 1),
    p99_ms: round(percentile(sorted, 99), 1),
    max_ms: round(sorted.at(-1)!, 1),
  }
}
// In turns (with, without, without, with), half the presses each, so neither gets the machine's quieter moment.
const folder = mkdtempSync(join(tmpdir(), 'matchdesk-bench-obs-files-'))
const half = Math.ceil(PRESSES / 2)
const took = { with: [] as number[], without: [] as number[] }
for (const files of [true, false, false, true])
  took[files ? 'with' : 'without'].push(...(await presses(files ? folder : null, half)))
const [withFiles, withoutFiles] = [figures(took.with), figures(took.without)]
report({
  obs: 'OBS Studio under Xvfb, every text field as a source',
  presses: PRESSES,
  press_to_obs_text_with_files_folder: withFiles,
  press_to_obs_text_without_files_folder: withoutFiles,
})
await eyes.disconnect()
await services.close()
await obs.stop()
process.exit(0)
