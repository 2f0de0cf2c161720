// Instant replay against a real OBS Studio (obs-studio under Xvfb, its replay buffer on, a 1280×720 canvas): 30
// presses of the replay key, each timed from the press until OBS has saved the buffer (ReplayBufferSaved), until its
// program shows the Replay scene, and until the replay's media plays there (MediaInputPlaybackStarted after the
// switch): "key → replay on air", p50/p99. Each replay (the last second, at full speed) plays out and the show comes
// back before the next press. Needs `obs` and `xvfb-run` (apt-get install obs-studio xvfb xauth).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_REPLAY } from '../shared/broadcast/replay'
import type { ObsState } from '../shared/broadcast/obs'
import { createMainServices } from '../electron/main/composition'
import { MemoryCredentialStore } from '../electron/main/secrets/memory-store'
import { dispatchValue } from '../tests/support/dispatch-value'
import { obsEyes, obsMissing, startObsStudio } from '../tests/support/obs-studio'
import { linkedDuels } from '../tests/support/linked-duels'
import { percentile, round } from './support/stats'
import { until } from './support/until'

const PRESSES = 30

const missing = obsMissing()
if (missing) {
  console.log(JSON.stringify({ skipped: missing }))
  process.exit(0)
}

const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-bench-replay-'))
const obs = await startObsStudio({
  SimpleOutput: { RecRB: 'true', RecRBTime: '20', FilePath: dataDir, RecFormat: 'mkv' },
  Video: { BaseCX: '1280', BaseCY: '720', OutputCX: '1280', OutputCY: '720', FPSCommon: '30' },
})
const eyes = await obsEyes(obs)
const services = await createMainServices({
  version: 'bench',
  dataDir,
  credentials: new MemoryCredentialStore(),
  demo: { seed: 1 },
  hub: { port: 0, pagesDir: dataDir },
  broadcastRefreshMs: 0,
})
const value = dispatchValue(() => services)
const linked = await linkedDuels(value, 1)
const { streamId } = linked
await value('obs:configure', {
  streamId,
  settings: {
    host: obs.host,
    port: obs.port,
    matchScene: null,
    breakScene: null,
    breakAfterSeconds: 0,
    sources: {},
    folder: null,
    replay: { ...DEFAULT_REPLAY, seconds: 1, speed: 100 },
  },
  password: obs.password,
})
const state = () => value<ObsState>('obs:state', { streamId })
await until(async () => (await state()).link === 'connected', 'OBS linked')
await value('obs:setup', { streamId })
await until(async () => (await state()).replay.buffer === 'running', 'the replay buffer running')
await value('broadcast:take', { streamId, matchId: linked.duels[0]!.id })
await until(async () => (await eyes.call('GetCurrentProgramScene')).currentProgramSceneName === 'Match', 'the Take')

// OBS's own word for each moment, as a viewer's OBS would see it.
interface Press {
  at: number
  saved?: number
  scene?: number
  playing?: number
}
let press: Press | null = null
eyes.on('ReplayBufferSaved', () => {
  if (press && press.saved === undefined) press.saved = performance.now() - press.at
})
eyes.on('CurrentProgramSceneChanged', ({ sceneName }) => {
  if (press && sceneName === 'Replay' && press.scene === undefined) press.scene = performance.now() - press.at
})
eyes.on('MediaInputPlaybackStarted', ({ inputName }) => {
  if (press && inputName === 'Replay video' && press.scene !== undefined && press.playing === undefined)
    press.playing = performance.now() - press.at
})

const saved: number[] = []
const scene: number[] = []
const onAir: number[] = []
for (let i = 0; i < PRESSES; i++) {
  const current: Press = { at: performance.now() }
  press = current
  await value('obs:replay', { streamId })
  await until(() => current.playing !== undefined, `replay ${i + 1} on air`)
  saved.push(current.saved!)
  scene.push(current.scene!)
  onAir.push(current.playing!)
  // Played out and back to the show before the next press.
  await until(async () => (await state()).replay.phase === 'idle', `replay ${i + 1} played out`)
  await until(async () => (await eyes.call('GetCurrentProgramScene')).currentProgramSceneName === 'Match', 'back')
}
press = null

const figures = (samples: number[]) => ({ p50: round(percentile(samples, 50)), p99: round(percentile(samples, 99)) })
console.log(
  JSON.stringify({
    presses: PRESSES,
    canvas: '1280x720',
    press_to_saved_ms: figures(saved),
    press_to_replay_scene_ms: figures(scene),
    press_to_replay_on_air_ms: figures(onAir),
  }),
)
await services.close()
await eyes.disconnect()
await obs.stop()
rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
