// OBS as a publication target beside the hub: each stream with an OBS gets a link, and every feed the desk publishes
// becomes the show change there — the match scene on a Take, the break scene a set time after the result, the text
// sources and text files set from the feed. Hold never moves OBS. OBS is downstream: a missing, slow or refusing OBS
// never blocks a Take or the hub (work runs after the publish, one stream at a time, only the newest feed waits, and
// failures go to the column).
import { randomUUID } from 'node:crypto'
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Feed } from '../../../shared/broadcast/feed'
import {
  OBS_FIELDS,
  type ObsField,
  type ObsPreview,
  type ObsSettings,
  type ObsState,
  type ObsTestReport,
} from '../../../shared/broadcast/obs'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { EventBus } from '../event-bus'
import { connectObs, describeObsFailure, ObsLink, type LinkStatus } from '../obs/obs-link'
import type { ObsSettingsFile } from '../obs/obs-settings-file'
import { obsNames, obsScreenshot } from '../obs/obs-bounds'
import { obsPasswordFor, sealObsPassword, unsealObsPassword } from '../obs/obs-password'
import { obsSecretsOf, type CredentialStore } from '../secrets/credential-store'
import { SerialQueue } from '../serial-queue'
import { obsFields } from './obs-fields'

export interface ObsTargetPorts {
  settings: ObsSettingsFile
  credentials: CredentialStore
  clock: Clock
  bus: EventBus
  /** The active connection profile: settings and passwords are per profile. */
  profileId(): string
  /** The stream's feed as the desk publishes it now (built if needed): what a (re)connected OBS catches up to. */
  currentFeed(streamId: string): Feed | undefined
  /** Tells the person something went wrong that needs them (shown in notices). */
  notify(message: string): void
  /** Link tuning for tests. */
  retryMs?: { first: number; most: number }
}

/** One stream's OBS: its link, what was last written, the hold, and the break. */
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
  onAirId: string | null
  /** When the match on air was first seen finished (epoch ms; -Infinity: before this link knew it). */
  finishedAt: number | null
  breakTimer: NodeJS.Timeout | undefined
  breakShown: boolean
  /** The scene Matchdesk (or the producer through it) last chose: what a reconnected OBS returns to. */
  chosenScene: string | null
  /** Calls to this OBS run one after another. */
  queue: Promise<void>
  problem: string | null
  /** How many times something failed (a work that adds none clears the problem). */
  failures: number
  /** Connected since the last time it went away: its next loss is told once. */
  wasConnected: boolean
}

/** How often the countdown text is brought up to date while nothing else changes (ms). */
const COUNTDOWN_TICK_MS = 15_000
/** How long a Studio Mode transition is tried again while OBS says one is still running (wall-clock ms). */
const TRANSITION_WAIT_MS = 5000

export class ObsTarget {
  private readonly streams = new Map<string, StreamObs>()
  /** Opening, saving and forgetting links run one at a time: no link is left behind by overlapping calls. */
  private readonly changes = new SerialQueue()
  private readonly ticker: NodeJS.Timeout

  constructor(private readonly ports: ObsTargetPorts) {
    this.ticker = setInterval(() => this.tick(), COUNTDOWN_TICK_MS)
    this.ticker.unref()
  }

  /** Opens a link for every stream of the active profile that has an OBS (at start, and after a switch). */
  follow(): Promise<void> {
    return this.changes.run(async () => {
      await this.closeAll()
      const profileId = this.ports.profileId()
      for (const [streamId, settings] of this.ports.settings.streams(profileId)) {
        await this.open(profileId, streamId, settings).catch((error: unknown) =>
          this.ports.notify(`OBS of stream ${streamId} could not be opened: ${String(error)}`),
        )
      }
    })
  }

  /** Another connection is active: its streams' OBS are followed instead. */
  switched(): void {
    void this.follow()
  }

  /** True when this stream drives an OBS (the desk keeps its data fresh, as for an open overlay). */
  follows(streamId: string): boolean {
    return this.streams.has(streamId)
  }

  /** A stream's OBS as the column shows it. */
  async state(streamId: string): Promise<ObsState> {
    const obs = this.streams.get(streamId)
    // Known from when the link was opened; the keychain is asked only for a stream without one.
    const hasPassword = obs?.hasPassword ?? (await this.passwordFor(this.ports.profileId(), streamId)) !== undefined
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
    }
  }

  /** Saves a stream's OBS settings (and password, when given; null forgets it) and connects with them. */
  configure(streamId: string, settings: ObsSettings, password?: string | null): Promise<ObsState> {
    return this.changes.run(async () => {
      const profileId = this.ports.profileId()
      const owner = obsSecretsOf(profileId, streamId)
      const kept = await this.keptPassword(profileId, streamId)
      if (password === null) await this.ports.credentials.delete(owner, 'obs-password')
      else if (password !== undefined)
        await this.ports.credentials.set(owner, 'obs-password', sealObsPassword(settings, password))
      else if (kept && obsPasswordFor(kept, settings) === undefined) {
        // Another host or port: the stored password is never sent there. It is forgotten and asked for again.
        await this.ports.credentials.delete(owner, 'obs-password')
        // The open link (to the OBS it was for) keeps going until this Save is made again; nothing is stored now.
        const open = this.streams.get(streamId)
        if (open) open.hasPassword = false
        const message =
          `The stored password was for the OBS at ${kept.for}, so it is forgotten: type the password of the OBS at ` +
          `${settings.host}:${settings.port}, or save again if that OBS asks for none.`
        throw new AppError('validation', message, { password: message })
      }
      this.ports.settings.set(profileId, streamId, settings)
      await this.open(profileId, streamId, settings)
      // The answer says how the first attempt went (events sent meanwhile say the same, never something newer).
      const obs = this.streams.get(streamId)
      await obs?.link.firstAttempt
      // And, connected, for OBS's scenes and sources to be read (the catch-up queued on connecting).
      await obs?.queue
      return this.state(streamId)
    })
  }

  /** The stream no longer drives an OBS: link closed, settings and password forgotten. */
  forget(streamId: string): Promise<ObsState> {
    return this.changes.run(async () => {
      await this.closeStream(streamId)
      const profileId = this.ports.profileId()
      this.ports.settings.set(profileId, streamId, undefined)
      await this.ports.credentials.delete(obsSecretsOf(profileId, streamId), 'obs-password')
      return this.announce(streamId)
    })
  }

  /**
   * Tries settings as the form has them: OBS's version, or the wrong field. The stored password is used only for the
   * host and port it was saved for (a password typed in the form goes anywhere the form says).
   */
  async test(streamId: string, settings: ObsSettings, password?: string): Promise<ObsTestReport> {
    const kept = await this.keptPassword(this.ports.profileId(), streamId)
    const stored = obsPasswordFor(kept, settings)
    const address = { host: settings.host, port: settings.port, password: password ?? stored }
    try {
      const { socket, version } = await connectObs(address)
      await socket.disconnect().catch(() => undefined)
      return {
        ok: true,
        version,
        message: `Connected to OBS ${version} at ${settings.host}:${settings.port}.`,
        fields: {},
      }
    } catch (error) {
      const { field, message } = describeObsFailure(error, address)
      const again =
        !password && kept && stored === undefined ? ` (type the password: the stored one is for ${kept.for})` : ''
      return { ok: false, version: null, message: message + again, fields: { [field]: message + again } }
    }
  }

  /** Shows a scene now (the column's scene buttons, Companion): done, or refused in words. Studio Mode respected. */
  async showScene(streamId: string, scene: string): Promise<ObsState> {
    const obs = this.streams.get(streamId)
    if (!obs) throw new AppError('validation', 'This stream has no OBS set up: add it in the stream column first.')
    if (obs.link.current.state !== 'connected')
      throw new AppError('conflict', `OBS is not connected (${obs.link.current.problem ?? obs.link.current.state}).`)
    if (obs.scenes.length && !obs.scenes.includes(scene))
      throw new AppError('validation', `OBS has no scene “${scene}” (it has ${obs.scenes.join(', ')}).`, {
        scene: `OBS has no scene “${scene}”`,
      })
    clearTimeout(obs.breakTimer)
    obs.breakTimer = undefined
    obs.breakShown = true
    const work = obs.queue.then(() => this.show(obs, scene, true))
    obs.queue = work.catch(() => undefined)
    try {
      await work
    } catch (error) {
      throw new AppError('conflict', `OBS refused the scene “${scene}”: ${(error as Error).message}.`)
    }
    return this.announce(streamId)
  }

  /** Shows the break scene now. */
  async toBreak(streamId: string): Promise<ObsState> {
    const scene = this.streams.get(streamId)?.settings.breakScene
    if (!scene) throw new AppError('validation', 'This stream has no break scene: choose one in its OBS settings.')
    return this.showScene(streamId, scene)
  }

  /** A small picture of what OBS's program shows now (an image data URL), or null when it cannot be had. */
  async preview(streamId: string): Promise<ObsPreview> {
    const obs = this.streams.get(streamId)
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
      return { scene, image: null }
    }
  }

  /**
   * The desk published a stream's feed: the show follows in OBS. A held feed moves nothing (and stops a break that
   * was coming). Returns at once; the work runs after, and only the newest feed waits.
   */
  published(streamId: string, feed: Feed): void {
    const obs = this.streams.get(streamId)
    if (!obs) return
    // Held: no scene moves and no break comes, but the texts and files say what the overlays say (what was applied,
    // and the producer's own Take), so every target shows the same.
    obs.held = feed.held
    if (feed.held) {
      clearTimeout(obs.breakTimer)
      obs.breakTimer = undefined
    }
    obs.feed = feed
    this.showNewest(obs, false)
  }

  async close(): Promise<void> {
    clearInterval(this.ticker)
    await this.changes.run(() => this.closeAll())
  }

  /** Waits until every stream's OBS work so far is done (tests and benchmarks). */
  async settled(): Promise<void> {
    await Promise.all([...this.streams.values()].map((obs) => obs.queue))
  }

  private async open(profileId: string, streamId: string, settings: ObsSettings): Promise<void> {
    await this.closeStream(streamId)
    const password = obsPasswordFor(await this.keptPassword(profileId, streamId), settings)
    const obs = {
      streamId,
      hasPassword: password !== undefined,
      settings,
      scenes: [],
      inputs: [],
      written: {},
      files: {},
      feed: undefined,
      held: false,
      pending: false,
      onAirId: null,
      finishedAt: null,
      breakTimer: undefined,
      breakShown: false,
      chosenScene: null,
      queue: Promise.resolve(),
      problem: null,
      failures: 0,
      wasConnected: false,
    } as Omit<StreamObs, 'link'> as StreamObs
    this.streams.set(streamId, obs)
    obs.link = new ObsLink({
      host: settings.host,
      port: settings.port,
      password,
      ...(this.ports.retryMs && { retryMs: this.ports.retryMs }),
      now: () => this.ports.clock.now(),
      onChange: (status) => this.linkChanged(obs, status),
      onConnected: () => void this.run(obs, () => this.catchUp(obs)),
      onListsChanged: () =>
        void this.run(obs, async () => {
          await this.readLists(obs)
          obs.written = {}
          if (obs.feed) await this.writeFields(obs, obsFields(obs.feed, this.ports.clock.now()))
          await this.announce(obs.streamId)
        }),
    })
  }

  /** The stored password and the host:port it was entered for (one kept before binding: the saved settings'). */
  private async keptPassword(profileId: string, streamId: string) {
    const kept = await this.ports.credentials.get(obsSecretsOf(profileId, streamId), 'obs-password')
    return unsealObsPassword(kept, this.ports.settings.get(profileId, streamId))
  }

  /** The stored password when it is for the stream's saved OBS, else undefined. */
  private async passwordFor(profileId: string, streamId: string): Promise<string | undefined> {
    const settings = this.ports.settings.get(profileId, streamId)
    return settings && obsPasswordFor(await this.keptPassword(profileId, streamId), settings)
  }

  private isCurrent(obs: StreamObs): boolean {
    return this.streams.get(obs.streamId) === obs
  }

  private linkChanged(obs: StreamObs, status: LinkStatus): void {
    if (!this.isCurrent(obs) || status.state === 'closed') return
    // Said once when a connected OBS goes away (not at every attempt after); the column keeps saying why.
    if (status.state === 'connected') obs.wasConnected = true
    else if (status.state === 'reconnecting') {
      obs.problem = null
      if (obs.wasConnected) {
        obs.wasConnected = false
        this.ports.notify(`OBS of stream ${obs.feed?.stream.name ?? obs.streamId} went away: ${status.problem ?? ''}`)
      }
    }
    void this.announce(obs.streamId)
  }

  private async readLists(obs: StreamObs): Promise<void> {
    const [{ scenes }, { inputs }] = await Promise.all([obs.link.call('GetSceneList'), obs.link.call('GetInputList')])
    const text = (value: unknown) => (typeof value === 'string' ? value : '')
    // OBS lists scenes bottom-up; the producer reads them as OBS's scene list shows them.
    obs.scenes = obsNames(scenes.map((scene) => scene['sceneName']).reverse())
    // Text sources only (text_ft2_source_v2 on Linux and macOS, text_gdiplus_v2 on Windows).
    obs.inputs = obsNames(
      inputs.filter((input) => text(input['inputKind']).startsWith('text_')).map((input) => input['inputName']),
    )
  }

  /** Connected (again): read OBS's scenes and sources, then bring it to what the desk publishes now (unless held). */
  private async catchUp(obs: StreamObs): Promise<void> {
    await this.readLists(obs)
    obs.written = {}
    const feed = this.ports.currentFeed(obs.streamId) ?? obs.feed
    if (feed) {
      obs.feed = feed
      obs.held = feed.held
      if (feed.held) await this.showTexts(obs, feed)
      else await this.showFeed(obs, feed, true)
    }
    // The column learns OBS's scenes and sources to choose from.
    await this.announce(obs.streamId)
  }

  /** Queues a showing of the stream's newest feed, unless one is queued already (it will show the newest). */
  private showNewest(obs: StreamObs, catchingUp: boolean): void {
    if (obs.pending) return
    obs.pending = true
    void this.run(obs, async () => {
      obs.pending = false
      if (!obs.feed) return
      if (obs.held) await this.showTexts(obs, obs.feed)
      else await this.showFeed(obs, obs.feed, catchingUp)
    })
  }

  /** Held: the texts and files only, as the overlays show them; the scene stays. */
  private async showTexts(obs: StreamObs, feed: Feed): Promise<void> {
    const fields = obsFields(feed, this.ports.clock.now())
    await this.writeFiles(obs, fields)
    await this.writeFields(obs, fields)
  }

  /**
   * Makes OBS show what a feed says: the files first (they never wait on OBS), the scene on a change of match (or
   * when catching up: the scene chosen last, or the one the match's state calls for), the break when its time comes,
   * then each text source.
   */
  private async showFeed(obs: StreamObs, feed: Feed, catchingUp: boolean): Promise<void> {
    const { settings } = obs
    const now = this.ports.clock.now()
    const fields = obsFields(feed, now)
    await this.writeFiles(obs, fields)
    const onAir = feed.onAir
    const newMatch = (onAir?.id ?? null) !== obs.onAirId
    if (newMatch) {
      obs.onAirId = onAir?.id ?? null
      obs.finishedAt = null
      obs.breakShown = false
      clearTimeout(obs.breakTimer)
      obs.breakTimer = undefined
    }
    if (onAir?.status !== 'completed') {
      obs.finishedAt = null
      clearTimeout(obs.breakTimer)
      obs.breakTimer = undefined
    } else if (obs.finishedAt === null) {
      // A result this link saw come in starts the delay; one it finds already there (a restart) is past it.
      obs.finishedAt = catchingUp && newMatch ? -Infinity : now
    }
    let scene: string | null = null
    if (newMatch && onAir) scene = this.breakDue(obs, now) ? settings.breakScene : settings.matchScene
    else if (catchingUp && onAir)
      scene = obs.chosenScene ?? (this.breakDue(obs, now) ? settings.breakScene : settings.matchScene)
    if (scene)
      await this.show(obs, scene, false).catch((error: unknown) => {
        if (obs.link.current.state === 'connected') this.failed(obs, `the scene “${scene}”`, error)
      })
    if (scene === settings.breakScene && scene) obs.breakShown = true
    this.scheduleBreak(obs)
    await this.writeFields(obs, fields)
  }

  private breakDue(obs: StreamObs, now: number): boolean {
    const { breakScene, breakAfterSeconds } = obs.settings
    return (
      obs.finishedAt !== null &&
      breakScene !== null &&
      breakAfterSeconds > 0 &&
      now - obs.finishedAt >= breakAfterSeconds * 1000
    )
  }

  /** The break scene once the delay after the result has passed, for the same match, never while held. */
  private scheduleBreak(obs: StreamObs): void {
    const { breakScene, breakAfterSeconds } = obs.settings
    if (!breakScene || breakAfterSeconds === 0 || obs.finishedAt === null || obs.breakShown || obs.breakTimer) return
    const onAirId = obs.onAirId
    const left = Math.max(0, breakAfterSeconds * 1000 - (this.ports.clock.now() - obs.finishedAt))
    obs.breakTimer = setTimeout(() => {
      obs.breakTimer = undefined
      void this.run(obs, async () => {
        // Checked when its turn comes: a Take queued meanwhile, or a hold, wins.
        const onAir = obs.feed?.onAir
        if (
          !this.isCurrent(obs) ||
          obs.held ||
          obs.breakShown ||
          onAir?.id !== onAirId ||
          onAir?.status !== 'completed'
        )
          return
        obs.breakShown = true
        await this.show(obs, breakScene, false)
      })
    }, left)
    obs.breakTimer.unref()
  }

  /** Program scene, or with Studio Mode on: preview it, then transition; nothing when OBS shows it already. */
  private async show(obs: StreamObs, scene: string, chosenByHand: boolean): Promise<void> {
    obs.chosenScene = scene
    // Asked, not remembered: OBS's own change events may come after the next Take.
    const { currentProgramSceneName } = await obs.link.call('GetCurrentProgramScene')
    if (!chosenByHand && currentProgramSceneName === scene) return
    const { studioModeEnabled } = await obs.link.call('GetStudioModeEnabled')
    if (studioModeEnabled) await this.transitionTo(obs, scene)
    else await obs.link.call('SetCurrentProgramScene', { sceneName: scene })
  }

  /**
   * Studio Mode: the scene to preview, then the transition. OBS applies a preview change on its UI thread a moment
   * after answering, while the transition takes whatever the preview is when it is asked: so the preview is read back
   * before the transition, and the program after it. A transition still running refuses a second one; all is tried
   * again for 5 s (a busy machine draws even a short fade slowly), then said.
   */
  private async transitionTo(obs: StreamObs, scene: string): Promise<void> {
    const until = Date.now() + TRANSITION_WAIT_MS
    await obs.link.call('SetCurrentPreviewScene', { sceneName: scene })
    for (;;) {
      try {
        const { currentPreviewSceneName } = await obs.link.call('GetCurrentPreviewScene')
        if (currentPreviewSceneName === scene) {
          await obs.link.call('TriggerStudioModeTransition')
          const { currentProgramSceneName } = await obs.link.call('GetCurrentProgramScene')
          if (currentProgramSceneName === scene) return
        }
        if (Date.now() >= until) throw new Error(`OBS did not transition to it within ${TRANSITION_WAIT_MS / 1000} s`)
      } catch (error) {
        if (Date.now() >= until || obs.link.current.state !== 'connected') throw error
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /**
   * Each field to its text source (the mapped one, or the one named by convention when OBS has it), each on its own:
   * a source that is gone does not stop the others.
   */
  private async writeFields(obs: StreamObs, fields: Record<ObsField, string>): Promise<void> {
    const inputs = new Map(obs.inputs.map((name) => [name.toLowerCase(), name]))
    const refused: string[] = []
    for (const { field, source } of OBS_FIELDS) {
      const text = fields[field]
      const mapped = obs.settings.sources[field]
      const target = mapped === null ? undefined : (mapped ?? inputs.get(source.toLowerCase()))
      if (!target || obs.written[field] === text) continue
      try {
        await obs.link.call('SetInputSettings', { inputName: target, inputSettings: { text } })
        obs.written[field] = text
      } catch (error) {
        if (obs.link.current.state !== 'connected') throw error
        refused.push(`“${target}” (${(error as Error).message})`)
      }
    }
    if (refused.length) this.failed(obs, `the text sources ${refused.join(', ')}`)
  }

  /** The same fields as "<field>.txt" in the chosen folder, each written whole, for tools that read files. */
  private async writeFiles(obs: StreamObs, fields: Record<ObsField, string>): Promise<void> {
    const folder = obs.settings.folder
    if (!folder) return
    try {
      await mkdir(folder, { recursive: true })
      for (const [field, text] of Object.entries(fields) as [ObsField, string][]) {
        if (obs.files[field] === text) continue
        const file = join(folder, `${field}.txt`)
        // A temporary name of its own, created new (never through a link someone left there), renamed over the file.
        const temporary = join(folder, `.${field}.${randomUUID()}.writing`)
        await writeFile(temporary, text, { flag: 'wx' })
        await rename(temporary, file)
        obs.files[field] = text
      }
    } catch (error) {
      this.failed(obs, `text files in ${folder} (${(error as Error).message})`)
    }
  }

  /** The countdown moves with time while the feed stands still: brought up to date now and then (never when held). */
  private tick(): void {
    for (const obs of this.streams.values()) {
      if (!obs.feed || obs.pending || obs.link.current.state !== 'connected') continue
      const feed = obs.feed
      void this.run(obs, () => this.writeFields(obs, obsFields(feed, this.ports.clock.now())))
    }
  }

  /** Keeps what went wrong for the column (once per problem), in words. */
  private failed(obs: StreamObs, what: string, error?: unknown): void {
    const why = error instanceof Error ? `: ${error.message}` : ''
    const problem = `Could not write ${what}${why}. Check the stream's OBS settings (scenes, text sources, folder).`
    obs.failures++
    if (obs.problem === problem) return
    obs.problem = problem
    void this.announce(obs.streamId)
  }

  /** Runs one piece of OBS work after the ones before it; nothing is thrown at the desk. */
  private run(obs: StreamObs, work: () => Promise<void>): Promise<void> {
    let failuresBefore = 0
    obs.queue = obs.queue
      .then(() => {
        failuresBefore = obs.failures
        return work()
      })
      .then(() => {
        // Work that went through without failing clears the problem it found.
        if (obs.problem !== null && obs.failures === failuresBefore && obs.link.current.state === 'connected') {
          obs.problem = null
          void this.announce(obs.streamId)
        }
      })
      .catch((error: unknown) => {
        if (obs.link.current.state === 'connected') this.failed(obs, 'to OBS', error)
      })
    return obs.queue
  }

  private async announce(streamId: string): Promise<ObsState> {
    const state = await this.state(streamId)
    this.ports.bus.publish('obs:changed', state)
    return state
  }

  private async closeStream(streamId: string): Promise<void> {
    const obs = this.streams.get(streamId)
    if (!obs) return
    this.streams.delete(streamId)
    clearTimeout(obs.breakTimer)
    await obs.link.close()
  }

  private async closeAll(): Promise<void> {
    await Promise.all([...this.streams.keys()].map((streamId) => this.closeStream(streamId)))
  }
}
