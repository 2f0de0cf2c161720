// OBS as a publication target beside the hub: each stream with an OBS gets a link, and every feed the desk publishes
// becomes the show change there — what the show calls for is decided in `obs-show.ts` (the match scene on a Take, the
// break a set time after the result; the difficulties scene while that key is down, and back), written by
// `obs-writes.ts` and `obs-text-files.ts`; a show sequence's scene steps and "Set up OBS for me" (`obs-setup.ts`) come
// through here too. Hold never moves OBS. OBS is downstream: a missing, slow or refusing OBS never blocks a Take or the
// hub (work runs after the publish, one stream at a time, only the newest feed waits, and failures go to the column).
import type { Feed } from '../../../shared/broadcast/feed'
import {
  type ObsField,
  type ObsPreview,
  type ObsSettings,
  type ObsSetupReport,
  type ObsState,
  type ObsTestReport,
} from '../../../shared/broadcast/obs'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { EventBus } from '../event-bus'
import { ObsLink, type LinkStatus } from '../obs/obs-link'
import type { ObsSettingsFile } from '../obs/obs-settings-file'
import type { CredentialStore } from '../secrets/credential-store'
import { SerialQueue } from '../serial-queue'
import { obsFields } from './obs-fields'
import { ObsPasswords } from './obs-passwords'
import { breakStillDue, planShow } from './obs-show'
import { setUpStreamObs, type OverlayAddress } from './obs-setup'
import { newStreamObs, obsStateOf, readObsLists, writeFailed, type StreamObs } from './obs-stream'
import { switchScene, writeTextSources } from './obs-writes'
import { programOverlaysOf, programPreview, readProgramOverlays, returnsToOf, showsOf } from './obs-program'
import { testObs } from './obs-test'
import { ObsReplays } from './obs-replay'
import { ObsTextFiles } from './obs-text-files'
import type { RoleGuard } from '../venue/venue-role-guard'

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
  /** OBS went to the stream's break scene, or back to its match scene by hand (the VOD's chapters follow). */
  sceneShown?(streamId: string, shown: 'break' | 'match'): void
  /** Link tuning for tests. */
  retryMs?: { first: number; most: number }
  /** This desk's role in a shared venue: a scene shown by hand (the column, Companion) takes the producer's. */
  roles?: RoleGuard
  /** A replay went on air (the VOD's highlights). */
  highlight?(streamId: string, title: string, at: number): void
}

export type { OverlayAddress } from './obs-setup'

/** How often the countdown text is brought up to date while nothing else changes (ms). */
const COUNTDOWN_TICK_MS = 15_000

export class ObsTarget {
  private readonly streams = new Map<string, StreamObs>()
  /** The text files' writes, one queue per folder (OBS never waits on them). */
  private readonly files = new ObsTextFiles(
    (obs) => this.isCurrent(obs),
    (obs, what) => this.failed(obs, what),
  )
  /** Opening, saving and forgetting links run one at a time: no link is left behind by overlapping calls. */
  private readonly changes = new SerialQueue()
  private readonly ticker: NodeJS.Timeout
  private readonly passwords: ObsPasswords
  /** Instant replay on each stream's OBS (`obs-replay.ts`): the press, a sequence's step, the tablets' view of it. */
  readonly replays: ObsReplays

  constructor(private readonly ports: ObsTargetPorts) {
    this.passwords = new ObsPasswords(ports.credentials, ports.settings)
    this.replays = new ObsReplays({
      stream: (streamId) => this.streams.get(streamId),
      connected: (streamId) => this.connected(streamId),
      run: (obs, work) => obs.queue.run(work),
      switchTo: (obs, scene) => switchScene(obs.link, scene, true),
      announce: (streamId) => this.announce(streamId),
      now: () => ports.clock.now(),
      highlight: (streamId, title, at) => ports.highlight?.(streamId, title, at),
      ...(ports.roles && { roles: ports.roles }),
    })
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
    const hasPassword = obs?.hasPassword ?? (await this.passwords.for(this.ports.profileId(), streamId)) !== undefined
    return obsStateOf(streamId, obs, hasPassword)
  }

  /** Saves a stream's OBS settings (and password, when given; null forgets it) and connects with them. */
  configure(streamId: string, settings: ObsSettings, password?: string | null): Promise<ObsState> {
    return this.changes.run(async () => {
      const profileId = this.ports.profileId()
      // The open link (to the OBS a forgotten password was for) keeps going until this Save is made again.
      await this.passwords.save(profileId, streamId, settings, password, () => {
        const open = this.streams.get(streamId)
        if (open) open.hasPassword = false
      })
      this.ports.settings.set(profileId, streamId, settings)
      await this.open(profileId, streamId, settings)
      // The answer says how the first attempt went (events sent meanwhile say the same, never something newer).
      const obs = this.streams.get(streamId)
      await obs?.link.firstAttempt
      // And, connected, for OBS's scenes and sources to be read (the catch-up queued on connecting).
      await obs?.queue.idle()
      return this.state(streamId)
    })
  }

  /** The stream no longer drives an OBS: link closed, settings and password forgotten. */
  forget(streamId: string): Promise<ObsState> {
    return this.changes.run(async () => {
      await this.closeStream(streamId)
      const profileId = this.ports.profileId()
      this.ports.settings.set(profileId, streamId, undefined)
      await this.passwords.forget(profileId, streamId)
      return this.announce(streamId)
    })
  }

  /** Tries settings as the form has them (`obs-test.ts`): OBS's version, or the wrong field. */
  async test(streamId: string, settings: ObsSettings, password?: string): Promise<ObsTestReport> {
    return testObs(await this.passwords.kept(this.ports.profileId(), streamId), settings, password)
  }

  /**
   * Shows a scene now (the column's scene buttons, Companion, a show sequence's step): done, or refused in words.
   * Studio Mode respected; by hand it transitions even to the scene shown, a sequence's step leaves that alone.
   */
  async showScene(streamId: string, scene: string, byHand = true): Promise<ObsState> {
    if (byHand) this.ports.roles?.check('streams')
    const obs = this.connected(streamId)
    if (obs.scenes.length && !obs.scenes.includes(scene))
      throw new AppError('validation', `OBS has no scene “${scene}” (it has ${obs.scenes.join(', ')}).`, {
        scene: `OBS has no scene “${scene}”`,
      })
    // A scene chosen by hand, or any scene but the match's, ends the automatic break for this match; a sequence's step
    // showing the match scene at a Take is the Take's own, and the break still comes after the result.
    // A scene chosen by hand ends a replay where it is.
    if (byHand) this.replays.drop(obs)
    if (byHand || scene !== obs.settings.matchScene) {
      clearTimeout(obs.breakTimer)
      obs.breakTimer = undefined
      obs.show = { ...obs.show, breakShown: true }
    }
    try {
      await obs.queue.run(() => this.show(obs, scene, byHand))
    } catch (error) {
      throw new AppError('conflict', `OBS refused the scene “${scene}”: ${(error as Error).message}.`)
    }
    if (scene === obs.settings.breakScene) this.ports.sceneShown?.(streamId, 'break')
    else if (scene === obs.settings.matchScene) this.ports.sceneShown?.(streamId, 'match')
    return this.announce(streamId)
  }

  /**
   * "Set up OBS for me" (`obs-setup.ts`): the stream's scene collection made or completed, never touching what is there;
   * then the stream's match and break scenes are the ones made, where none was chosen, and OBS shows what is on air.
   * Answers what was done.
   */
  async setup(streamId: string, streamName: string, address: OverlayAddress): Promise<ObsSetupReport> {
    const obs = this.connected(streamId)
    return setUpStreamObs(obs, streamName, address, {
      catchUp: () => this.run(obs, () => this.catchUp(obs)),
      configure: (settings) => this.configure(streamId, settings),
      state: () => this.state(streamId),
    })
  }

  /** A show sequence's scene step: the stream's scene for the role, when it has an OBS connected and that scene. */
  async showRole(streamId: string, role: 'match' | 'break' | 'difficulties'): Promise<void> {
    const obs = this.streams.get(streamId)
    const scene = obs?.settings[role === 'match' ? 'matchScene' : role === 'break' ? 'breakScene' : 'difficultiesScene']
    if (scene && obs?.link.current.state === 'connected') await this.showScene(streamId, scene, false)
  }

  /** The overlay kinds OBS's program shows now (sponsor airtime counts them); null without OBS or before it is read. */
  programOverlays(streamId: string): ReadonlySet<string> | null {
    return programOverlaysOf(this.streams.get(streamId))
  }

  /** Where OBS goes when the technical-difficulties key comes up (see `returnsToOf`). */
  returnsTo(streamId: string): 'break' | 'match' | null {
    return returnsToOf(this.streams.get(streamId))
  }

  /** Which of the stream's scenes OBS's program shows now ("other": none of them); null without OBS connected. */
  shows(streamId: string): 'match' | 'break' | 'difficulties' | 'other' | null {
    return showsOf(this.streams.get(streamId))
  }

  /** Shows the break scene now. */
  async toBreak(streamId: string): Promise<ObsState> {
    const scene = this.streams.get(streamId)?.settings.breakScene
    if (!scene) throw new AppError('validation', 'This stream has no break scene: choose one in its OBS settings.')
    return this.showScene(streamId, scene)
  }

  /** A small picture of what OBS's program shows now (an image data URL), or null when it cannot be had. */
  preview(streamId: string): Promise<ObsPreview> {
    return programPreview(this.streams.get(streamId))
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
    const released = obs.held && !feed.held
    obs.held = feed.held
    if (released) this.replays.released(obs)
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
    await Promise.all([...this.streams.values()].map((obs) => obs.queue.idle()))
    await this.files.idle()
  }

  private async open(profileId: string, streamId: string, settings: ObsSettings): Promise<void> {
    await this.closeStream(streamId)
    const password = await this.passwords.for(profileId, streamId, settings)
    const obs = newStreamObs(streamId, settings, password !== undefined) as StreamObs
    this.streams.set(streamId, obs)
    obs.link = new ObsLink({
      host: settings.host,
      port: settings.port,
      password,
      ...(this.ports.retryMs && { retryMs: this.ports.retryMs }),
      now: () => this.ports.clock.now(),
      onChange: (status) => this.linkChanged(obs, status),
      onConnected: () => void this.run(obs, () => this.catchUp(obs)),
      onReplayEvent: (event) => {
        if (this.isCurrent(obs)) this.replays.heard(obs, event)
      },
      onItemsChanged: () =>
        void readProgramOverlays(
          obs,
          () => this.isCurrent(obs),
          () => this.announce(obs.streamId),
        ),
      onListsChanged: () =>
        void this.run(obs, async () => {
          await readObsLists(obs)
          obs.written = {}
          if (obs.feed) await this.writeFields(obs, obsFields(obs.feed, this.ports.clock.now()))
          await this.announce(obs.streamId)
        }),
    })
  }

  /** The stream's OBS, connected; refused in words otherwise. */
  private connected(streamId: string): StreamObs {
    const obs = this.streams.get(streamId)
    if (!obs) throw new AppError('validation', 'This stream has no OBS set up: add it in the stream column first.')
    if (obs.link.current.state !== 'connected')
      throw new AppError('conflict', `OBS is not connected (${obs.link.current.problem ?? obs.link.current.state}).`)
    return obs
  }

  private isCurrent(obs: StreamObs): boolean {
    return this.streams.get(obs.streamId) === obs
  }

  private linkChanged(obs: StreamObs, status: LinkStatus): void {
    if (!this.isCurrent(obs) || status.state === 'closed') return
    // Another program scene (or OBS back): what it shows is read again; gone, nothing is known of it.
    if (status.state === 'connected')
      void readProgramOverlays(
        obs,
        () => this.isCurrent(obs),
        () => this.announce(obs.streamId),
      )
    else obs.programOverlays = null
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

  /** Connected (again): read OBS's scenes and sources, then bring it to what the desk publishes now (unless held). */
  private async catchUp(obs: StreamObs): Promise<void> {
    await readObsLists(obs)
    // A replay under way when the link went is over: OBS is brought to the show.
    this.replays.drop(obs)
    await this.replays.readBuffer(obs)
    obs.written = {}
    const feed = this.ports.currentFeed(obs.streamId) ?? obs.feed
    if (feed) {
      obs.feed = feed
      obs.held = feed.held
      await this.followDifficulties(obs, feed)
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
      await this.followDifficulties(obs, obs.feed)
      if (obs.held) await this.showTexts(obs, obs.feed)
      else await this.showFeed(obs, obs.feed, catchingUp)
    })
  }

  /**
   * The technical-difficulties key: down, its scene at once (no break comes meanwhile); up, the scene OBS showed before
   * it. The feed is held meanwhile, so nothing else moves.
   */
  private async followDifficulties(obs: StreamObs, feed: Feed): Promise<void> {
    const scene = obs.settings.difficultiesScene
    if (feed.difficulties === (obs.difficulties !== null)) return
    const to = feed.difficulties ? scene : obs.difficulties?.from
    if (feed.difficulties) {
      // A replay on air ends under the card; the key's release goes back to where the replay would have.
      const replayFrom = this.replays.drop(obs)
      obs.difficulties = { from: replayFrom ?? obs.show.chosenScene ?? obs.link.current.programScene ?? null }
      clearTimeout(obs.breakTimer)
      obs.breakTimer = undefined
    } else obs.difficulties = null
    if (scene && to)
      await switchScene(obs.link, to, true).catch((error: unknown) => {
        if (obs.link.current.state === 'connected') this.failed(obs, `the scene “${to}”`, error)
      })
  }

  /** Held: the texts and files only, as the overlays show them; the scene stays. */
  private async showTexts(obs: StreamObs, feed: Feed): Promise<void> {
    const fields = obsFields(feed, this.ports.clock.now())
    this.files.writeSoon(obs, fields)
    await this.writeFields(obs, fields)
  }

  /**
   * Makes OBS show what a feed says: the files on their own queue (OBS never waits on them, nor they on OBS), the
   * scene the show calls for (`obs-show.ts`), the break's timer, then each text source.
   */
  private async showFeed(obs: StreamObs, feed: Feed, catchingUp: boolean): Promise<void> {
    const now = this.ports.clock.now()
    const fields = obsFields(feed, now)
    this.files.writeSoon(obs, fields)
    const plan = planShow(obs.show, feed, obs.settings, now, catchingUp)
    obs.show = plan.state
    if (plan.cancelBreak) {
      clearTimeout(obs.breakTimer)
      obs.breakTimer = undefined
    }
    const { scene } = plan
    if (scene)
      await this.show(obs, scene, false).catch((error: unknown) => {
        if (obs.link.current.state === 'connected') this.failed(obs, `the scene “${scene}”`, error)
      })
    if (plan.breakAt !== null) this.scheduleBreak(obs, plan.breakAt)
    await this.writeFields(obs, fields)
  }

  /** The break scene when its time comes, for the same match, never while held (checked when its turn comes). */
  private scheduleBreak(obs: StreamObs, at: number): void {
    const breakScene = obs.settings.breakScene
    if (!breakScene || obs.breakTimer) return
    const matchId = obs.show.onAirId
    obs.breakTimer = setTimeout(
      () => {
        obs.breakTimer = undefined
        void this.run(obs, async () => {
          // A Take queued meanwhile, or a hold, wins.
          if (!this.isCurrent(obs) || !breakStillDue(obs.show, obs.feed, obs.held, matchId)) return
          obs.show = { ...obs.show, breakShown: true }
          await this.show(obs, breakScene, false)
          this.ports.sceneShown?.(obs.streamId, 'break')
        })
      },
      Math.max(0, at - this.ports.clock.now()),
    )
    obs.breakTimer.unref()
  }

  /** Switches OBS's scene (`obs-writes.ts`); remembered as chosen first, so a reconnected OBS returns to it. */
  private async show(obs: StreamObs, scene: string, chosenByHand: boolean): Promise<void> {
    obs.show = { ...obs.show, chosenScene: scene }
    // While a replay plays, the show's own scene changes wait for its end: it goes back to the newest.
    if (!chosenByHand && this.replays.active(obs)) return this.replays.moveReturn(obs, scene)
    await switchScene(obs.link, scene, chosenByHand)
  }

  private async writeFields(obs: StreamObs, fields: Record<ObsField, string>): Promise<void> {
    const refused = await writeTextSources(obs.link, obs.settings.sources, obs.inputs, obs.written, fields)
    if (refused.length) this.failed(obs, `the text sources ${refused.join(', ')}`)
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
    if (writeFailed(obs, what, error)) void this.announce(obs.streamId)
  }

  /** Runs one piece of OBS work after the ones before it; nothing is thrown at the desk. */
  private run(obs: StreamObs, work: () => Promise<void>): Promise<void> {
    return obs.queue
      .run(async () => {
        const failuresBefore = obs.failures
        await work()
        // Work that went through without failing clears the problem it found.
        if (obs.problem !== null && obs.failures === failuresBefore && obs.link.current.state === 'connected') {
          obs.problem = null
          void this.announce(obs.streamId)
        }
      })
      .catch((error: unknown) => {
        if (obs.link.current.state === 'connected') this.failed(obs, 'to OBS', error)
      })
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
