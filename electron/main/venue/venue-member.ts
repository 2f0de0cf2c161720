// The venue's sync on a joined desk: this desk's own copy kept in step with the host's over a Hocuspocus connection
// to the host's hub, the desk's key sent in a header (never in the address), reconnecting by itself (1 s doubling to
// 10 s) while the host or the LAN is away; a refusal (the key revoked) ends it and says so. The copy works alone all
// the while: what changed meanwhile on either side merges when the connection is back.
import { HocuspocusProvider, HocuspocusProviderWebsocket, WebSocketStatus } from '@hocuspocus/provider'
import WebSocket from 'ws'
import type * as Y from 'yjs'
import { HEARTBEAT_MS, REVOKED, SILENT_MS, VENUE_DOCUMENT } from './venue-host'

/** The largest message taken from the host, as the host takes from a desk (a day's document is about 2 MB). */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024

/** The headers the key goes in (the hub's device header), and the desk's id with its own venue key. */
const KEY_HEADER = 'x-matchdesk-key'
const DESK_HEADER = 'x-matchdesk-desk'

export type MemberState = 'connecting' | 'connected' | 'refused' | 'closed'

export interface VenueMemberOptions {
  doc: Y.Doc
  /** The host hub's sync address ("ws://192.168.1.20:7310/venue/v1/sync"). */
  url: string
  /** This desk's key at that host. */
  key: string
  /** This desk's id, sent with its own venue key (not one paired at that host). */
  desk?: string
  changed?(state: MemberState): void
  /** Reconnect waits (ms), for tests. */
  retry?: { first: number; most: number }
}

export class VenueMember {
  private readonly provider: HocuspocusProvider
  private readonly socket: HocuspocusProviderWebsocket
  private current: MemberState = 'connecting'
  /** This desk tells its host it is there every second while connected (the host ends a silent desk's link). */
  private readonly heartbeat: NodeJS.Timeout

  constructor(private readonly options: VenueMemberOptions) {
    const refused = () => this.set('refused')
    const { key, desk } = options
    const headers: Record<string, string> = { [KEY_HEADER]: key, ...(desk && { [DESK_HEADER]: desk }) }
    /** ws with the key in its header, telling a refused upgrade (401/403) apart from a host that is away. */
    class KeyedSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers, handshakeTimeout: 5000, maxPayload: MAX_MESSAGE_BYTES })
        this.on('unexpected-response', (_request, response) => {
          if (response.statusCode === 401 || response.statusCode === 403) refused()
          this.terminate()
        })
        this.on('close', (code) => code === REVOKED && refused())
        // A socket closed before its host answered errs (ws): the link's state says what happened, nothing is thrown.
        this.on('error', () => undefined)
      }
    }
    const { first = 1000, most = 10_000 } = options.retry ?? {}
    this.socket = new HocuspocusProviderWebsocket({
      url: options.url,
      // The host says it is there every second (`HEARTBEAT_MS`): a few seconds without a word, it is gone (switched
      // off, or the network cut without a word on the wire) and the link starts again — and the election after it.
      messageReconnectTimeout: SILENT_MS,
      WebSocketPolyfill: KeyedSocket,
      delay: first,
      minDelay: first,
      maxDelay: most,
      factor: 2,
    })
    this.provider = new HocuspocusProvider({
      websocketProvider: this.socket,
      name: VENUE_DOCUMENT,
      document: options.doc,
      token: 'desk-key-in-header',
      onSynced: () => this.set('connected'),
    })
    this.socket.on('status', ({ status }: { status: WebSocketStatus }) => {
      if (status === WebSocketStatus.Disconnected && this.current === 'connected') this.set('connecting')
    })
    this.provider.attach()
    // From the moment the socket is open, not only once synced: a first sync of a day's document over venue Wi-Fi may
    // take longer than the host waits for a word.
    this.heartbeat = setInterval(() => {
      if (this.socket.status === WebSocketStatus.Connected) this.provider.sendStateless('here')
    }, HEARTBEAT_MS).unref()
  }

  get state(): MemberState {
    return this.current
  }

  close(): void {
    if (this.current === 'closed') return
    clearInterval(this.heartbeat)
    this.provider.destroy()
    this.socket.destroy()
    this.set('closed')
  }

  private set(state: MemberState): void {
    if (this.current === state || this.current === 'closed') return
    this.current = state
    if (state === 'refused') {
      clearInterval(this.heartbeat)
      this.provider.destroy()
      this.socket.destroy()
    }
    this.options.changed?.(state)
  }
}
