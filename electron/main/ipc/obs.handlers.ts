// Handlers of obs:*: a stream's OBS (settings, a password taken in but never given back, Test connection, a scene
// shown by hand, forgetting it).
import type { ObsTarget } from '../broadcast/obs-target'
import type { HandlersOf } from './dispatch'

export function obsHandlers(obs: ObsTarget): HandlersOf<'obs'> {
  return {
    'obs:state': ({ streamId }) => obs.state(streamId),
    'obs:configure': ({ streamId, settings, password }) => obs.configure(streamId, settings, password),
    'obs:test': ({ streamId, settings, password }) => obs.test(streamId, settings, password),
    'obs:scene': ({ streamId, scene }) => obs.showScene(streamId, scene),
    'obs:forget': ({ streamId }) => obs.forget(streamId),
    'obs:preview': ({ streamId }) => obs.preview(streamId),
  }
}
