// Instant replay on a stream's OBS: a press saves OBS's replay buffer (SaveReplayBuffer), takes the file OBS says it
// saved (the ReplayBufferSaved event, else GetLastReplayBufferReplay), plays it in the stream's Replay scene — its
// media source at the chosen speed from the chosen seconds before the press, the match's names beside the REPLAY bug —
// and, once it has played, goes back to where the show was (or to what the show moved to meanwhile); a press while one
// plays is queued or cuts it short, as the producer chose; a held stream's return waits for its release.
import type { Feed } from '../../../shared/broadcast/feed'
import { replayOf, type ReplayPress, type ReplayState } from '../../../shared/broadcast/replay'
import { AppError } from '../app-error'
import type { ReplayEvent } from '../obs/obs-link'
import type { ObsState } from '../../../shared/broadcast/obs'
import type { RoleGuard } from '../venue/venue-role-guard'
import { obsPath } from '../obs/obs-bounds'
import { obsFields } from './obs-fields'
import { moduleLog } from '../log'
import type { StreamObs } from './obs-stream'

const log = moduleLog('obs-replay')

/** The Replay scene's sources, by the names "Set up OBS for me" makes and a replay writes. */
export const REPLAY_SOURCES = { media: 'Replay video', bug: 'Replay bug', names: 'Replay names' } as const
/** What the bug says. */
export const REPLAY_BUG = 'REPLAY'

/** How long OBS has to write the buffer to a file (ms). */
const SAVE_MS = 10_000
/** A replay's end past its length, when OBS never says it ended (ms). */
const END_SLACK_MS = 3000
/** Presses that may wait for the one playing. */
export const REPLAY_QUEUE_MAX = 5

type Play = { speed: number; seconds: number }

/** A stream's replay as the target keeps it. */
export interface ReplayRun {
  state: ReplayState
  /** Presses waiting for the one playing. */
  queue: Play[]
  /** What plays now. */
  playing: Play | null
  /** The scene the show goes back to (the one before the first replay, or what the show moved to meanwhile). */
  returnTo: string | null
  /** Waits for OBS's saved event. */
  saved: ((path: string | null) => void) | null
  /** The end's guard, when OBS never says the media ended. */
  endTimer: NodeJS.Timeout | undefined
  /** Ends of earlier plays to ignore (a new file set on the same source ends the one before it). */
  generation: number
}

export const newReplayRun = (): ReplayRun => ({
  state: { buffer: null, phase: 'idle', queued: 0, problem: null },
  queue: [],
  playing: null,
  returnTo: null,
  saved: null,
  endTimer: undefined,
  generation: 0,
})

export interface ReplayPorts {
  /** A stream's OBS, when it has one. */
  stream(streamId: string): StreamObs | undefined
  /** A stream's OBS, connected; refused in words otherwise. */
  connected(streamId: string): StreamObs
  /** This desk's role in a shared venue: a replay pressed takes the producer's. */
  roles?: RoleGuard
  /** Runs OBS work after the stream's work before it (a failure is the caller's). */
  run<T>(obs: StreamObs, work: () => Promise<T>): Promise<T>
  /** Shows a scene in OBS now (Studio Mode respected). */
  switchTo(obs: StreamObs, scene: string): Promise<void>
  /** The stream's OBS state changed (the column, Companion); answers it. */
  announce(streamId: string): Promise<ObsState>
  /** A replay went on air: a highlight at the press's time. */
  highlight(streamId: string, title: string, at: number): void
  now(): number
}

/** "Bremen Ravens vs Team Liquid" from the feed on air, or empty. */
function namesOf(feed: Feed | undefined, now: number): string {
  if (!feed?.onAir) return ''
  const fields = obsFields(feed, now)
  return [fields['left-name'], fields['right-name']].filter(Boolean).join(' vs ')
}

export class ObsReplays {
  constructor(private readonly ports: ReplayPorts) {}

  /** A press from the desk, Companion or a tablet (`press`), answered with the stream's OBS as it is then. */
  async replay(streamId: string, press?: ReplayPress): Promise<ObsState> {
    this.ports.roles?.check('streams')
    this.press(this.ports.connected(streamId), press)
    return this.ports.announce(streamId)
  }

  /** A show sequence's replay step: played when the stream has an OBS connected with a Replay scene. */
  async step(streamId: string, press: ReplayPress): Promise<void> {
    const obs = this.ports.stream(streamId)
    if (!obs?.settings.replay.scene || obs.link.current.state !== 'connected') return
    this.press(obs, press)
    await this.ports.announce(streamId)
  }

  /** What a stream's replay is doing, for its tablets: none without an OBS connected that has a Replay scene. */
  phaseOf(streamId: string): ReplayState['phase'] | 'none' {
    const obs = this.ports.stream(streamId)
    if (!obs?.settings.replay.scene || obs.link.current.state !== 'connected') return 'none'
    return obs.replay.state.phase
  }

  /** True while a replay is saving, on air, or waiting for the release: the show's scene changes wait for its end. */
  active(obs: StreamObs): boolean {
    return obs.replay.state.phase !== 'idle'
  }

  /**
   * A press on a stream's OBS: refused in words when the stream cannot replay; while one
   * plays, queued or the one playing cut short, as the stream's settings say. Answers at once; OBS works after.
   */
  private press(obs: StreamObs, press: ReplayPress = {}): ReplayState {
    const settings = obs.settings.replay
    const scene = settings.scene
    if (!scene)
      throw new AppError(
        'validation',
        'This stream has no Replay scene: choose one in its OBS settings, or press Set up OBS for me.',
        { scene: 'a Replay scene is needed' },
      )
    if (obs.scenes.length && !obs.scenes.includes(scene))
      throw new AppError('validation', `OBS has no scene “${scene}”: press Set up OBS for me, or choose another.`, {
        scene: `OBS has no scene “${scene}”`,
      })
    const { buffer } = obs.replay.state
    if (buffer === 'off') throw new AppError('conflict', REPLAY_BUFFER_OFF)
    if (buffer === 'stopped')
      throw new AppError(
        'conflict',
        'OBS’s replay buffer is not running: start it in OBS (Controls → Start Replay Buffer) or press Set up OBS for me.',
      )
    const run = obs.replay
    const play = replayOf(settings, press)
    if (run.state.phase !== 'idle') {
      if (settings.again === 'cancel') {
        this.back(obs)
        return run.state
      }
      if (run.queue.length >= REPLAY_QUEUE_MAX)
        throw new AppError('conflict', `${REPLAY_QUEUE_MAX} replays wait already: let one play first.`)
      run.queue.push(play)
      this.set(obs, { queued: run.queue.length })
      return run.state
    }
    run.returnTo = obs.show.chosenScene ?? obs.link.current.programScene
    this.start(obs, scene, play)
    return run.state
  }

  /** What OBS said of its buffer or media sources. */
  heard(obs: StreamObs, event: ReplayEvent): void {
    const run = obs.replay
    if (event.type === 'saved') return run.saved?.(event.path)
    if (event.type === 'buffer') return this.set(obs, { buffer: event.running ? 'running' : 'stopped' })
    if (event.inputName !== REPLAY_SOURCES.media || run.state.phase !== 'playing') return
    const generation = run.generation
    if (event.type === 'media-started') void this.seek(obs, generation)
    else void this.ended(obs, generation)
  }

  /** OBS says the media ended: the replay has played, unless it plays again already (a new file restarts it). */
  private async ended(obs: StreamObs, generation: number): Promise<void> {
    const status = await obs.link
      .call('GetMediaInputStatus', { inputName: REPLAY_SOURCES.media })
      // let go: an unknown state is taken as ended (the guard would end it anyway)
      .catch(() => null)
    if (status?.mediaState === 'OBS_MEDIA_STATE_PLAYING') return
    this.played(obs, generation)
  }

  /** OBS's buffer as OBS says it now (after a connection): running, stopped, or off in its output settings. */
  async readBuffer(obs: StreamObs): Promise<void> {
    const buffer: ReplayState['buffer'] = await obs.link.call('GetReplayBufferStatus').then(
      ({ outputActive }) => (outputActive ? 'running' : 'stopped'),
      () => 'off',
    )
    this.set(obs, { buffer })
  }

  /** The stream was released: a replay that played out while held goes back now. */
  released(obs: StreamObs): void {
    if (obs.replay.state.phase === 'held') this.next(obs)
  }

  /** The show chose a scene while a replay plays: it is where the replay goes back to. */
  moveReturn(obs: StreamObs, scene: string): void {
    obs.replay.returnTo = scene
  }

  /**
   * A person showed a scene, or the technical-difficulties key came down: the replay ends where it is, nothing
   * queued plays. Answers the scene it would have gone back to.
   */
  drop(obs: StreamObs): string | null {
    const run = obs.replay
    const returnTo = run.returnTo
    if (run.state.phase === 'idle') return null
    this.reset(obs)
    return returnTo
  }

  private start(obs: StreamObs, scene: string, play: Play): void {
    const run = obs.replay
    const generation = ++run.generation
    const pressedAt = this.ports.now()
    run.playing = play
    this.set(obs, { phase: 'saving', problem: null })
    const names = namesOf(obs.feed, pressedAt)
    void (async () => {
      const saved = new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), SAVE_MS)
        run.saved = (path) => {
          clearTimeout(timer)
          resolve(path)
        }
      })
      await this.ports.run(obs, () => obs.link.call('SaveReplayBuffer'))
      const path =
        (await saved) ??
        // let go: no file from either is said just below ("OBS saved no replay")
        obsPath((await obs.link.call('GetLastReplayBufferReplay').catch(() => null))?.savedReplayPath)
      run.saved = null
      if (run.generation !== generation) return
      if (!path) throw new Error('OBS saved no replay within 10 s (is its recording path writable?)')
      await this.ports.run(obs, async () => {
        if (run.generation !== generation) return
        await obs.link.call('SetInputSettings', {
          inputName: REPLAY_SOURCES.media,
          inputSettings: {
            local_file: path,
            is_local_file: true,
            looping: false,
            speed_percent: play.speed,
            restart_on_activate: true,
            close_when_inactive: true,
            // The last picture stays while a held stream's return waits.
            clear_on_media_end: false,
          },
        })
        await obs.link
          .call('SetInputSettings', { inputName: REPLAY_SOURCES.names, inputSettings: { text: names } })
          .catch(() => undefined) // let go: a Replay scene without the names source plays all the same
        this.set(obs, { phase: 'playing' })
        if (obs.link.current.programScene === scene)
          await obs.link.call('TriggerMediaInputAction', {
            inputName: REPLAY_SOURCES.media,
            mediaAction: 'OBS_WEBSOCKET_MEDIA_INPUT_ACTION_RESTART',
          })
        else await this.ports.switchTo(obs, scene)
      })
      this.ports.highlight(obs.streamId, names ? `Replay · ${names}` : 'Replay', pressedAt)
      // OBS's own end comes first; this guards a lost one.
      this.guardEnd(obs, generation, (play.seconds || 600) * 1000)
    })().catch((error: unknown) => {
      if (run.generation !== generation) return
      this.reset(obs)
      this.failed(obs, `The replay did not play: ${(error as Error).message}.`)
    })
  }

  /** The media started: from the chosen seconds before its end, and its end guarded by its length at its speed. */
  private async seek(obs: StreamObs, generation: number): Promise<void> {
    const play = obs.replay.playing
    if (!play) return
    const status = await obs.link
      .call('GetMediaInputStatus', { inputName: REPLAY_SOURCES.media })
      // let go: without its length the whole file plays, and the guard set at the start ends it
      .catch(() => null)
    const duration = typeof status?.mediaDuration === 'number' && status.mediaDuration > 0 ? status.mediaDuration : 0
    if (obs.replay.generation !== generation || !duration) return
    const from = play.seconds > 0 ? Math.max(0, duration - play.seconds * 1000) : 0
    const sought =
      from > 0 &&
      (await obs.link.call('SetMediaInputCursor', { inputName: REPLAY_SOURCES.media, mediaCursor: from }).then(
        () => true,
        // let go: the whole file plays then, and its end, guarded at its whole length, still ends the replay
        () => false,
      ))
    this.guardEnd(obs, generation, sought ? duration - from : duration)
  }

  private guardEnd(obs: StreamObs, generation: number, mediaMs: number): void {
    const run = obs.replay
    if (run.generation !== generation || !run.playing) return
    clearTimeout(run.endTimer)
    run.endTimer = setTimeout(() => this.played(obs, generation), (mediaMs * 100) / run.playing.speed + END_SLACK_MS)
    run.endTimer.unref()
  }

  /** The replay played out: the next waiting, or back (a held stream waits for its release). */
  private played(obs: StreamObs, generation: number): void {
    const run = obs.replay
    if (run.generation !== generation || run.state.phase !== 'playing') return
    clearTimeout(run.endTimer)
    if (obs.held) return this.set(obs, { phase: 'held' })
    this.next(obs)
  }

  private next(obs: StreamObs): void {
    const run = obs.replay
    const scene = obs.settings.replay.scene
    const play = run.queue.shift()
    if (play && scene) {
      this.set(obs, { queued: run.queue.length })
      return this.start(obs, scene, play)
    }
    this.back(obs)
  }

  /** Back to where the show was: nothing queued plays. */
  private back(obs: StreamObs): void {
    const to = obs.replay.returnTo
    this.reset(obs)
    if (to)
      void this.ports
        .run(obs, () => this.ports.switchTo(obs, to))
        .catch((error: unknown) => this.failed(obs, `OBS did not go back to “${to}”: ${(error as Error).message}.`))
  }

  private reset(obs: StreamObs): void {
    const run = obs.replay
    clearTimeout(run.endTimer)
    run.generation++
    run.queue = []
    run.playing = null
    run.returnTo = null
    run.saved?.(null)
    run.saved = null
    this.set(obs, { phase: 'idle', queued: 0 })
  }

  /** What went wrong, for the column (and Companion, and the log). */
  private failed(obs: StreamObs, problem: string): void {
    log.warn(`stream ${obs.streamId}: ${problem}`)
    this.set(obs, { problem })
  }

  private set(obs: StreamObs, change: Partial<ReplayState>): void {
    obs.replay.state = { ...obs.replay.state, ...change }
    void this.ports.announce(obs.streamId)
  }
}

/** What a press says when OBS's replay buffer is off in its output settings, with the words to turn it on. */
export const REPLAY_BUFFER_OFF =
  'OBS’s replay buffer is off: in OBS, Settings → Output → Replay Buffer → Enable Replay Buffer (in the Simple ' +
  'output mode it is under Recording), then OK, and press Set up OBS for me again.'
