// A benchmark's stream pointed at its OBS Studio: the Match scene on a Take, a break scene and a text files folder when
// given, the password sent; answers once the link is up (waited for as a state, never for a time).
import type { ObsStudio } from '../../tests/support/obs-studio'
import { until } from './until'

type Value = <T>(channel: string, input?: unknown) => Promise<T>

export async function linkObs(
  value: Value,
  streamId: string,
  obs: ObsStudio,
  { breakScene = null, folder = null }: { breakScene?: string | null; folder?: string | null } = {},
): Promise<void> {
  await value('obs:configure', {
    streamId,
    settings: {
      host: obs.host,
      port: obs.port,
      matchScene: 'Match',
      breakScene,
      breakAfterSeconds: 0,
      sources: {},
      folder,
    },
    password: obs.password,
  })
  await until(async () => (await value<{ link: string }>('obs:state', { streamId })).link === 'connected', 'OBS linked')
}
