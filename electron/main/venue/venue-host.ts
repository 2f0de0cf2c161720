// The venue's sync on the hosting desk: a Hocuspocus server whose one document ("venue") mirrors this desk's own copy
// of the record both ways, fed the WebSocket connections of desks that proved who they are (the hub's route guard asked
// `provenDesk`): any other document name is refused before it is made, and every update a desk sends is checked before
// it is applied (`incoming-check.ts`: a desk that sends a forged, oversized or deleting update is turned away, told
// why). Who this desk is, signed over an asker's challenge, is answered here too (`alive`).
import { Hocuspocus, type Document } from '@hocuspocus/server'
import * as Y from 'yjs'
import type { AliveAnswer } from '../../../shared/venue/wire'
import { CLOSE, SENT_ON } from '../../../shared/venue/wire'
import { moduleLog } from '../log'
import { Challenges, aliveAnswer, provenDesk } from './desk-proofs'
import type { DeskIdentity } from './desk-identity'
import { refusalOf } from './incoming-check'
import { SilenceWatch } from './silence-watch'
import type { VenueRecord } from './venue-record'

const log = moduleLog('venue-host')

/** The one document's name on the wire. */
export const VENUE_DOCUMENT = 'venue'

/** A socket as the hub hands it over (ws): what Hocuspocus writes to, and its events. */
export interface SyncSocket {
  send(data: Uint8Array | ArrayBuffer | string): void
  close(code?: number, reason?: string): void
  readyState: number
  /** Ends the connection at once, with no closing handshake (a silent peer would never answer one). */
  terminate?(): void
  on(event: 'message', listener: (data: Buffer) => void): void
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void
}

/**
 * How often the host and its desks tell each other they are there (a stateless message: nothing in the document), so
 * a desk whose host went silent — switched off, its cable pulled, with no close on the wire — notices within
 * `SILENT_MS`, not the sync's 30 s; and so does the host of a silent desk.
 */
export const HEARTBEAT_MS = 1000
/** How long a connection may say nothing before it is taken for gone (either side speaks every second). */
export const SILENT_MS = 3500

/** Marks what the bridge copies, so a copy is not copied back. */
const BRIDGE = Symbol('venue-bridge')

/** A close reason as the WebSocket carries one: at most 123 bytes of UTF-8. */
function closeReason(text: string): string {
  let reason = text
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1)
  return reason
}

/** An update refused: the connection closes with this code and reason (Hocuspocus reads both off what is thrown). */
class Refused extends Error {
  readonly code = CLOSE.refused
  constructor(readonly reason: string) {
    super(reason)
  }
}

export interface HostPorts {
  /** This desk's copy of the venue's record (the active connection's). */
  record(): VenueRecord
  identity: DeskIdentity
  /** This release, as the alive route says it. */
  app: string
  /** Told when a desk's sync was turned away for what it sent (its id, and why). */
  refused?(deskId: string, reason: string): void
  /** Told when how many desks sync with this one may have changed (one came, or went). */
  joinedChanged?(): void
  /** Told that a desk syncing here was heard from (at most once a second per link): it was last seen now. */
  heard?(deskId: string): void
}

export class VenueHost {
  private readonly server: Hocuspocus
  /** Each proven desk's open connections. */
  private readonly sockets = new Map<string, Set<SyncSocket>>()
  private unbridge: (() => void) | undefined
  /** This desk stepped down from hosting a minority of the venue: it turns desks away until a majority elects it. */
  private steppedDown = false
  /** This desk syncs with the venue's host now: a desk that follows a host hosts no one (no two hosts, no cycles). */
  private following = false
  /** Judges the joined desks' silence on this desk's waking time (a stall of this desk is not theirs). */
  private silence = new SilenceWatch(HEARTBEAT_MS, SILENT_MS)
  /** The desk this one follows as its host, named to the desks it sends on. */
  private followedHost: string | undefined
  private heartbeat: NodeJS.Timeout | undefined
  /** When each joined desk's connection last said anything. */
  private readonly heardAt = new Map<SyncSocket, number>()
  private readonly challenges = new Challenges()
  /** The desk each request proved to be (the guard asks, the route reads it). */
  private readonly proven = new WeakMap<object, string | null>()

  constructor(private readonly ports: HostPorts) {
    this.server = new Hocuspocus({
      name: 'matchdesk-venue',
      quiet: true,
      // One document: any other name is refused before it is made (another name never unbridges the venue's).
      onConnect: async ({ documentName }) => {
        if (documentName !== VENUE_DOCUMENT) throw new Refused('the venue has one document')
      },
      // Every update a desk sends is checked before it is applied.
      beforeSync: async ({ type, payload, context, document }) => {
        if (type !== 1 && type !== 2) return
        const { deskId, socket } = context as { deskId: string; socket: SyncSocket }
        const record = this.ports.record()
        const refused = refusalOf(payload, {
          deskId,
          doc: document,
          log: 'venue',
          keysOf: (id) => record.keysOf(id),
          bytes: record.bytes,
          now: Date.now(),
        })
        if (!refused) return
        log.warn(`a desk's sync was turned away: it sent ${refused}`, { deskId })
        this.ports.refused?.(deskId, refused)
        // The desk is told why on its socket (a close reason is at most 123 bytes), and nothing of it is applied.
        socket.close(CLOSE.refused, closeReason(`this desk sent ${refused}`))
        throw new Refused(`this desk sent ${refused}`)
      },
      onLoadDocument: async ({ document }) => this.bridge(document),
      afterUnloadDocument: async () => {
        this.unbridge?.()
        this.unbridge = undefined
      },
    })
  }

  /** Who this desk is, for the alive route (signed over `challenge` when one is given). */
  alive(challenge: string | undefined): AliveAnswer {
    const record = this.ports.record()
    const facts = { app: this.ports.app, venue: record.venue, deskId: record.deskId, joined: this.joined() }
    return aliveAnswer(facts, this.ports.identity, this.challenges, challenge)
  }

  /**
   * The desk of the venue a sync request proves to be (its signature over a challenge of this hub's, by the key the
   * record binds to it), once per request; undefined: none.
   */
  provenDesk(request: object, headers: Record<string, string | string[] | undefined>): string | undefined {
    if (!this.proven.has(request)) {
      const record = this.ports.record()
      const facts = {
        venue: record.venue,
        hostDeskId: record.deskId,
        publicKeyOf: (id: string) => record.keysOf(id).at(-1),
      }
      this.proven.set(request, provenDesk(headers, facts, this.challenges) ?? null)
    }
    return this.proven.get(request) ?? undefined
  }

  /**
   * A desk's connection, proven: synced from now on — unless the desk is out of the venue (told so: it stops), or this
   * desk does not host now (a minority stepped down, or it follows a host itself: the desk tries again elsewhere).
   */
  connect(socket: SyncSocket, request: Request, deskId: string): void {
    const record = this.ports.record()
    if (!record.isIn(deskId)) return socket.close(CLOSE.out, 'this desk is out of the venue')
    if (this.steppedDown || this.following)
      return socket.close(
        CLOSE.elsewhere,
        this.following && this.followedHost
          ? `${SENT_ON} ${this.followedHost}`
          : 'this desk does not host the venue now',
      )
    const connection = this.server.handleConnection(socket, request, { deskId, socket })
    this.heardAt.set(socket, Date.now())
    this.ports.heard?.(deskId)
    socket.on('message', (data) => {
      const now = Date.now()
      if (now - (this.heardAt.get(socket) ?? 0) >= 1000) this.ports.heard?.(deskId)
      this.heardAt.set(socket, now)
      connection.handleMessage(new Uint8Array(data))
    })
    socket.on('close', (code, reason) => {
      this.heardAt.delete(socket)
      this.sockets.get(deskId)?.delete(socket)
      connection.handleClose({ code, reason: reason.toString() })
      this.ports.joinedChanged?.()
    })
    const held = this.sockets.get(deskId) ?? new Set<SyncSocket>()
    held.add(socket)
    this.sockets.set(deskId, held)
    this.ports.joinedChanged?.()
    if (!this.heartbeat) {
      this.silence = new SilenceWatch(HEARTBEAT_MS, SILENT_MS)
      this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS).unref()
    }
  }

  /**
   * Tells every joined desk this host is there, and ends the connection of a desk that said nothing for `SILENT_MS`
   * (switched off or cut off: it is no longer counted as joined); stops once no desk is joined.
   */
  private beat(): void {
    const heard = [...this.heardAt]
    const silent = this.silence.judge(heard.map(([, at]) => at))
    heard.forEach(([socket], i) => {
      if (!silent[i]) return
      this.heardAt.delete(socket)
      if (socket.terminate) socket.terminate()
      else socket.close(1001, 'this desk said nothing for a while')
    })
    if (this.joined() === 0) {
      clearInterval(this.heartbeat)
      this.heartbeat = undefined
      return
    }
    for (const document of this.server.documents.values()) document.broadcastStateless('here')
  }

  /** How many desks are joined now. */
  joined(): number {
    return [...this.sockets.values()].filter((held) => held.size > 0).length
  }

  /** A desk of the venue put out of it (it left, or was removed): its connections end, and it is told why. */
  closeVenueDesk(deskId: string): void {
    this.closeDesk(deskId, CLOSE.out, 'this desk is out of the venue')
  }

  private closeDesk(deskId: string, code: number, reason: string): void {
    for (const socket of this.sockets.get(deskId) ?? []) socket.close(code, reason)
    this.sockets.delete(deskId)
  }

  /**
   * This desk stops hosting (its desks are a minority of the venue): their connections end and they are turned away
   * until a majority elects this desk again (`takeDesks`), so they look for the majority's host.
   */
  stepDown(): void {
    this.steppedDown = true
    this.endAll('this desk does not host now')
  }

  /** This desk hosts again (a majority chose it, or it is all the venue left): desks are taken at once. */
  takeDesks(): void {
    this.steppedDown = false
  }

  /** Whether this desk has stepped down from hosting a minority (it takes no desk until elected). */
  get isSteppedDown(): boolean {
    return this.steppedDown
  }

  /**
   * Whether this desk syncs with the venue's host now. While it does, desks joined here are sent on (they find the
   * host by the election) and no desk is taken: two desks never sync with each other as each other's host.
   */
  follow(following: boolean, hostDeskId?: string): void {
    this.followedHost = following ? hostDeskId : undefined
    if (following === this.following) return
    this.following = following
    // The desks sent on are told which desk hosts (they go straight there, not through an election).
    if (following) this.endAll(hostDeskId ? `${SENT_ON} ${hostDeskId}` : 'this desk syncs with the venue’s host')
  }

  private endAll(reason: string): void {
    for (const deskId of [...this.sockets.keys()]) this.closeDesk(deskId, CLOSE.elsewhere, reason)
  }

  /** Every desk's connections end, as a desk going away (the app closes, or works on another connection). */
  closeAll(): void {
    for (const deskId of [...this.sockets.keys()]) this.closeDesk(deskId, 1001, 'the desk is going away')
    clearInterval(this.heartbeat)
    this.heartbeat = undefined
  }

  /** The served document starts as this desk's copy, and each side's changes go to the other from then on. */
  private bridge(served: Document): void {
    if (served.name !== VENUE_DOCUMENT) return
    this.unbridge?.()
    const local = this.ports.record().doc
    Y.applyUpdate(served, Y.encodeStateAsUpdate(local), BRIDGE)
    Y.applyUpdate(local, Y.encodeStateAsUpdate(served), BRIDGE)
    const toLocal = (update: Uint8Array, origin: unknown) => origin !== BRIDGE && Y.applyUpdate(local, update, BRIDGE)
    const toServed = (update: Uint8Array, origin: unknown) => origin !== BRIDGE && Y.applyUpdate(served, update, BRIDGE)
    served.on('update', toLocal)
    local.on('update', toServed)
    this.unbridge = () => {
      served.off('update', toLocal)
      local.off('update', toServed)
    }
  }
}
