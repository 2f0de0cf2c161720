// The Connect view's state: connection profiles and the sign-in status, the form that adds or edits one (Test
// connection, Save), browser sign-in under way, and which connections failed; the view only shows it.
import {
  ProfileInput,
  type AuthStatus,
  type ConnectionTestReport,
  type ProfileView,
} from '../../../../shared/ipc/profiles'
import { basesFromOrigin, SERVICE_BASE_KEYS } from '../../../../shared/ipc/service-bases'
import { appInfo } from './app-info.svelte'
import { forgetLastAnswers } from '../ipc/cached-list.svelte'
import { check, errorsOf, type FieldErrors } from '../forms'
import { invoke, subscribe } from '../ipc/ipc'
import { notices } from '../ipc/notices.svelte'
import { selection } from './selection.svelte'
import { write } from '../ipc/write'

function blank() {
  return {
    name: '',
    clientId: '',
    apiKey: '',
    method: 'client-credentials' as 'client-credentials' | 'browser',
    clientSecret: '',
    scopes: ['organizer:view', 'organizer:result', 'organizer:admin', 'organizer:participant'] as string[],
    custom: false,
    bases: Object.fromEntries(SERVICE_BASE_KEYS.map((b) => [b, ''])) as Record<string, string>,
  }
}

export class ConnectDesk {
  profiles = $state<ProfileView[]>([])
  status = $state<AuthStatus | null>(null)
  editing = $state<ProfileView | 'new' | null>(null)
  /** The form's values (bound by the view). */
  form = $state(blank())
  errors = $state<FieldErrors>({})
  busy = $state(false)
  /** Another deployment's one address, from which the five base URLs are filled. */
  origin = $state('')
  originError = $state<string | undefined>()
  /** Connections whose sign-in failed or whose session ended, with why: marked until a sign-in works. */
  failed = $state<Record<string, string>>({})
  /** A browser sign-in under way: the page's address (to copy when no browser opened) and when the wait ends. */
  waiting = $state<{ url: string; expiresAt: number } | null>(null)
  #report = $state<ConnectionTestReport | null>(null)
  /** The form's values the report is for: a report belongs to the values it tested. */
  #tested = $state('')
  testing = $state(false)

  /** What Test connection found for the form's values as they are now (none once they changed). */
  get report(): ConnectionTestReport | null {
    return this.#report && this.#tested === JSON.stringify(this.#formInput()) ? this.#report : null
  }

  /** Editing a stored profile to point at other addresses or another client id: its secrets will not follow. */
  readonly moved = $derived.by(() => {
    const editing = this.editing
    if (!editing || editing === 'new') return false
    const stored = editing.baseUrls
    const before = stored ? JSON.stringify(SERVICE_BASE_KEYS.map((b) => stored[b])) : null
    const after = this.form.custom ? JSON.stringify(SERVICE_BASE_KEYS.map((b) => this.form.bases[b])) : null
    return this.form.clientId !== editing.clientId || before !== after
  })
  readonly keep = $derived(this.editing !== 'new' && !this.moved)

  /** Create it while a component initialises: it loads and follows sign-in events. */
  constructor() {
    $effect(() => {
      void this.refresh()
    })
    $effect(() =>
      subscribe('auth:session-ended', ({ profileId, reason }) => {
        this.failed = { ...this.failed, [profileId]: reason }
      }),
    )
    $effect(() =>
      subscribe('auth:browser-sign-in', ({ url, expiresAt }) => {
        this.waiting = { url, expiresAt }
      }),
    )
  }

  async refresh(): Promise<void> {
    const [list, auth] = await Promise.all([invoke('profiles:list', {}), invoke('auth:status', {})])
    if (list.ok) this.profiles = list.value
    if (auth.ok) this.status = auth.value
  }

  fillBases(): void {
    const bases = basesFromOrigin(this.origin)
    if (!bases) return void (this.originError = 'address must be an https:// address, such as https://api.example.org')
    this.originError = undefined
    this.form.bases = { ...bases }
  }

  edit(profile: ProfileView | 'new'): void {
    this.editing = profile
    this.errors = {}
    this.#report = null
    this.form = blank()
    if (profile === 'new') return
    Object.assign(this.form, {
      name: profile.name,
      clientId: profile.clientId,
      method: profile.method,
      scopes: [...profile.scopes],
      custom: Boolean(profile.baseUrls),
    })
    if (profile.baseUrls) this.form.bases = { ...profile.baseUrls }
  }

  /** What the form holds, as the profile input both Save and Test connection send. */
  #formInput() {
    const { editing, form } = this
    return {
      ...(editing !== 'new' && editing && { id: editing.id }),
      name: form.name,
      clientId: form.clientId,
      method: form.method,
      scopes: form.scopes,
      ...(form.apiKey && { apiKey: form.apiKey }),
      ...(form.method === 'client-credentials' && form.clientSecret && { clientSecret: form.clientSecret }),
      ...(form.custom && { baseUrls: form.bases }),
    }
  }

  /** Tries the connection as the form has it: service, token, one read; a wrong value is marked on its field. */
  async testForm(): Promise<void> {
    const checked = check(ProfileInput, this.#formInput())
    if (!checked.ok) return void (this.errors = checked.fields)
    this.testing = true
    this.#report = null
    const tested = JSON.stringify(this.#formInput())
    const result = await invoke('profiles:test', checked.value)
    this.testing = false
    this.errors = result.ok ? result.value.fields : errorsOf(result)
    if (result.ok) [this.#report, this.#tested] = [result.value, tested]
  }

  async save(): Promise<void> {
    const checked = check(ProfileInput, this.#formInput())
    if (!checked.ok) return void (this.errors = checked.fields)
    const result = await invoke('profiles:save', checked.value)
    this.errors = errorsOf(result)
    if (!result.ok) return
    notices.show('info', `Connection “${result.value.name}” saved.`)
    this.editing = null
    this.form = blank()
    await this.refresh()
  }

  async activate(profile: ProfileView): Promise<void> {
    const result = await write('profiles:activate', { id: profile.id }, null)
    if (!result.ok) return
    await this.startOver(false)
  }

  /** Starts the Demo venue over; the views show it from the start (no tournament chosen). */
  async resetDemo(): Promise<void> {
    const result = await write(
      'profiles:reset-demo',
      {},
      'The Demo venue was reset: its tournaments, streams and desk are as you first met them',
    )
    if (!result.ok) return
    // The Demo's own choice is gone with it; the desk on another connection keeps its own.
    if (this.profiles.find((p) => p.active)?.demo) await this.startOver(true)
    else await this.refresh()
  }

  /**
   * The views start afresh on the connection now active: no list kept from before, and its own chosen tournament
   * (none after the Demo venue was reset).
   */
  private async startOver(reset: boolean): Promise<void> {
    if (reset) selection.clear()
    else selection.forget()
    forgetLastAnswers()
    await Promise.all([this.refresh(), appInfo.load(), reset ? undefined : selection.load()])
  }

  async remove(profile: ProfileView): Promise<void> {
    await write('profiles:delete', { id: profile.id }, `Connection “${profile.name}” deleted`)
    // Deleting the active connection puts the desk on the Demo venue: its own chosen tournament comes with it.
    if (profile.active) return this.startOver(false)
    forgetLastAnswers()
    await Promise.all([this.refresh(), appInfo.load()])
  }

  async sign(action: 'auth:sign-in' | 'auth:sign-out'): Promise<void> {
    this.busy = true
    const result = await invoke(action, {})
    this.busy = false
    this.waiting = null
    const active = this.profiles.find((p) => p.active)
    if (active && action === 'auth:sign-in' && (result.ok || result.error.code !== 'cancelled')) {
      const { [active.id]: _, ...others } = this.failed
      this.failed = result.ok ? others : { ...others, [active.id]: result.error.message }
    }
    if (result.ok) this.status = result.value
    else if (result.error.code === 'cancelled') notices.show('info', result.error.message, 2500)
    else {
      notices.show('error', result.error.message)
      // A wrong value named by the service: open the active connection's form with it marked.
      if (result.error.fields && active && !active.demo) {
        this.edit(active)
        this.errors = result.error.fields
      }
    }
    await this.refresh()
  }

  cancelSignIn(): void {
    void invoke('auth:cancel-sign-in', {})
  }

  async copyLink(): Promise<void> {
    if (!this.waiting) return
    await navigator.clipboard?.writeText(this.waiting.url)
    notices.show('info', 'Sign-in link copied: open it in a browser.', 2500)
  }
}
