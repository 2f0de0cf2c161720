// One stream's OBS as the target keeps it: its link, what was last written there, the hold, the show and the break,
// its queue of calls, the text files due, and what went wrong; its state as the column shows it, and OBS's lists.
import type { Feed } from '../../../shared/broadcast/feed'
import type { ObsField, ObsSettings, ObsState } from '../../../shared/broadcast/obs'
import type { ObsLink } from '../obs/obs-link'
import { obsNames } from '../obs/obs-bounds'
import { SerialQueue } from '../serial-queue'
import { NOTHING_SHOWN, type ShowState } from './obs-show'
import { newReplayRun, type ReplayRun } from './obs-replay'
import { NO_REPLAY } from '../../../shared/broadcast/replay'

export /** One stream's OBS: its link, what was last written, the hold, and the break. */
interface StreamObs {
  streamId: string
  /** Whether the keychain held a password when the link was opened (a save with a new one opens it again). */
  hasPassword: boolean
  settings: ObsSettings
  link: ObsLink
  scenes: string[]
  inputs: string[]
  /** What each field's source and file last said (only changes are written). */
  written: Partial<Record<ObsField, string>>
  files: Partial<Record<ObsField, string>>
  /** The newest feed not held: what OBS is brought to. */
  feed: Feed | undefined
  /** True while the stream is held: nothing moves in OBS (no scene, no text, no break). */
  held: boolean
  /** A showing of the newest feed is queued and not started yet (later feeds just replace `feed`). */
  pending: boolean
  /** What this OBS was brought to: the match, its result, the break, the scene chosen last. */
  show: ShowState
  breakTimer: NodeJS.Timeout | undefined
  /** While the technical-difficulties key is down: the scene OBS showed before it (to go back to). */
  difficulties: { from: string | null } | null
  /** Calls to this OBS run one after another. */
  queue: SerialQueue
  /** The newest fields not written to the text files yet (a write queued on the folder's queue takes the newest). */
  filesDue: Record<ObsField, string> | undefined
  problem: string | null
  /** How many times something failed (a work that adds none clears the problem). */
  failures: number
  /** Connected since the last time it went away: its next loss is told once. */
  wasConnected: boolean
  /** The overlay kinds OBS's program scene shows (`program-overlays.ts`); null until read, or when it cannot be. */
  programOverlays: ReadonlySet<string> | null
  /** A read of them is running or due (one at a time: another change asks for one more after it). */
  programReading: 'idle' | 'reading' | 'again'
  /** Instant replay: what plays, what waits, where the show goes back to (`obs-replay.ts`). */
  replay: ReplayRun
}

/** A stream's OBS before its link is made: nothing written, nothing shown, nothing wrong. */
export function newStreamObs(streamId: string, settings: ObsSettings, hasPassword: boolean): Omit<StreamObs, 'link'> {
  return {
    streamId,
    hasPassword,
    settings,
    scenes: [],
    inputs: [],
    written: {},
    files: {},
    feed: undefined,
    held: false,
    pending: false,
    show: NOTHING_SHOWN,
    breakTimer: undefined,
    difficulties: null,
    queue: new SerialQueue(),
    filesDue: undefined,
    problem: null,
    failures: 0,
    wasConnected: false,
    programOverlays: null,
    programReading: 'idle',
    replay: newReplayRun(),
  }
}

/** A stream's OBS as the column shows it (`obs` undefined: the stream has none). */
export function obsStateOf(streamId: string, obs: StreamObs | undefined, hasPassword: boolean): ObsState {
  if (!obs)
    return {
      streamId,
      link: 'off',
      version: null,
      programScene: null,
      problem: null,
      retryAt: null,
      settings: null,
      hasPassword,
      scenes: [],
      inputs: [],
      replay: NO_REPLAY,
    }
  const status = obs.link.current
  return {
    streamId,
    link: status.state === 'closed' ? 'off' : status.state,
    version: status.version,
    programScene: status.programScene,
    problem: status.state === 'connected' ? obs.problem : status.problem,
    retryAt: status.retryAt,
    settings: obs.settings,
    hasPassword,
    scenes: obs.scenes,
    inputs: obs.inputs,
    replay: status.state === 'connected' ? obs.replay.state : NO_REPLAY,
  }
}

/** Reads OBS's scenes (as its scene list shows them) and text sources, for the column to choose from. */
export async function readObsLists(obs: StreamObs): Promise<void> {
  const [{ scenes }, { inputs }] = await Promise.all([obs.link.call('GetSceneList'), obs.link.call('GetInputList')])
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  // OBS lists scenes bottom-up; the producer reads them as OBS's scene list shows them.
  obs.scenes = obsNames(scenes.map((scene) => scene['sceneName']).reverse())
  // Text sources only (text_ft2_source_v2 on Linux and macOS, text_gdiplus_v2 on Windows).
  obs.inputs = obsNames(
    inputs.filter((input) => text(input['inputKind']).startsWith('text_')).map((input) => input['inputName']),
  )
}

/** Keeps what went wrong writing to OBS for the column, in words: true when it is news (said once per problem). */
export function writeFailed(obs: StreamObs, what: string, error?: unknown): boolean {
  const why = error instanceof Error ? `: ${error.message}` : ''
  const problem = `Could not write ${what}${why}. Check the stream's OBS settings (scenes, text sources, folder).`
  obs.failures++
  if (obs.problem === problem) return false
  obs.problem = problem
  return true
}
