// Instant replay against a real OBS Studio (obs-studio under Xvfb, its replay buffer on, a 1280×720 canvas): 20
// presses of the replay key with a full 30 s buffer, then 20 with a full 10 s one (a fresh OBS for each length), each timed from the press until OBS has saved the buffer (ReplayBufferSaved), until its
// program is the Replay scene (CurrentProgramSceneChanged, said at the end of OBS's default 300 ms fade), and until both
// that and the replay's media playing (MediaInputPlaybackStarted, from the transition's start): "key → replay on air",
// p50/p99. Each replay (the last second, at full speed) plays out and the show comes
// back before the next press. Needs `obs` and `xvfb-run` (apt-get install obs-studio xvfb xauth).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ObsState } from '../shared/broadcast/obs'
import { createMainServices } from '../electron/main/composition'
import { MemoryCredentialStore } from '../electron/main/secrets/memory-store'
import { dispatchValue } from '../tests/support/dispatch-value'
import { obsEyes, obsMissing, startObsStudio, type ObsStudio } from '../tests/support/obs-studio'
import { linkedDuels } from '../tests/support/linked-duels'
import { obsSettingsOf, replayBufferOn } from '../tests/support/obs-settings'
import { percentile, round } from './support/stats'
import { until } from './support/until'

const PRESSES = 20

const missing = obsMissing()
if (missing) {
  console.log(JSON.stringify({ skipped: missing }))
  process.exit(0)
}

const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-bench-replay-'))
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
const state = () => value<ObsState>('obs:state', { streamId })
await value('broadcast:take', { streamId, matchId: linked.duels[0]!.id })

/** OBS's own word for each moment of a press, as a viewer's OBS would see it. */
interface Press {
  at: number
  saved?: number
  scene?: number
  playing?: number
}

/** A buffer fills with time only: the saved file is as long as the buffer once it has run that long. */
const fill = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 1000))

/** A fresh OBS whose buffer keeps `bufferSeconds`, set up by the desk and filled; then `PRESSES` replays, timed. */
async function measure(bufferSeconds: number) {
  const obs: ObsStudio = await startObsStudio(replayBufferOn(dataDir, [1280, 720]))
  const eyes = await obsEyes(obs)
  await value('obs:configure', {
    streamId,
    settings: obsSettingsOf(obs, { replay: { seconds: 1, speed: 100, bufferSeconds } }),
    password: obs.password,
  })
  await until(async () => (await state()).link === 'connected', 'OBS linked')
  await value('obs:setup', { streamId })
  await until(async () => (await state()).replay.buffer === 'running', 'the replay buffer running')
  const program = async () => (await eyes.call('GetCurrentProgramScene')).currentProgramSceneName
  await until(async () => (await program()) === 'Match', 'the match on air')
  await fill(bufferSeconds)

  let press: Press | null = null
  eyes.on('ReplayBufferSaved', () => {
    if (press && press.saved === undefined) press.saved = performance.now() - press.at
  })
  eyes.on('CurrentProgramSceneChanged', ({ sceneName }) => {
    if (press && sceneName === 'Replay' && press.scene === undefined) press.scene = performance.now() - press.at
  })
  eyes.on('MediaInputPlaybackStarted', ({ inputName }) => {
    if (press && inputName === 'Replay video' && press.saved !== undefined && press.playing === undefined)
      press.playing = performance.now() - press.at
  })
  const times = { saved: [] as number[], scene: [] as number[], onAir: [] as number[] }
  for (let i = 0; i < PRESSES; i++) {
    const current: Press = { at: performance.now() }
    press = current
    await value('obs:replay', { streamId })
    await until(() => current.playing !== undefined && current.scene !== undefined, `replay ${i + 1} on air`)
    times.saved.push(current.saved!)
    times.scene.push(current.scene!)
    // On air once both are so: the media plays from the transition's start, the program is the Replay scene at its end.
    times.onAir.push(Math.max(current.scene!, current.playing!))
    // Played out and back to the show before the next press.
    await until(async () => (await state()).replay.phase === 'idle', `replay ${i + 1} played out`)
    await until(async () => (await program()) === 'Match', 'back to the match')
  }
  await value('obs:forget', { streamId })
  await eyes.disconnect()
  await obs.stop()
  return times
}

const long = await measure(30)
const short = await measure(10)

const figures = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b)
  return { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)) }
}
console.log(
  JSON.stringify({
    presses: PRESSES,
    canvas: '1280x720',
    buffer_30s: {
      press_to_saved_ms: figures(long.saved),
      press_to_replay_scene_after_fade_ms: figures(long.scene),
      press_to_replay_on_air_ms: figures(long.onAir),
    },
    buffer_10s: {
      press_to_saved_ms: figures(short.saved),
      press_to_replay_on_air_ms: figures(short.onAir),
    },
  }),
)
await services.close()
rmSync(dataDir, { recursive: true, force: true })
process.exit(0)
