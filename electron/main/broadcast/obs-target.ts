// OBS as a publication target beside the hub: each stream with an OBS gets a link, and every feed the desk publishes
// becomes the show change there — the match scene on a Take, the break scene a set time after the result, the text
// sources and text files set from the feed. Hold never moves OBS. OBS is downstream: a missing, slow or refusing OBS
// never blocks a Take or the hub (calls run after the publish, one stream at a time, and fail into the column).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Feed } from '../../../shared/broadcast/feed'
import {
  OBS_FIELDS,
  type ObsField,
  type ObsSettings,
  type ObsState,
  type ObsTestReport,
} from '../../../shared/broadcast/obs'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { EventBus } from '../event-bus'
import { connectObs, describeObsFailure, ObsLink, type LinkStatus } from '../obs/obs-link'
import type { ObsSettingsFile } from '../obs/obs-settings-file'
import { obsSecretsOf, type CredentialStore } from '../secrets/credential-store'
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

/** One stream's OBS: its link, what was last written, and the break timer. */
interface StreamObs {
  settings: ObsSettings
  link: ObsLink
  scenes: string[]
  inputs: string[]
  /** What each field's source and file last said (only changes are written). */
  written: Partial<Record<ObsField, string>>
  files: Partial<Record<ObsField, string>>
  feed: Feed | undefined
  onAirId: string | null
  /** When the match on air was first seen finished (epoch ms), for the break. */
  finishedAt: number | null
  breakTimer: NodeJS.Timeout | undefined
  /** Calls to this OBS run one after another. */
  queue: Promise<void>
  problem: string | null
  /** Connected since the last time it went away: its next loss is told once. */
  wasConnected: boolean
}

/** How often the countdown text is brought up to date while nothing else changes (ms). */
const COUNTDOWN_TICK_MS = 15_000

export class ObsTarget {
  private readonly streams = new Map<string, StreamObs>()
  private profile = ''
  private readonly ticker: NodeJS.Timeout

  constructor(private readonly ports: ObsTargetPorts) {
    this.ticker = setInterval(() => this.tick(), COUNTDOWN_TICK_MS)
    this.ticker.unref()
  }

  /** Opens a link for every stream of the active profile that has an OBS (at start, and after a switch). */
  async follow(): Promise<void> {
    await this.closeAll()
    this.profile = this.ports.profileId()
    for (const [streamId, settings] of this.ports.settings.streams(this.profile)) await this.open(streamId, settings)
  }

  /** A stream's OBS as the column shows it. */
  async state(streamId: string): Promise<ObsState> {
    const obs = this.streams.get(streamId)
    const hasPassword =
      (await this.ports.credentials.get(obsSecretsOf(this.ports.profileId(), streamId), 'obs-password')) !== undefined
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
      problem: obs.problem ?? status.problem,
      retryAt: status.retryAt,
      settings: obs.settings,
      hasPassword,
      scenes: obs.scenes,
      inputs: obs.inputs,
    }
  }

  /** Saves a stream's OBS settings (and password, when given; null forgets it) and connects with them. */
  async configure(streamId: string, settings: ObsSettings, password?: string | null): Promise<ObsState> {
    const owner = obsSecretsOf(this.ports.profileId(), streamId)
    if (password === null) await this.ports.credentials.delete(owner, 'obs-password')
    else if (password !== undefined) await this.ports.credentials.set(owner, 'obs-password', password)
    this.ports.settings.set(this.ports.profileId(), streamId, settings)
    await this.open(streamId, settings)
    return this.state(streamId)
  }

  /** The stream no longer drives an OBS: link closed, settings and password forgotten. */
  async forget(streamId: string): Promise<ObsState> {
    await this.closeStream(streamId)
    this.ports.settings.set(this.ports.profileId(), streamId, undefined)
    await this.ports.credentials.delete(obsSecretsOf(this.ports.profileId(), streamId), 'obs-password')
    return this.announce(streamId)
  }

  /** Tries settings as the form has them (the stored password when none is typed): OBS's version, or the wrong field. */
  async test(streamId: string, settings: ObsSettings, password?: string): Promise<ObsTestReport> {
    const stored = await this.ports.credentials.get(obsSecretsOf(this.ports.profileId(), streamId), 'obs-password')
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
      return { ok: false, version: null, message, fields: { [field]: message } }
    }
  }

  /** Shows a scene now (the column's scene buttons, Companion): Studio Mode respected. */
  async showScene(streamId: string, scene: string): Promise<ObsState> {
    const obs = this.streams.get(streamId)
    if (!obs) throw new AppError('validation', 'This stream has no OBS set up: add it in the stream column first.')
    if (obs.scenes.length && !obs.scenes.includes(scene))
      throw new AppError('validation', `OBS has no scene “${scene}” (it has ${obs.scenes.join(', ')}).`, {
        scene: `OBS has no scene “${scene}”`,
      })
    clearTimeout(obs.breakTimer)
    await this.run(streamId, obs, () => this.show(obs, scene))
    return this.announce(streamId)
  }

  /** A small picture of what OBS's program shows now (a JPEG data URL), or null when it cannot be had. */
  async preview(streamId: string): Promise<{ scene: string | null; image: string | null }> {
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
      return { scene, image: imageData }
    } catch {
      return { scene, image: null }
    }
  }

  /** Shows the break scene now. */
  async toBreak(streamId: string): Promise<ObsState> {
    const scene = this.streams.get(streamId)?.settings.breakScene
    if (!scene) throw new AppError('validation', 'This stream has no break scene: choose one in its OBS settings.')
    return this.showScene(streamId, scene)
  }

  /**
   * The desk published a stream's feed: the show follows in OBS (a held feed moves nothing). Returns at once; the
   * calls run after, one stream at a time.
   */
  published(streamId: string, feed: Feed): void {
    const obs = this.streams.get(streamId)
    if (!obs || feed.held) return
    obs.feed = feed
    void this.run(streamId, obs, () => this.showFeed(obs, feed, false))
  }

  follows(streamId: string): boolean {
    return this.streams.has(streamId)
  }

  async close(): Promise<void> {
    clearInterval(this.ticker)
    await this.closeAll()
  }

  /** Waits until every stream's OBS calls so far are done (tests and benchmarks). */
  async settled(): Promise<void> {
    await Promise.all([...this.streams.values()].map((obs) => obs.queue))
  }

  private async open(streamId: string, settings: ObsSettings): Promise<void> {
    await this.closeStream(streamId)
    const password = await this.ports.credentials.get(
      obsSecretsOf(this.profile || this.ports.profileId(), streamId),
      'obs-password',
    )
    const obs: StreamObs = {
      settings,
      scenes: [],
      inputs: [],
      written: {},
      files: {},
      feed: undefined,
      onAirId: null,
      finishedAt: null,
      breakTimer: undefined,
      queue: Promise.resolve(),
      problem: null,
      wasConnected: false,
      link: new ObsLink({
        host: settings.host,
        port: settings.port,
        password,
        ...(this.ports.retryMs && { retryMs: this.ports.retryMs }),
        now: () => this.ports.clock.now(),
        onChange: (status) => this.linkChanged(streamId, status),
        onConnected: () => void this.run(streamId, obs, () => this.catchUp(streamId, obs)),
      }),
    }
    this.streams.set(streamId, obs)
  }

  private linkChanged(streamId: string, status: LinkStatus): void {
    const obs = this.streams.get(streamId)
    if (!obs || status.state === 'closed') return
    // Said once when a connected OBS goes away (not at every attempt after); the column keeps saying why.
    if (status.state === 'connected') obs.wasConnected = true
    else if (status.state === 'reconnecting' && obs.wasConnected) {
      obs.wasConnected = false
      this.ports.notify(`OBS of stream ${obs.feed?.stream.name ?? streamId} went away: ${status.problem ?? ''}`)
    }
    void this.announce(streamId)
  }

  /** Connected (again): read OBS's scenes and sources, then bring it to what the desk publishes now. */
  private async catchUp(streamId: string, obs: StreamObs): Promise<void> {
    const [{ scenes }, { inputs }] = await Promise.all([obs.link.call('GetSceneList'), obs.link.call('GetInputList')])
    const text = (value: unknown) => (typeof value === 'string' ? value : '')
    // OBS lists scenes bottom-up; the producer reads them as OBS's scene list shows them.
    obs.scenes = scenes.map((scene) => text(scene['sceneName'])).reverse()
    // Text sources only (text_ft2_source_v2 on Linux and macOS, text_gdiplus_v2 on Windows).
    obs.inputs = inputs
      .filter((input) => text(input['inputKind']).startsWith('text_'))
      .map((input) => text(input['inputName']))
    obs.written = {}
    obs.files = {}
    const feed = this.ports.currentFeed(streamId) ?? obs.feed
    if (feed && !feed.held) {
      obs.feed = feed
      await this.showFeed(obs, feed, true)
    }
    // The column learns OBS's scenes and sources to choose from.
    await this.announce(streamId)
  }

  /** Makes OBS show what a feed says: the scene on a change of match (or when catching up), then the fields. */
  private async showFeed(obs: StreamObs, feed: Feed, catchingUp: boolean): Promise<void> {
    const { settings } = obs
    const onAir = feed.onAir
    const now = this.ports.clock.now()
    if ((onAir?.id ?? null) !== obs.onAirId) {
      obs.onAirId = onAir?.id ?? null
      obs.finishedAt = null
      clearTimeout(obs.breakTimer)
      if (onAir && settings.matchScene) await this.show(obs, settings.matchScene)
    } else if (catchingUp && onAir && settings.matchScene && !this.breakDue(obs, now)) {
      await this.show(obs, settings.matchScene)
    }
    if (onAir?.status === 'completed' && obs.finishedAt === null) {
      obs.finishedAt = now
      this.scheduleBreak(obs)
    } else if (catchingUp && this.breakDue(obs, now) && settings.breakScene) {
      await this.show(obs, settings.breakScene)
    }
    await this.writeFields(obs, feed, now)
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

  private scheduleBreak(obs: StreamObs): void {
    const { breakScene, breakAfterSeconds } = obs.settings
    if (!breakScene || breakAfterSeconds === 0) return
    clearTimeout(obs.breakTimer)
    const onAirId = obs.onAirId
    obs.breakTimer = setTimeout(() => {
      const streamId = obs.feed?.stream.id
      if (!streamId || obs.onAirId !== onAirId || this.streams.get(streamId) !== obs) return
      void this.run(streamId, obs, () => this.show(obs, breakScene))
    }, breakAfterSeconds * 1000)
    obs.breakTimer.unref()
  }

  /** Program scene, or with Studio Mode on: preview it, then transition. */
  private async show(obs: StreamObs, scene: string): Promise<void> {
    const { studioModeEnabled } = await obs.link.call('GetStudioModeEnabled')
    if (studioModeEnabled) {
      await obs.link.call('SetCurrentPreviewScene', { sceneName: scene })
      await obs.link.call('TriggerStudioModeTransition')
    } else {
      await obs.link.call('SetCurrentProgramScene', { sceneName: scene })
    }
  }

  /** Each field to its text source (the mapped one, or the one named by convention when OBS has it) and its file. */
  private async writeFields(obs: StreamObs, feed: Feed, now: number): Promise<void> {
    const fields = obsFields(feed, now)
    const inputs = new Map(obs.inputs.map((name) => [name.toLowerCase(), name]))
    for (const { field, source } of OBS_FIELDS) {
      const text = fields[field]
      const mapped = obs.settings.sources[field]
      const target = mapped === null ? undefined : (mapped ?? inputs.get(source.toLowerCase()))
      if (target && obs.written[field] !== text) {
        await obs.link.call('SetInputSettings', { inputName: target, inputSettings: { text } })
        obs.written[field] = text
      }
    }
    this.writeFiles(obs, fields)
  }

  /** The same fields as "<field>.txt" in the chosen folder, each written whole, for tools that read files. */
  private writeFiles(obs: StreamObs, fields: Record<ObsField, string>): void {
    const folder = obs.settings.folder
    if (!folder) return
    mkdirSync(folder, { recursive: true })
    for (const [field, text] of Object.entries(fields) as [ObsField, string][]) {
      if (obs.files[field] === text) continue
      const file = join(folder, `${field}.txt`)
      writeFileSync(`${file}.writing`, text)
      renameSync(`${file}.writing`, file)
      obs.files[field] = text
    }
  }

  /** The countdown moves with time while the feed stands still: brought up to date now and then. */
  private tick(): void {
    for (const [streamId, obs] of this.streams) {
      if (obs.feed && !obs.feed.held && obs.link.current.state === 'connected') {
        const feed = obs.feed
        void this.run(streamId, obs, () => this.writeFields(obs, feed, this.ports.clock.now()))
      }
    }
  }

  /** Runs one OBS call chain after the ones before it; a failure is kept for the column, never thrown at the desk. */
  private run(streamId: string, obs: StreamObs, work: () => Promise<void>): Promise<void> {
    obs.queue = obs.queue
      .then(work)
      .then(() => {
        if (obs.problem === null) return
        obs.problem = null
        void this.announce(streamId)
      })
      .catch((error: unknown) => {
        if (obs.link.current.state !== 'connected') return
        const words = error instanceof Error ? error.message : String(error)
        obs.problem = `OBS refused: ${words}. Check the stream's scenes and text sources in its OBS settings.`
        void this.announce(streamId)
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
