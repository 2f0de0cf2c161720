// Connection profiles and the active connection: its client, its tokens, sign-in and sign-out.
import type { z } from 'zod'
import type { ProfileInput, AuthStatus, ConnectionTestReport, ProfileView } from '../../../shared/ipc/profiles'
import type { ServiceBases } from '../api/client'
import { organizerApi, type OrganizerApi } from '../api/organizer-api'
import { AppError } from '../app-error'
import { signInWithBrowser } from '../auth/browser-sign-in'
import { TokenManager } from '../auth/token-manager'
import { tokenEndpoint } from '../auth/token-endpoint'
import type { Clock } from '../clock'
import type { PageActivity } from '../page-activity'
import { EventBus } from '../event-bus'
import type { NoticeLog } from '../notice-log'
import { DEMO_PROFILE_ID, openDemoVenue, type DemoVenue, type SandboxStarter } from '../profiles/demo-venue'
import { ProfileStore, type ProfileRecord } from '../profiles/profile-file'
import { secretPresence, deleteAllSecrets, type CredentialStore } from '../secrets/credential-store'
import { SerialQueue } from '../serial-queue'
import { Signal } from '../signal'
import { checkService, testConnection } from './connection-test'
import { removeDatabase } from '../db/db'
import { OfflineSession, sessionDatabase, type OfflineTuning } from './offline-session'
import type { DeskIdentity } from '../venue/desk-identity'

export interface ConnectionPorts {
  dataDir: string
  credentials: CredentialStore
  clock: Clock
  bus: EventBus
  openBrowser(url: string): Promise<void>
  startSandbox: SandboxStarter
  /** Where main tells the person what happened to a damaged file. */
  notices: NoticeLog
  /** Base URLs of the public service, for profiles that name none. */
  defaultBases: ServiceBases
  signInTimeoutMs?: number
  /** When the page last asked main something (each session's refreshes behind an answer wait for a quiet moment). */
  activity?: PageActivity
  /** Offline tuning for tests: how soon the probe and replay retry. */
  offline?: OfflineTuning
  /** This desk's key pair: every connection's venue record is signed with it. */
  identity: DeskIdentity
}

export interface Connection {
  profile: ProfileRecord
  bases: ServiceBases
  api: OrganizerApi
  tokens: TokenManager
  offline: OfflineSession
}

/**
 * What a use case works on: the active connection's session (its local copy, reads, writes, stores) and its service,
 * each asked at the moment of use (the active connection may change between two calls). Handed to a use case, so it
 * never reaches through `Connections` for them.
 */
export interface ActiveWork {
  session: () => OfflineSession
  api: () => OrganizerApi
}

export class Connections {
  private current!: Connection
  /**
   * Connections open though not active: the desk left them while a door paired on them still checks in there. Each
   * keeps its session, outbox and sending; one is made active again as it is, never twice.
   */
  private readonly kept = new Map<string, Connection>()
  /** Whether a connection is still needed when the desk leaves it (doors paired on it); set once the venue is up. */
  keepOpenFor: (profileId: string) => boolean = () => false
  /** Told when another connection becomes the active one (its own database, cache and producer desk). */
  readonly switched = new Signal<Connection>()
  private readonly saves = new SerialQueue()
  /** The browser sign-in waiting for its page to come back, to cancel it. */
  private browserSignIn: AbortController | undefined

  private constructor(
    private readonly ports: ConnectionPorts,
    private readonly profiles: ProfileStore,
    private readonly demo: DemoVenue,
  ) {}

  static async open(ports: ConnectionPorts): Promise<Connections> {
    const profiles = new ProfileStore(ports.dataDir)
    const unreadable = await profiles.load()
    if (unreadable) ports.notices.record('warning', unreadable)
    const demo = await openDemoVenue(profiles, ports.credentials, ports.startSandbox)
    const { began } = demo.sandbox
    if (began.kind === 'set-aside')
      ports.notices.record(
        'warning',
        `The Demo venue's saved state could not be used (${began.reason}): it was kept as ${began.path}, and the Demo venue starts afresh.`,
      )
    const connections = new Connections(ports, profiles, demo)
    const active = (profiles.activeId && profiles.find(profiles.activeId)) || demo.profile
    connections.current = connections.connect(active)
    if (profiles.activeId !== active.id) await profiles.setActive(active.id)
    return connections
  }

  get active(): Connection {
    return this.current
  }

  /** The active connection's session and service, to hand to a use case. */
  readonly work: ActiveWork = {
    session: () => this.current.offline,
    api: () => this.current.api,
  }

  /** Resolves once every write of the active session is on disk (the page writes only there; doors wait on theirs). */
  onDisk(): Promise<void> {
    return this.current.offline.onDisk()
  }

  /**
   * The session of a connection a venue device was paired on: the active one, one kept open for devices, or (after a
   * restart, or a Demo venue reset) opened again for them; undefined when that connection no longer exists.
   */
  sessionOf(profileId: string): OfflineSession | undefined {
    if (this.current.profile.id === profileId) return this.current.offline
    const kept = this.kept.get(profileId)
    if (kept) return kept.offline
    const profile = this.profiles.find(profileId)
    if (!profile) return undefined
    const opened = this.connect(profile)
    this.kept.set(profileId, opened)
    return opened.offline
  }

  get sandbox() {
    return this.demo.sandbox
  }

  async list(): Promise<ProfileView[]> {
    return Promise.all(this.profiles.list().map((profile) => this.view(profile)))
  }

  /** Saves run one at a time: each reads what the last one stored (secrets included) before it writes. */
  save(input: z.output<typeof ProfileInput>): Promise<ProfileView> {
    return this.saves.run(() => this.saveNow(input))
  }

  /** Tests a connection as the form has it; stored secrets are used only where they may go (same destination). */
  async test(input: z.output<typeof ProfileInput>): Promise<ConnectionTestReport> {
    const existing = input.id ? this.profiles.find(input.id) : undefined
    const { credentials } = this.ports
    const stored = existing && sameDestination(existing, input, this.ports.defaultBases) ? existing.id : undefined
    const apiKey = input.apiKey ?? (stored && (await credentials.get(stored, 'api-key')))
    const clientSecret = input.clientSecret ?? (stored && (await credentials.get(stored, 'client-secret')))
    const missing: Record<string, string> = {}
    if (!apiKey) missing['apiKey'] = 'Enter the API key to test the connection.'
    if (input.method === 'client-credentials' && !clientSecret)
      missing['clientSecret'] = 'Enter the client secret to test the connection.'
    if (Object.keys(missing).length) return { ok: false, steps: [], fields: missing }
    return testConnection({
      bases: input.baseUrls ?? this.ports.defaultBases,
      clientId: input.clientId,
      method: input.method,
      scopes: input.scopes,
      apiKey: apiKey!,
      ...(clientSecret && { clientSecret }),
    })
  }

  private async saveNow(input: z.output<typeof ProfileInput>): Promise<ProfileView> {
    const existing = input.id ? this.profiles.find(input.id) : undefined
    if (input.id && !existing) throw new AppError('not_found', `There is no connection ${input.id}.`)
    if (existing?.demo) {
      throw new AppError('validation', 'The Demo venue cannot be edited.', { name: 'The Demo venue cannot be edited.' })
    }
    const { credentials } = this.ports
    // Secrets are bound to the addresses and client id they were entered for: pointing elsewhere needs them again.
    const moved = existing !== undefined && !sameDestination(existing, input, this.ports.defaultBases)
    const stored = existing && !moved ? await secretPresence(credentials, existing.id) : undefined
    const again =
      'the service addresses or the client id changed: enter it again (stored secrets go only where they were entered)'
    const fields: Record<string, string> = {}
    if (!input.apiKey && !stored?.['api-key']) {
      fields['apiKey'] = moved ? `apiKey: ${again}` : 'apiKey is required for a new connection'
    }
    if (input.method === 'client-credentials' && !input.clientSecret && !stored?.['client-secret']) {
      fields['clientSecret'] = moved
        ? `clientSecret: ${again}`
        : 'clientSecret is required to sign in with client credentials'
    }
    if (Object.keys(fields).length) throw new AppError('validation', Object.values(fields).join('; '), fields)

    const record = await this.profiles.upsert({
      id: input.id,
      name: input.name,
      clientId: input.clientId,
      method: input.method,
      scopes: input.scopes,
      baseUrls: input.baseUrls,
      demo: false,
    })
    // Only once the new addresses are written: a failed write leaves the old profile with its secrets.
    if (moved) await deleteAllSecrets(credentials, existing.id)
    if (input.apiKey) await credentials.set(record.id, 'api-key', input.apiKey)
    if (input.clientSecret) await credentials.set(record.id, 'client-secret', input.clientSecret)
    if (input.method === 'browser') await credentials.delete(record.id, 'client-secret')
    // A session kept for this connection's doors was made with what the edit replaced: it is opened anew when asked.
    this.kept.get(record.id)?.offline.close()
    this.kept.delete(record.id)
    if (this.current.profile.id === record.id) this.switchTo(record)
    return this.view(record)
  }

  async delete(id: string): Promise<void> {
    const profile = this.profiles.find(id)
    if (!profile) throw new AppError('not_found', `There is no connection ${id}.`)
    if (profile.demo) throw new AppError('validation', 'The Demo venue cannot be deleted.')
    await deleteAllSecrets(this.ports.credentials, id)
    await this.profiles.remove(id)
    this.kept.get(id)?.offline.close()
    this.kept.delete(id)
    if (this.current.profile.id === id) await this.activate(DEMO_PROFILE_ID)
  }

  async activate(id: string): Promise<ProfileView> {
    const profile = this.profiles.find(id)
    if (!profile) throw new AppError('not_found', `There is no connection ${id}.`)
    await this.profiles.setActive(id)
    if (this.current.profile.id !== id) this.switchTo(profile)
    return this.view(profile)
  }

  /**
   * Starts the Demo venue over as it is first met: the venue's tournaments, check-ins and streams, and the Demo
   * connection's local copy, outbox and producer's desk. Other connections are not touched.
   */
  async resetDemo(): Promise<ProfileView> {
    // A session kept for the Demo's devices ends with it; they find the venue anew when they next ask.
    this.kept.get(DEMO_PROFILE_ID)?.offline.close()
    this.kept.delete(DEMO_PROFILE_ID)
    const active = this.current.profile.demo
    if (active) this.current.offline.close()
    this.demo.sandbox.reset()
    removeDatabase(sessionDatabase(this.ports.dataDir, DEMO_PROFILE_ID))
    if (active) {
      this.current = this.connect(this.current.profile)
      this.switched.emit(this.current)
    }
    return this.view(this.demo.profile)
  }

  status(): AuthStatus {
    const { profile, tokens } = this.current
    return { profileId: profile.id, method: profile.method, ...tokens.status() }
  }

  async signIn(): Promise<AuthStatus> {
    const { profile, bases, tokens } = this.current
    if (profile.method === 'browser') {
      this.browserSignIn?.abort()
      const abort = (this.browserSignIn = new AbortController())
      try {
        const answer = await signInWithBrowser({
          accountBase: bases.account,
          clientId: profile.clientId,
          scopes: profile.scopes,
          endpoint: tokenEndpoint(bases.auth),
          openBrowser: (url) => this.ports.openBrowser(url),
          onOpened: (url, expiresAt) =>
            this.ports.bus.publish('auth:browser-sign-in', { profileId: profile.id, url, expiresAt }),
          signal: abort.signal,
          ...(this.ports.signInTimeoutMs !== undefined && { timeoutMs: this.ports.signInTimeoutMs }),
        })
        await tokens.adopt(answer)
      } finally {
        if (this.browserSignIn === abort) this.browserSignIn = undefined
      }
    } else {
      await tokens.refresh('')
    }
    // A token says nothing of the API key: check it now, so a wrong key is named here, not as a session ending later.
    const key = await this.ports.credentials.get(profile.id, 'api-key')
    const service = profile.demo || !key ? undefined : await checkService(bases, key)
    if (service?.field === 'apiKey') {
      await tokens.signOut()
      throw new AppError('validation', `${service.message} Check it in the connection's settings.`, {
        apiKey: service.message,
      })
    }
    return this.status()
  }

  /** Stops waiting for the browser sign-in under way, if any. */
  cancelSignIn(): AuthStatus {
    this.browserSignIn?.abort()
    return this.status()
  }

  async signOut(): Promise<AuthStatus> {
    await this.current.tokens.signOut()
    return this.status()
  }

  async close(): Promise<void> {
    this.current.offline.close()
    for (const kept of this.kept.values()) kept.offline.close()
    this.kept.clear()
    await this.demo.sandbox.close()
  }

  private switchTo(profile: ProfileRecord): void {
    // A browser sign-in belongs to the connection it started on: switching away cancels it.
    this.browserSignIn?.abort()
    const leaving = this.current
    // Kept for its doors only when the desk moves to another connection: the same one saved anew (other addresses,
    // another client id, new secrets) is never reused as it was.
    const another = leaving.profile.id !== profile.id
    if (another && this.profiles.find(leaving.profile.id) && this.keepOpenFor(leaving.profile.id))
      this.kept.set(leaving.profile.id, leaving)
    else leaving.offline.close()
    this.current = this.kept.get(profile.id) ?? this.connect(profile)
    this.kept.delete(profile.id)
    this.switched.emit(this.current)
  }

  private connect(profile: ProfileRecord): Connection {
    const { credentials, clock, bus } = this.ports
    const sandbox = this.demo.sandbox
    const bases: ServiceBases = profile.demo
      ? {
          organizer: sandbox.organizer,
          participant: sandbox.participant,
          v1: sandbox.v1,
          auth: sandbox.auth,
          account: sandbox.account,
        }
      : (profile.baseUrls ?? this.ports.defaultBases)
    const tokens = new TokenManager({
      profileId: profile.id,
      clientId: profile.clientId,
      method: profile.method,
      scopes: profile.scopes,
      endpoint: tokenEndpoint(bases.auth),
      credentials,
      clock,
      onSessionEnded: (reason) => bus.publish('auth:session-ended', { profileId: profile.id, reason }),
    })
    let apiKey: Promise<string> | undefined
    // What a session tells the windows (sync status, cache updates) is the desk's only while it is the active one: a
    // session kept for doors works on unseen.
    const sessionBus = new EventBus()
    sessionBus.subscribe((event, payload) => {
      if (this.current?.offline === offline) bus.publish(event, payload as never)
    })
    // The offline layer reads the client through a getter: the client reports reachability to it.
    const offline: OfflineSession = new OfflineSession({
      dataDir: this.ports.dataDir,
      profileId: profile.id,
      clock,
      bus: sessionBus,
      api: () => api,
      identity: this.ports.identity,
      onDatabaseProblem: (message) => this.ports.notices.record('warning', `${profile.name}: ${message}`),
      ...(this.ports.activity && { activity: this.ports.activity }),
      ...this.ports.offline,
    })
    const api = organizerApi({
      onReachability: (reachable) => offline.connectivity.report(reachable),
      bases,
      clock,
      tokens,
      apiKey: () =>
        (apiKey ??= credentials.get(profile.id, 'api-key').then((key) => {
          if (key) return key
          apiKey = undefined
          throw new AppError(
            'unauthorized',
            `The API key of ${profile.name} is not stored on this machine: enter it again in Connect.`,
          )
        })),
    })
    return { profile, bases, api, tokens, offline }
  }

  private async view(profile: ProfileRecord): Promise<ProfileView> {
    const stored = await secretPresence(this.ports.credentials, profile.id)
    return {
      id: profile.id,
      name: profile.name,
      clientId: profile.clientId,
      method: profile.method,
      scopes: profile.scopes,
      ...(profile.baseUrls && { baseUrls: profile.baseUrls }),
      demo: profile.demo,
      active: this.current?.profile.id === profile.id,
      stored: {
        apiKey: stored['api-key'],
        clientSecret: stored['client-secret'],
        refreshToken: stored['refresh-token'],
      },
    }
  }
}

/** True when a save keeps the client id and every base URL: where stored secrets may go. */
function sameDestination(
  existing: ProfileRecord,
  input: z.output<typeof ProfileInput>,
  defaults: ServiceBases,
): boolean {
  // No base URLs means the public service's: the same destination as those written out.
  const bases = (value: ProfileRecord['baseUrls']) => JSON.stringify(Object.entries(value ?? defaults).sort())
  return existing.clientId === input.clientId && bases(existing.baseUrls) === bases(input.baseUrls)
}
