// What a listener open to the network lets in: a cap on connections per source address and in total (those beyond
// are closed at once), and timeouts that close a connection that sends no request, so nobody on the network can take
// every file descriptor and starve this machine's own clients (OBS, the desk).
import type { Server } from 'node:http'
import type { Socket } from 'node:net'

export interface ConnectionCaps {
  /** Open connections one source address may hold. */
  perAddress: number
  /** Open connections all addresses together may hold, across every listener sharing the gate. */
  total: number
}

/** Enough for an OBS PC with dozens of sources or a door phone's tabs, far below the process's descriptors. */
export const LAN_CONNECTION_CAPS: ConnectionCaps = { perAddress: 64, total: 768 }
/** The players' address: a phone or two per address, a thousand phones and more in all. */
export const PLAYER_CONNECTION_CAPS: ConnectionCaps = { perAddress: 8, total: 4096 }

/**
 * Node's server timeouts for a listener on the network: a connection that has not sent its request headers within 5 s
 * (an idle or half-open one included) or its whole request within 10 s is closed, as is a kept-alive one idle for 5 s;
 * checked every second. An answer that streams (Server-Sent Events) is not cut: the request was received.
 */
export const LAN_TIMEOUTS = {
  headersTimeout: 5_000,
  requestTimeout: 10_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 1_000,
} as const

export class ConnectionGate {
  private readonly byAddress = new Map<string, number>()
  private openCount = 0
  private refusedCount = 0

  constructor(private readonly caps: ConnectionCaps = LAN_CONNECTION_CAPS) {}

  /** Connections open through the gate now, and refused since it was made. */
  get counts(): { open: number; refused: number } {
    return { open: this.openCount, refused: this.refusedCount }
  }

  /** Judges every connection the server accepts. */
  watch(server: Server): void {
    server.on('connection', (socket: Socket) => this.admit(socket))
  }

  private admit(socket: Socket): void {
    const address = socket.remoteAddress ?? ''
    const held = this.byAddress.get(address) ?? 0
    if (held >= this.caps.perAddress || this.openCount >= this.caps.total) {
      this.refusedCount++
      socket.destroy()
      return
    }
    this.byAddress.set(address, held + 1)
    this.openCount++
    socket.once('close', () => {
      this.openCount--
      const left = (this.byAddress.get(address) ?? 1) - 1
      if (left > 0) this.byAddress.set(address, left)
      else this.byAddress.delete(address)
    })
  }
}
