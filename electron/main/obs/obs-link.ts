// One connection to an OBS Studio over obs-websocket 5 (the official client, obs-websocket-js): it connects, says
// how it stands (connected with OBS's version and program scene, or reconnecting and why), comes back by itself
// with backoff when OBS closes or restarts, and refuses calls at once while it is down, so nothing waits on OBS.
import { EventSubscription, OBSWebSocket, OBSWebSocketError, type OBSRequestTypes } from 'obs-websocket-js'
import { backoffCeiling } from '../backoff'
import { OBS_BOUNDS, obsPath, obsText } from './obs-bounds'

export type LinkState = 'connecting' | 'connected' | 'reconnecting' | 'closed'

export interface LinkStatus {
  state: LinkState
  version: string | null
  programScene: string | null
  problem: string | null
  retryAt: number | null
}

export interface ObsAddress {
  host: string
  port: number
  password: string | undefined
}

/** What OBS says of its replay buffer and media sources, bounded as it arrives. */
export type ReplayEvent =
  | { type: 'saved'; path: string | null }
  | { type: 'buffer'; running: boolean }
  | { type: 'media-started' | 'media-ended'; inputName: string }

export interface ObsLinkOptions extends ObsAddress {
  onChange(status: LinkStatus): void
  /** Told each time the link (re)connects, to catch OBS up. */
  onConnected?(): void
  /** Told when OBS's scenes or sources were added, removed or renamed. */
  onListsChanged?(): void
  /** Told when a scene's sources were shown, hidden, added or removed, or a source's settings changed. */
  onItemsChanged?(): void
  /** Told what OBS says of its replay buffer and media sources (`ReplayEvent`), for instant replay. */
  onReplayEvent?(event: ReplayEvent): void
  /** Backoff between attempts: the first wait, doubled up to the last (ms). */
  retryMs?: { first: number; most: number }
  /** How long one call or one connection attempt may take (ms). */
  timeoutMs?: number
  now?: () => number
}

/** The field a connection failure points at, and what to do, in the producer's words. */
export function describeObsFailure(
  error: unknown,
  { host, port, password }: ObsAddress,
): { field: string; message: string } {
  const code = error instanceof OBSWebSocketError ? error.code : undefined
  const text = error instanceof Error ? error.message : String(error)
  // Asked for a password and given none: the keychain has none for this OBS (lost with the secrets, never typed).
  if (code === 4009 && password === undefined)
    return {
      field: 'password',
      message:
        'The OBS password is not stored on this machine: enter it again (OBS → Tools → WebSocket Server Settings → ' +
        'Show Connect Info).',
    }
  if (code === 4009)
    return {
      field: 'password',
      message: 'OBS refused the password: copy it from OBS → Tools → WebSocket Server Settings → Show Connect Info.',
    }
  if (code === 4010 || /version/i.test(text))
    return {
      field: 'host',
      message: `OBS at ${host}:${port} speaks another obs-websocket version: Matchdesk needs obs-websocket 5 (OBS 28 or later).`,
    }
  if (/ENOTFOUND|EAI_AGAIN/.test(text))
    return { field: 'host', message: `No computer is named ${host} on this network: check the stream PC's address.` }
  if (/ECONNREFUSED/.test(text))
    return {
      field: 'port',
      message: `Nothing answers on ${host}:${port}: is OBS running with its WebSocket server on (Tools → WebSocket Server Settings), on this port?`,
    }
  if (/timed out|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH/.test(text))
    return {
      field: 'host',
      message: `${host}:${port} does not answer: check the address and the stream PC's firewall.`,
    }
  if (code !== undefined && code >= 1000 && code < 4000)
    return { field: 'host', message: `OBS at ${host}:${port} closed the connection (OBS quit, restarted or crashed).` }
  return { field: 'host', message: `OBS at ${host}:${port}: ${text || 'the connection closed'}.` }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

/** ws://host:port, an IPv6 address in brackets. */
export function obsUrl({ host, port }: Pick<ObsAddress, 'host' | 'port'>): string {
  return `ws://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`
}

/** Connects once and reads OBS's version: what Test connection and the link both start with. */
export async function connectObs(
  address: ObsAddress,
  timeoutMs = 5000,
): Promise<{ socket: OBSWebSocket; version: string }> {
  const socket = new OBSWebSocket()
  try {
    await withTimeout(
      socket.connect(obsUrl(address), address.password, {
        rpcVersion: 1,
        eventSubscriptions:
          EventSubscription.Scenes |
          EventSubscription.Ui |
          EventSubscription.Inputs |
          EventSubscription.SceneItems |
          EventSubscription.Outputs |
          EventSubscription.MediaInputs,
      }),
      timeoutMs,
      'connecting',
    )
    const { obsVersion } = await withTimeout(socket.call('GetVersion'), timeoutMs, 'GetVersion')
    return { socket, version: obsText(obsVersion, OBS_BOUNDS.versionChars) }
  } catch (error) {
    // let go: the connection failed, which is thrown; closing its half-open socket adds nothing
    await socket.disconnect().catch(() => undefined)
    throw error
  }
}

export class ObsLink {
  private socket: OBSWebSocket | undefined
  private status: LinkStatus = { state: 'connecting', version: null, programScene: null, problem: null, retryAt: null }
  private attempts = 0
  private retry: NodeJS.Timeout | undefined
  private closed = false

  /** Settles once the first attempt has connected or failed (the answer to a Save waits for it). */
  readonly firstAttempt: Promise<void>

  constructor(private readonly options: ObsLinkOptions) {
    this.firstAttempt = this.open()
  }

  get current(): LinkStatus {
    return this.status
  }

  /**
   * Calls OBS; refused at once (never queued) while the link is down. A call that gets no answer in time means the
   * link is dead (a stream PC gone from the network sends no close): it is dropped and tried again.
   */
  async call<K extends keyof OBSRequestTypes>(request: K, data?: OBSRequestTypes[K], timeoutMs?: number) {
    const socket = this.socket
    if (!socket || this.status.state !== 'connected') throw new Error(`OBS is not connected (${this.status.state})`)
    try {
      return await withTimeout(socket.call(request, data), timeoutMs ?? this.options.timeoutMs ?? 3000, request)
    } catch (error) {
      if (error instanceof Error && /timed out/.test(error.message) && this.socket === socket) this.dropped(error)
      throw error
    }
  }

  /** Ends the link for good (settings changed, stream forgotten, app closing). */
  async close(): Promise<void> {
    this.closed = true
    clearTimeout(this.retry)
    this.set({ state: 'closed', retryAt: null })
    const socket = this.socket
    this.socket = undefined
    socket?.removeAllListeners()
    // let go: the link is closing; a socket that fails to close is gone all the same
    await socket?.disconnect().catch(() => undefined)
  }

  private set(change: Partial<LinkStatus>): void {
    this.status = { ...this.status, ...change }
    this.options.onChange(this.status)
  }

  private async open(): Promise<void> {
    if (this.closed) return
    let socket: OBSWebSocket | undefined
    try {
      const connected = await connectObs(this.options, this.options.timeoutMs ?? 5000)
      socket = connected.socket
      const { currentProgramSceneName } = await withTimeout(
        socket.call('GetCurrentProgramScene'),
        this.options.timeoutMs ?? 3000,
        'GetCurrentProgramScene',
      )
      // let go: the link closed while it connected; the socket is dropped either way
      if (this.closed) return void (await socket.disconnect().catch(() => undefined))
      // Only a link that fully answered is kept.
      const kept = socket
      this.socket = kept
      kept.on('ConnectionClosed', (error) => {
        if (this.socket === kept) this.dropped(error)
      })
      kept.on('CurrentProgramSceneChanged', ({ sceneName }) =>
        this.set({ programScene: obsText(sceneName, OBS_BOUNDS.nameChars) }),
      )
      for (const event of LIST_EVENTS) kept.on(event, () => this.options.onListsChanged?.())
      for (const event of ITEM_EVENTS) kept.on(event, () => this.options.onItemsChanged?.())
      if (this.options.onReplayEvent) {
        const replay = (event: ReplayEvent) => this.options.onReplayEvent?.(event)
        kept.on('ReplayBufferSaved', ({ savedReplayPath }) => replay({ type: 'saved', path: obsPath(savedReplayPath) }))
        kept.on('ReplayBufferStateChanged', ({ outputActive }) => replay({ type: 'buffer', running: outputActive }))
        const media = (type: 'media-started' | 'media-ended') => (event: { inputName: unknown }) =>
          replay({ type, inputName: obsText(event.inputName, OBS_BOUNDS.nameChars) })
        kept.on('MediaInputPlaybackStarted', media('media-started'))
        kept.on('MediaInputPlaybackEnded', media('media-ended'))
      }
      this.attempts = 0
      this.set({
        state: 'connected',
        version: connected.version,
        programScene: obsText(currentProgramSceneName, OBS_BOUNDS.nameChars),
        problem: null,
        retryAt: null,
      })
      this.options.onConnected?.()
    } catch (error) {
      // let go: the failure is told by `dropped` (the column says it and when the next try is)
      if (socket && this.socket !== socket) await socket.disconnect().catch(() => undefined)
      this.dropped(error)
    }
  }

  private dropped(error: unknown): void {
    if (this.closed) return
    const socket = this.socket
    this.socket = undefined
    socket?.removeAllListeners()
    // let go: the drop itself is said below; the dropped socket's closing adds nothing
    void socket?.disconnect().catch(() => undefined)
    const { first, most } = this.options.retryMs ?? { first: 1000, most: 15_000 }
    // One OBS, one client: no jitter, so the column can say when the next try is.
    const wait = backoffCeiling({ baseMs: first, capMs: most }, this.attempts++)
    const now = this.options.now?.() ?? Date.now()
    const { message } = describeObsFailure(error, this.options)
    this.set({ state: 'reconnecting', problem: `${message} Trying again by itself.`, retryAt: now + wait })
    clearTimeout(this.retry)
    this.retry = setTimeout(() => void this.open(), wait)
    this.retry.unref()
  }
}

/** OBS's events that change what a scene shows: a source shown or hidden, added or removed, or its page changed. */
const ITEM_EVENTS = [
  'SceneItemEnableStateChanged',
  'SceneItemCreated',
  'SceneItemRemoved',
  'InputSettingsChanged',
] as const

/** OBS's events that change its scene or text source lists: what the column offers is read again. */
const LIST_EVENTS = [
  'SceneListChanged',
  'SceneNameChanged',
  'InputCreated',
  'InputRemoved',
  'InputNameChanged',
] as const
