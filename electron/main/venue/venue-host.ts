// The venue's sync on the hosting desk: a Hocuspocus server whose one document ("venue") mirrors this desk's own copy
// both ways, fed the WebSocket connections the hub accepts (the hub's route guard has checked each desk's key), and
// each joined desk's connections closed when it is revoked.
import { createHash, timingSafeEqual } from 'node:crypto'
import { Hocuspocus, type Document } from '@hocuspocus/server'
import * as Y from 'yjs'

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

/** The close code a revoked desk's connection ends with (a joined desk stops trying on it). */
export const REVOKED = 4403

/** The close code of a desk turned away because this desk works on another connection (it tries again later). */
const ELSEWHERE = 4409

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

export class VenueHost {
  private readonly server: Hocuspocus
  private readonly sockets = new Map<string, Set<SyncSocket>>()
  /** Each desk paired here: the venue desk id it syncs as. */
  private readonly deskOf = new Map<string, string>()
  private unbridge: (() => void) | undefined
  /** This desk stepped down from hosting a minority of the venue: it turns desks away until a majority elects it. */
  private steppedDown = false
  /** This desk syncs with the venue's host now: a desk that follows a host hosts no one (no two hosts, no cycles). */
  private following = false
  private heartbeat: NodeJS.Timeout | undefined
  /** When each joined desk's connection last said anything. */
  private readonly heardAt = new Map<SyncSocket, number>()

  constructor(
    /** This desk's copy of the venue (the active connection's). */
    private readonly local: () => Y.Doc,
    /** The connection this desk works on now. */
    private readonly activeProfile: () => string,
    /** A desk's own sync key's hash as the venue's record holds it (the hosting can move to any desk). */
    private readonly keyHashOf: (deskId: string) => string | undefined = () => undefined,
    /** Whether a desk is out of the venue (revoked or left): its own key opens nothing. */
    private readonly isOut: (deskId: string) => boolean = () => false,
    /** Told the venue desk id a desk paired here syncs as, when it revokes that desk (it is put out of the venue). */
    private readonly revokedDesk: (deskId: string) => void = () => undefined,
  ) {
    this.server = new Hocuspocus({
      name: 'matchdesk-venue',
      quiet: true,
      // The hub's guard has authenticated the desk by its key before the upgrade: the token carries nothing.
      onLoadDocument: async ({ document }) => this.bridge(document),
      afterUnloadDocument: async () => {
        this.unbridge?.()
        this.unbridge = undefined
      },
    })
  }

  /**
   * A joined desk's connection, its key checked by the hub: synced from now on — unless the desk was paired while this
   * desk worked on another connection (another venue): turned away, it tries again, and joins once this desk is back.
   */
  connect(
    socket: SyncSocket,
    request: Request,
    deviceId: string,
    pairedOn: string | undefined,
    /** The venue desk id the desk says it syncs as (kept, so that revoking its pairing puts that desk out). */
    deskId?: string,
  ): void {
    if (deskId && pairedOn !== undefined) this.deskOf.set(deviceId, deskId)
    // A desk put out of the venue (removed by a head organiser, or it left) syncs here no more, whatever key it has.
    const venueDesk = deskId ?? this.deskOf.get(deviceId)
    if (venueDesk && this.isOut(venueDesk)) return socket.close(REVOKED, 'this desk is out of the venue')
    if (pairedOn !== undefined && pairedOn !== this.activeProfile())
      return socket.close(ELSEWHERE, 'the host desk works on another connection now')
    if (this.steppedDown || this.following) return socket.close(ELSEWHERE, 'this desk does not host the venue now')
    const connection = this.server.handleConnection(socket, request, { deviceId })
    this.heardAt.set(socket, Date.now())
    socket.on('message', (data) => {
      this.heardAt.set(socket, Date.now())
      connection.handleMessage(new Uint8Array(data))
    })
    socket.on('close', (code, reason) => {
      this.heardAt.delete(socket)
      this.sockets.get(deviceId)?.delete(socket)
      connection.handleClose({ code, reason: reason.toString() })
    })
    const held = this.sockets.get(deviceId) ?? new Set<SyncSocket>()
    held.add(socket)
    this.sockets.set(deviceId, held)
    this.heartbeat ??= setInterval(() => this.beat(), HEARTBEAT_MS).unref()
  }

  /**
   * Tells every joined desk this host is there, and ends the connection of a desk that said nothing for `SILENT_MS`
   * (switched off or cut off: it is no longer counted as joined); stops once no desk is joined.
   */
  private beat(): void {
    const now = Date.now()
    for (const [socket, at] of this.heardAt)
      if (now - at > SILENT_MS) {
        this.heardAt.delete(socket)
        if (socket.terminate) socket.terminate()
        else socket.close(1001, 'this desk said nothing for a while')
      }
    if (this.joined() === 0) {
      clearInterval(this.heartbeat)
      this.heartbeat = undefined
      return
    }
    for (const document of this.server.documents.values()) document.broadcastStateless('here')
  }

  /** Whether `key` is the venue desk's own sync key (compared by hash, in constant time). */
  knowsDesk(deskId: string, key: string): boolean {
    if (this.isOut(deskId)) return false
    const held = this.keyHashOf(deskId)
    if (!held) return false
    const given = createHash('sha256').update(key).digest()
    return timingSafeEqual(given, Buffer.from(held, 'hex'))
  }

  /** How many desks are joined now. */
  joined(): number {
    return [...this.sockets.values()].filter((held) => held.size > 0).length
  }

  /** A revoked desk: its connections end at once, it is told why (it stops trying), and it is out of the venue. */
  revokeDesk(deviceId: string): void {
    const deskId = this.deskOf.get(deviceId)
    if (deskId) this.revokedDesk(deskId)
    this.closeDesk(deviceId)
  }

  /** A desk of the venue put out of it: its connections end, whether it synced with its own key or one paired here. */
  closeVenueDesk(deskId: string): void {
    for (const [deviceId, desk] of this.deskOf) if (desk === deskId) this.closeDesk(deviceId)
    this.closeDesk(`desk:${deskId}`)
  }

  /** A desk's connections end, and it is told why. */
  closeDesk(deviceId: string, code = REVOKED, reason = 'this desk was revoked'): void {
    for (const socket of this.sockets.get(deviceId) ?? []) socket.close(code, reason)
    this.sockets.delete(deviceId)
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

  /**
   * Whether this desk syncs with the venue's host now. While it does, desks joined here are sent on (they find the
   * host by the election) and no desk is taken: two desks never sync with each other as each other's host.
   */
  follow(following: boolean): void {
    if (following === this.following) return
    this.following = following
    if (following) this.endAll('this desk syncs with the venue’s host')
  }

  private endAll(reason: string): void {
    for (const deviceId of [...this.sockets.keys()]) this.closeDesk(deviceId, ELSEWHERE, reason)
  }

  /** Every desk's connections end, as a desk going away (the app closes): they try again until it is back. */
  closeAll(): void {
    for (const deviceId of [...this.sockets.keys()]) this.closeDesk(deviceId, 1001, 'the desk is going away')
    clearInterval(this.heartbeat)
    this.heartbeat = undefined
  }

  /** The served document starts as this desk's copy, and each side's changes go to the other from then on. */
  private bridge(served: Document): void {
    this.unbridge?.()
    const local = this.local()
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
