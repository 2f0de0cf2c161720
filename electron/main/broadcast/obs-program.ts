// What a stream's OBS program shows, as the desk asks it: which of the stream's scenes (match, break, difficulties,
// other), where the difficulties key returns to, and which of our overlays the program scene shows — read again on
// every scene or source change, one read at a time, for the sponsors' airtime; and a small picture of it.
import { moduleLog } from '../log'
import { programOverlays } from '../obs/program-overlays'
import { obsScreenshot } from '../obs/obs-bounds'
import type { ObsPreview } from '../../../shared/broadcast/obs'
import type { StreamObs } from './obs-stream'

const log = moduleLog('obs')

/** The overlay kinds OBS's program shows now (sponsor airtime counts them); null without OBS or before it is read. */
export function programOverlaysOf(obs: StreamObs | undefined): ReadonlySet<string> | null {
  return obs?.link.current.state === 'connected' ? obs.programOverlays : null
}

/**
 * Where OBS goes when the technical-difficulties key comes up: the break, when the scene it showed before the card (or
 * shows now, if it never got to the card) is the break scene; else the match. Null without OBS connected.
 */
export function returnsToOf(obs: StreamObs | undefined): 'break' | 'match' | null {
  if (!obs || obs.link.current.state !== 'connected') return null
  const scene = obs.difficulties ? obs.difficulties.from : obs.link.current.programScene
  return scene !== null && scene === obs.settings.breakScene ? 'break' : 'match'
}

/** Which of the stream's scenes OBS's program shows now ("other": none of them); null without OBS connected. */
export function showsOf(obs: StreamObs | undefined): 'match' | 'break' | 'difficulties' | 'other' | null {
  const scene = obs?.link.current.state === 'connected' ? obs.link.current.programScene : null
  if (!obs || scene === null) return null
  const { matchScene, breakScene, difficultiesScene } = obs.settings
  if (scene === breakScene) return 'break'
  if (scene === difficultiesScene) return 'difficulties'
  return scene === matchScene ? 'match' : 'other'
}

/**
 * Reads which overlays OBS's program shows, beside the stream's queue (a press never waits on it), one read at a time;
 * then `changed` says the stream changed, so its sponsor airtime is counted up to now. A read OBS refuses leaves it
 * unknown.
 */
export async function readProgramOverlays(
  obs: StreamObs,
  isCurrent: () => boolean,
  changed: () => Promise<unknown>,
): Promise<void> {
  if (obs.programReading !== 'idle') return void (obs.programReading = 'again')
  try {
    let again = true
    while (again && isCurrent()) {
      obs.programReading = 'reading'
      const scene = obs.link.current.programScene
      obs.programOverlays =
        scene === null
          ? null
          : await programOverlays(obs.link, scene, obs.streamId).catch((error: unknown) => {
              log.failed(`reading what OBS's program scene “${scene}” shows`)(error)
              return null
            })
      // A change heard meanwhile asked for one more read.
      again = (obs.programReading as StreamObs['programReading']) === 'again'
    }
  } finally {
    obs.programReading = 'idle'
  }
  if (isCurrent()) await changed()
}

/** A small picture of what OBS's program shows now (an image data URL), or null when it cannot be had. */
export async function programPreview(obs: StreamObs | undefined): Promise<ObsPreview> {
  const scene = obs?.link.current.programScene ?? null
  if (!obs || !scene || obs.link.current.state !== 'connected') return { scene, image: null }
  try {
    const { imageData } = await obs.link.call('GetSourceScreenshot', {
      sourceName: scene,
      imageFormat: 'jpg',
      imageWidth: 320,
      imageCompressionQuality: 60,
    })
    return { scene, image: obsScreenshot(imageData) }
  } catch {
    // let go: the preview says "no picture" (image null), which the desk shows where the picture would be
    return { scene, image: null }
  }
}
