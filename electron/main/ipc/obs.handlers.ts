// Handlers of obs:*: a stream's OBS (settings, a password taken in but never given back, Test connection, a scene
// shown by hand, forgetting it, setting it up for the show, and instant replay).
import type { ObsTarget, OverlayAddress } from '../broadcast/obs-target'
import type { HandlersOf } from './dispatch'

export interface ObsPorts {
  obs: ObsTarget
  /** The stream's name, for its scene collection. */
  streamName: (streamId: string) => string
  /** Where the OBS at `host` finds the stream's overlays. */
  overlayAddress: (streamId: string, host: string) => OverlayAddress
}

export function obsHandlers({ obs, streamName, overlayAddress }: ObsPorts): HandlersOf<'obs'> {
  return {
    'obs:state': ({ streamId }) => obs.state(streamId),
    'obs:configure': ({ streamId, settings, password }) => obs.configure(streamId, settings, password),
    'obs:test': ({ streamId, settings, password }) => obs.test(streamId, settings, password),
    'obs:scene': ({ streamId, scene }) => obs.showScene(streamId, scene),
    'obs:forget': ({ streamId }) => obs.forget(streamId),
    'obs:replay': ({ streamId, press }) => obs.replays.replay(streamId, press),
    'obs:preview': ({ streamId }) => obs.preview(streamId),
    'obs:setup': async ({ streamId }) => {
      const host = (await obs.state(streamId)).settings?.host ?? ''
      return obs.setup(streamId, streamName(streamId), overlayAddress(streamId, host))
    },
  }
}
