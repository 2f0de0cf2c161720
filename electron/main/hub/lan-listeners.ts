// The hub on the venue network: this machine's network interfaces, which of them the hub suggests (the private
// address of the default route's interface), and one listener on each chosen address, sharing the hub's handler.
import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { networkInterfaces } from 'node:os'
import { ConnectionGate, LAN_TIMEOUTS, type ConnectionCaps } from '../local-server/connection-gate'

export interface LanAddress {
  address: string
  /** The network interface's name as the OS gives it ("eth0", "Wi-Fi", "en0"). */
  interface: string
}

export interface LanInterface extends LanAddress {
  /** In a private range (10/8, 172.16/12, 192.168/16): a local network rather than the internet. */
  private: boolean
  /** This machine's default route leaves through it. */
  defaultRoute: boolean
}

/** Names of container bridges, VPNs and virtual machines' networks: never suggested, chosen only by the admin. */
const VIRTUAL = /^(docker|br-|veth|virbr|vmnet|vboxnet|tailscale|utun|tun|tap|wg|zt|vEthernet|lxc|lxd|podman|cni)/i

export function isPrivateIPv4(address: string): boolean {
  const [a = 0, b = 0] = address.split('.').map(Number)
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)
}

/** The interfaces the default route leaves through (Linux: /proc/net/route; elsewhere none are known). */
function defaultRouteInterfaces(): Set<string> {
  try {
    const lines = readFileSync('/proc/net/route', 'utf8').trim().split('\n').slice(1)
    return new Set(
      lines
        .map((line) => line.split(/\s+/))
        .filter((f) => f[1] === '00000000')
        .map((f) => f[0]!),
    )
  } catch {
    // let go: no routing table to read (not Linux): no interface is taken as the default route's, the others still are
    return new Set()
  }
}

/** IPv4 addresses of this machine's network interfaces, loopback and link-local (169.254.x.x) left out. */
export function lanInterfaces(): LanInterface[] {
  const routed = defaultRouteInterfaces()
  const found: LanInterface[] = []
  for (const [name, entries] of Object.entries(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.family !== 'IPv4' || entry.internal || entry.address.startsWith('169.254.')) continue
      const address = entry.address
      found.push({ address, interface: name, private: isPrivateIPv4(address), defaultRoute: routed.has(name) })
    }
  }
  return found
}

/**
 * The interface the hub opens on unless the admin chooses: the one the default route leaves through, when its address
 * is private; else the first private address on an interface that is not a container bridge, VPN or VM network.
 */
export function suggestedInterfaces(all: readonly LanInterface[]): string[] {
  const routed = all.find((i) => i.defaultRoute && i.private)
  const plain = routed ?? all.find((i) => i.private && !VIRTUAL.test(i.interface))
  return plain ? [plain.interface] : []
}

type Handler = (request: IncomingMessage, response: ServerResponse) => void

export interface LanState {
  /** Listening now, each on the hub's port. */
  bound: LanAddress[]
  /** What could not be bound ("10.0.0.5: port 7310 is in use"). */
  problems: string[]
}

export class LanListeners {
  private servers: { server: Server; address: LanAddress }[] = []
  private problems: string[] = []
  /** One gate for every address the hub listens on: the total cap is the venue network's. */
  readonly gate: ConnectionGate

  constructor(
    private readonly handler: Handler,
    private readonly port: number,
    /** Where a WebSocket upgrade goes (the hub's own server, behind its guard); none: upgrades are refused. */
    private readonly upgrade?: (...args: unknown[]) => void,
    caps?: ConnectionCaps,
  ) {
    this.gate = new ConnectionGate(caps)
  }

  get state(): LanState {
    return { bound: this.servers.map((s) => s.address), problems: [...this.problems] }
  }

  /** Listens on each address (closing what was open first); an address that cannot be bound is reported, not fatal. */
  async open(addresses: LanAddress[]): Promise<LanState> {
    await this.close()
    for (const address of addresses) {
      const server = createServer(LAN_TIMEOUTS, this.handler)
      if (this.upgrade) server.on('upgrade', this.upgrade)
      this.gate.watch(server)
      try {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject)
          server.listen(this.port, address.address, () => {
            server.off('error', reject)
            resolve()
          })
        })
        this.servers.push({ server, address })
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        this.problems.push(
          code === 'EADDRINUSE'
            ? `${address.address}: port ${this.port} is in use by another program`
            : `${address.address}: ${(error as Error).message}`,
        )
      }
    }
    return this.state
  }

  /** Stops listening on the network and drops every connection made through it (open streams included). */
  async close(): Promise<void> {
    const servers = this.servers
    this.servers = []
    this.problems = []
    await Promise.all(
      servers.map(
        ({ server }) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve())
            server.closeAllConnections()
          }),
      ),
    )
  }
}
