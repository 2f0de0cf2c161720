// The venue's sync on a desk that syncs with another desk (the host): this desk's own copy of the record kept in step
// with the host's over a Hocuspocus connection to the host's hub, reconnecting by itself (1 s doubling to 10 s) while
// the host or the LAN is away. Each attempt first has the host prove who it is (its signature over a fresh challenge)
// and answers the host's own challenge with this desk's signature: nothing that could be replayed is sent, and nothing
// is sent to a hub that has not proved itself. The host turning this desk away for good (it is out of the venue, it
// sent what the record refuses, or it runs another schema) ends it and says why. The copy works alone all the while:
// what changed meanwhile on either side merges when the connection is back.
import { EventEmitter } from 'node:events'
import { HocuspocusProvider, HocuspocusProviderWebsocket, WebSocketStatus } from '@hocuspocus/provider'
import WebSocket from 'ws'
import type * as Y from 'yjs'
import { CLOSE, sentOnTo } from '../../../shared/venue/wire'
import { SilenceWatch } from './silence-watch'
import { HEARTBEAT_MS, SILENT_MS, VENUE_DOCUMENT } from './venue-host'

/** The largest message taken from the host, as the host takes from a desk (a day's record is about 2 MB). */
export const MAX_MESSAGE_BYTES = 16 * 1024 * 1024

export type MemberState = 'connecting' | 'connected' | 'refused' | 'closed'

export interface VenueMemberOptions {
  doc: Y.Doc
  /** The host hub's sync address ("ws://192.168.1.20:7310/venue/v3/sync"). */
  url: string
  /**
   * The headers of one attempt: this desk's proof over a challenge the host just gave, once the host proved itself
   * (undefined: it did not — not the desk named, or not there — and the attempt fails).
   */
  prove(): Promise<Record<string, string> | undefined>
  changed?(state: MemberState): void
  /** The host closed the link naming the desk that hosts now (it follows that desk, after a handover): go there. */
  sentOn?(deskId: string): void
  /** Reconnect waits (ms), for tests. */
  retry?: { first: number; most: number }
}

export class VenueMember {
  private readonly provider: HocuspocusProvider
  private readonly socket: HocuspocusProviderWebsocket
  private current: MemberState = 'connecting'
  /** Why the host turned this desk away for good (set with 'refused'). */
  refusal: string | undefined
  /** This desk tells its host it is there every second while connected (the host ends a silent desk's link). */
  private readonly heartbeat: NodeJS.Timeout

  constructor(private readonly options: VenueMemberOptions) {
    const refused = (why: string) => {
      this.refusal = why
      this.set('refused')
    }
    const prove = () => options.prove()
    /** When the host last said a word on the link now open, and that link (dropped when silent: it starts again). */
    let heardAt = Date.now()
    let live: { drop(): void } | undefined
    /**
     * A socket as Hocuspocus expects one (ws's), opened once the host has proved itself and this desk's proof is made:
     * until then it is connecting; when the host does not prove itself, it errs and closes, and Hocuspocus tries again.
     */
    class ProvenSocket extends EventEmitter {
      binaryType = 'arraybuffer'
      private inner: WebSocket | undefined
      private ended = false

      constructor(url: string) {
        super()
        live = { drop: () => this.drop() }
        void prove().then(
          (headers) => {
            try {
              if (headers) this.open(url, headers)
              else this.fail()
            } catch {
              this.fail()
            }
          },
          () => this.fail(),
        )
      }

      get readyState(): number {
        return this.ended ? WebSocket.CLOSED : (this.inner?.readyState ?? WebSocket.CONNECTING)
      }

      addEventListener(name: string, listener: (event: unknown) => void): void {
        this.on(name, listener)
      }

      removeEventListener(name: string, listener: (event: unknown) => void): void {
        this.off(name, listener)
      }

      send(data: Uint8Array): void {
        this.inner?.send(data)
      }

      close(code?: number, reason?: string): void {
        if (this.inner) this.inner.close(code, reason)
        else this.fail()
      }

      private open(url: string, headers: Record<string, string>): void {
        if (this.ended) return
        const ws = new WebSocket(url, { headers, handshakeTimeout: 5000, maxPayload: MAX_MESSAGE_BYTES })
        this.inner = ws
        ws.binaryType = 'arraybuffer'
        ws.on('unexpected-response', (_request, response) => {
          // Another schema of the record: said in words, and not tried again.
          if (response.statusCode === 426) refused('the host desk runs another version of Matchdesk: update both')
          ws.terminate()
        })
        ws.addEventListener('open', (event) => {
          heardAt = Date.now()
          this.emit('open', event)
        })
        ws.addEventListener('message', (event) => {
          heardAt = Date.now()
          this.emit('message', event)
        })
        ws.addEventListener('error', (event) => this.erred(event))
        ws.addEventListener('close', (event) => {
          this.ended = true
          if (event.code === CLOSE.out)
            refused('this desk is out of the venue (it left, or a head organiser removed it)')
          else if (event.code === 1009) refused('this desk sent more than the host takes at once (16 MB)')
          else if (event.code === CLOSE.refused || event.code === CLOSE.schema) refused(event.reason || 'refused')
          else if (event.code === CLOSE.elsewhere) {
            const to = sentOnTo(event.reason)
            if (to) queueMicrotask(() => options.sentOn?.(to))
          }
          this.emit('close', event)
        })
        // A socket closed before its host answered errs (ws): the link's state says what happened, nothing is thrown.
        ws.on('error', () => undefined)
      }

      /** The host fell silent: this link ends as one cut off would (Hocuspocus starts another). */
      drop(): void {
        this.inner?.terminate()
      }

      private fail(): void {
        if (this.ended) return
        this.ended = true
        this.erred(new Error('the host desk did not prove who it is'))
        this.emit('close', { code: 1006, reason: 'the host desk did not prove who it is' })
      }

      /** An error told to whoever listens (Hocuspocus, while the attempt is its own): never thrown unheard. */
      private erred(event: unknown): void {
        if (this.listenerCount('error') > 0) this.emit('error', event)
      }
    }
    const { first = 1000, most = 10_000 } = options.retry ?? {}
    this.socket = new HocuspocusProviderWebsocket({
      url: options.url,
      // The host says it is there every second (`HEARTBEAT_MS`): a few seconds without a word, it is gone (switched
      // off, or the network cut without a word on the wire) and the link starts again — and the election after it.
      // This desk's own watch judges that (below); Hocuspocus's, on the wall clock, only backs it up.
      messageReconnectTimeout: SILENT_MS * 4,
      WebSocketPolyfill: ProvenSocket,
      delay: first,
      minDelay: first,
      maxDelay: most,
      factor: 2,
    })
    this.provider = new HocuspocusProvider({
      websocketProvider: this.socket,
      name: VENUE_DOCUMENT,
      document: options.doc,
      token: 'desk-proven',
      onSynced: () => this.set('connected'),
    })
    this.socket.on('status', ({ status }: { status: WebSocketStatus }) => {
      if (status === WebSocketStatus.Disconnected && this.current === 'connected') this.set('connecting')
    })
    this.provider.attach()
    // From the moment the socket is open, not only once synced: a first sync of a day's record over venue Wi-Fi may
    // take longer than the host waits for a word.
    // The host's silence is judged here on this desk's waking time (Hocuspocus's own watch, on the wall clock, is only
    // a backstop): a busy desk does not drop a host that spoke while it was stalled.
    const silence = new SilenceWatch(HEARTBEAT_MS, SILENT_MS)
    this.heartbeat = setInterval(() => {
      const open = this.socket.status === WebSocketStatus.Connected
      const [silent] = silence.judge([open ? heardAt : Date.now()])
      if (open && silent) live?.drop()
      else if (open) this.provider.sendStateless('here')
    }, HEARTBEAT_MS).unref()
  }

  get state(): MemberState {
    return this.current
  }

  /** Resolves once what this desk changed has reached the host, or after `ms` (the link may be down). */
  async flushed(ms: number): Promise<void> {
    const until = Date.now() + ms
    while (this.current === 'connected' && this.provider.hasUnsyncedChanges && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 20))
  }

  close(): void {
    if (this.current === 'closed' || this.current === 'refused') {
      this.current = 'closed'
      return
    }
    clearInterval(this.heartbeat)
    this.provider.destroy()
    this.socket.destroy()
    this.set('closed')
  }

  private set(state: MemberState): void {
    if (this.current === state || this.current === 'closed' || this.current === 'refused') return
    this.current = state
    if (state === 'refused') {
      clearInterval(this.heartbeat)
      this.provider.destroy()
      this.socket.destroy()
    }
    this.options.changed?.(state)
  }
}
