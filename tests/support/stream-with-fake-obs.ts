// A stream's OBS for the desk's integration tests: a stand-in obs-websocket with a match, a break and a
// technical-difficulties scene, set up for the stream through the channel the column's OBS panel calls (no break
// after a result unless asked, so only what a test does moves the scene).
import type { ObsSettings, ObsState } from '../../shared/broadcast/obs'
import { startFakeObs, type FakeObs } from './fake-obs'

type Value = <T>(channel: string, input?: unknown) => Promise<T>

/** The scenes the stand-in has, by what the stream uses each for. */
export const FAKE_SCENES = { match: 'Match', break: 'Break', difficulties: 'Tech' } as const

export async function streamWithFakeObs(
  value: Value,
  streamId: string,
  settings: Partial<ObsSettings> = {},
): Promise<FakeObs> {
  const obs = await startFakeObs({ scenes: Object.values(FAKE_SCENES) })
  const state = await value<ObsState>('obs:configure', {
    streamId,
    settings: {
      host: '127.0.0.1',
      port: obs.port,
      matchScene: FAKE_SCENES.match,
      breakScene: FAKE_SCENES.break,
      breakAfterSeconds: 0,
      difficultiesScene: FAKE_SCENES.difficulties,
      sources: {},
      folder: null,
      ...settings,
    },
  })
  if (state.link !== 'connected') throw new Error(`the stand-in OBS did not connect: ${state.problem ?? state.link}`)
  return obs
}
