// One stream's OBS as its column shows it: the link's state (followed live from main), the settings form with its
// errors, Test connection's report, and the actions (save, test, show a scene, instant replay, forget). The password is only ever
// sent, never read back: the form says whether one is stored.
import {
  DEFAULT_OBS_SETTINGS,
  OBS_FIELDS,
  ObsSettings,
  type ObsField,
  type ObsSetupReport,
  type ObsState,
  type ObsTestReport,
} from '../../../../shared/broadcast/obs'
import { check, errorsOf, type FieldErrors } from '../forms'
import { invoke, subscribe } from '../ipc/ipc'
import { notices } from '../ipc/notices.svelte'

/** The form as typed: numbers as text, "" for none, "auto" for a field's conventional source. */
export interface ObsForm {
  host: string
  port: string
  password: string
  matchScene: string
  breakScene: string
  difficultiesScene: string
  breakAfterSeconds: string
  folder: string
  sources: Partial<Record<ObsField, string>>
  replayScene: string
  replaySpeed: string
  replaySeconds: string
  replayAgain: 'queue' | 'cancel'
  replayBufferSeconds: string
}

/** The "by its conventional name" choice: a value no OBS source name can be (control characters are refused). */
const AUTO = '\u0000auto'
const NONE = ''

function formOf(settings: ObsSettings | null): ObsForm {
  const s = settings ?? DEFAULT_OBS_SETTINGS
  return {
    host: s.host,
    port: String(s.port),
    password: '',
    matchScene: s.matchScene ?? NONE,
    breakScene: s.breakScene ?? NONE,
    difficultiesScene: s.difficultiesScene ?? NONE,
    breakAfterSeconds: String(s.breakAfterSeconds),
    folder: s.folder ?? '',
    replayScene: s.replay.scene ?? NONE,
    replaySpeed: String(s.replay.speed),
    replaySeconds: String(s.replay.seconds),
    replayAgain: s.replay.again,
    replayBufferSeconds: String(s.replay.bufferSeconds),
    // Each field: its mapped source, none, or (not mapped) the source named by convention.
    sources: Object.fromEntries(
      OBS_FIELDS.map(({ field }) => {
        const source = s.sources[field]
        return [field, source === undefined ? AUTO : (source ?? NONE)]
      }),
    ),
  }
}

export class ObsDesk {
  state = $state<ObsState | null>(null)
  form = $state<ObsForm>(formOf(null))
  errors = $state<FieldErrors>({})
  report = $state<ObsTestReport | null>(null)
  /** What "Set up OBS for me" last did. */
  setupReport = $state<ObsSetupReport | null>(null)
  busy = $state(false)
  /** What OBS's program shows, small; refreshed while connected and the desk is visible, nothing when hidden. */
  preview = $state<string | null>(null)

  constructor(private readonly streamId: string) {
    $effect(() => {
      void this.load()
      return subscribe('obs:changed', (state) => {
        if (state.streamId === this.streamId) this.state = state
      })
    })
  }

  /** Follows OBS's program picture every `everyMs` while connected and the page is visible. */
  followPreview(everyMs = 4000): () => void {
    const connected = () => document.visibilityState === 'visible' && this.state?.link === 'connected'
    const refresh = async () => {
      if (!connected()) return void (this.preview = null)
      const result = await invoke('obs:preview', { streamId: this.streamId })
      // A late answer after the link went down (or the desk was hidden) shows nothing.
      this.preview = result.ok && connected() ? result.value.image : null
    }
    void refresh()
    const timer = setInterval(() => void refresh(), everyMs)
    const onVisibility = () => void refresh()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }

  async load(): Promise<void> {
    const result = await invoke('obs:state', { streamId: this.streamId })
    if (!result.ok) return
    this.state = result.value
    this.form = formOf(result.value.settings)
  }

  /** The settings the form holds, checked (field errors shown when not). */
  #settings(): ObsSettings | undefined {
    const f = this.form
    const checked = check(ObsSettings, {
      host: f.host.trim(),
      port: Number(f.port),
      matchScene: f.matchScene || null,
      breakScene: f.breakScene || null,
      difficultiesScene: f.difficultiesScene || null,
      // An empty delay is a mistake to name, not 0 (which would turn the break off).
      breakAfterSeconds: f.breakAfterSeconds.trim() === '' ? Number.NaN : Number(f.breakAfterSeconds),
      folder: f.folder.trim() || null,
      replay: {
        scene: f.replayScene || null,
        speed: Number(f.replaySpeed),
        seconds: f.replaySeconds.trim() === '' ? Number.NaN : Number(f.replaySeconds),
        again: f.replayAgain,
        bufferSeconds: f.replayBufferSeconds.trim() === '' ? Number.NaN : Number(f.replayBufferSeconds),
      },
      sources: Object.fromEntries(
        Object.entries(f.sources)
          .filter(([, source]) => source !== AUTO)
          .map(([field, source]) => [field, source || null]),
      ),
    })
    this.errors = checked.ok ? {} : checked.fields
    return checked.ok ? checked.value : undefined
  }

  async test(): Promise<void> {
    const settings = this.#settings()
    if (!settings) return
    this.busy = true
    const result = await invoke('obs:test', {
      streamId: this.streamId,
      settings,
      ...(this.form.password && { password: this.form.password }),
    })
    this.busy = false
    if (!result.ok) return void (this.errors = errorsOf(result))
    this.report = result.value
    this.errors = result.value.fields
  }

  async save(): Promise<void> {
    const settings = this.#settings()
    if (!settings) return
    this.busy = true
    const result = await invoke('obs:configure', {
      streamId: this.streamId,
      settings,
      ...(this.form.password && { password: this.form.password }),
    })
    this.busy = false
    if (!result.ok) return void (this.errors = errorsOf(result))
    this.state = result.value
    this.form = { ...this.form, password: '' }
    notices.show('info', `OBS saved: connecting to ${settings.host}:${settings.port}.`, 2500)
  }

  /** Makes (or completes) the stream's scene collection in OBS; the form then shows the scenes it made. */
  async setup(): Promise<void> {
    this.busy = true
    const result = await invoke('obs:setup', { streamId: this.streamId })
    this.busy = false
    if (!result.ok) return notices.show('error', result.error.message)
    this.setupReport = result.value
    this.state = result.value.state
    this.form = { ...formOf(result.value.state.settings), password: '' }
  }

  async show(scene: string): Promise<void> {
    const result = await invoke('obs:scene', { streamId: this.streamId, scene })
    if (!result.ok) notices.show('error', result.error.message)
    else this.state = result.value
  }

  /** The column's Replay button (see `pressReplay`). */
  async replay(): Promise<void> {
    this.state = (await pressReplay(this.streamId)) ?? this.state
  }

  async forget(): Promise<void> {
    const result = await invoke('obs:forget', { streamId: this.streamId })
    if (!result.ok) return notices.show('error', result.error.message)
    this.state = result.value
    this.form = formOf(null)
    this.report = null
    this.setupReport = null
  }
}

/**
 * Instant replay on a stream (the column's Replay button, key R): answers the stream's OBS, or null once the refusal
 * is said (no Replay scene, the buffer off: with what to do).
 */
export async function pressReplay(streamId: string): Promise<ObsState | null> {
  const result = await invoke('obs:replay', { streamId })
  if (result.ok) return result.value
  notices.show('error', result.error.message)
  return null
}

export { AUTO as OBS_AUTO_SOURCE }
