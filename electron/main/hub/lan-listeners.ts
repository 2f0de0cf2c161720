// The hub on the venue network: this machine's LAN addresses, and one listener on each, sharing the hub's handler.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { networkInterfaces } from 'node:os'

export interface LanAddress {
  address: string
  /** The network interface's name as the OS gives it ("eth0", "Wi-Fi", "en0"). */
  interface: string
}

/** IPv4 addresses of this machine's network interfaces, loopback and link-local (169.254.x.x) left out. */
export function lanAddresses(): LanAddress[] {
  const found: LanAddress[] = []
  for (const [name, entries] of Object.entries(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.family !== 'IPv4' || entry.internal || entry.address.startsWith('169.254.')) continue
      found.push({ address: entry.address, interface: name })
    }
  }
  return found
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

  constructor(
    private readonly handler: Handler,
    private readonly port: number,
  ) {}

  get state(): LanState {
    return { bound: this.servers.map((s) => s.address), problems: [...this.problems] }
  }

  /** Listens on each address (closing what was open first); an address that cannot be bound is reported, not fatal. */
  async open(addresses: LanAddress[]): Promise<LanState> {
    await this.close()
    for (const address of addresses) {
      const server = createServer(this.handler)
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
