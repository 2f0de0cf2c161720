// The broadcast hub: the local server OBS overlays, Companion and door devices use — feeds and overlays, the control
// API, the door page and pairing — on 127.0.0.1 and, when opened to the venue network, on this machine's LAN
// addresses; every route behind the one route guard, with the hub's access rules.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { BroadcastDesk } from '../broadcast/broadcast-desk'
import type { SequenceRunner } from '../broadcast/sequence-runner'
import type { SponsorDesk } from '../broadcast/sponsor-desk'
import type { VenueHost } from '../venue/venue-host'
import type { ActingFor } from '../venue/venue-role-guard'
import type { ObsTarget } from '../broadcast/obs-target'
import { EventStreams } from '../local-server/event-stream'
import { mainLoad } from '../main-load'
import { guardRoutes } from '../local-server/route-guard'
import type { DeviceRegistry } from '../devices/device-registry'
import type { EventBus } from '../event-bus'
import type { DoorDesk } from '../devices/door-desk'
import type { FloorDesk } from '../floor/floor-desk'
import { controlRoutes } from './control-routes'
import { doorRoutes } from './door-routes'
import { tabletRoutes } from './tablet-routes'
import { controlEvents } from './control-events'
import { feedDataRoutes, feedRoutes } from './feed-routes'
import { floorRoutes } from './floor-routes'
import { layoutRoutes } from './layout-routes'
import { ensureStarterLayout } from './starter-layout'
import { hubRules, type ProvenDesk } from './hub-access'
import type { HubContext } from './hub-context'
import { lanInterfaces, LanListeners, suggestedInterfaces, type LanInterface } from './lan-listeners'
import { PLAYER_CONNECTION_CAPS, type ConnectionCaps } from '../local-server/connection-gate'
import { pairingRoutes } from './pairing-routes'
import { logRoutes } from './log-routes'
import { gameOwnerOf, gameRoutes } from './game-routes'
import type { GameSources } from '../broadcast/game-sources'
import { PageLog } from '../page-log'
import { venueRoutes } from './venue-routes'
import { playerBudgets, playerRoutes } from './player-routes'
import type { PlayerDesk } from '../floor/player-desk'

/** Live streams a device may hold (an OBS PC's sources, a door's tabs), and all devices together. */
export const DEVICE_STREAM_CAPS = { perOwner: 32, total: 512 }

/** Where OBS sources point by default: not TSH's 5000, OBS WebSocket's 4455 nor NodeCG's 9090, so all can run. */
export const DEFAULT_HUB_PORT = 7310

export interface HubOptions {
  /** What the desk announces (streams, OBS, the floor): Companion's event stream passes it on. */
  bus: EventBus
  desk: BroadcastDesk
  obs: ObsTarget
  /** The show sequences, for Companion's fast-forward, cancel and game-start buttons (none in some tests). */
  sequences?: SequenceRunner
  /** The venue's sponsors, whose images the overlays show (none in some tests). */
  sponsors?: SponsorDesk
  /** The venue's sync host, for desks that joined this one (none in some tests). */
  venue?: VenueHost
  /** This desk's id in the venue (what a desk of the venue asking who answers is told). */
  venueDesk?: () => string
  /** Where each desk of the venue answers (a paired device moves to the next when its desk goes). */
  venueDesks?: () => { deskId: string; name: string; url: string; publicKey: string }[]
  /** This release ("0.2.0"), as the venue's version route says it. */
  app?: string
  /** Tells the person at this desk something about the venue (a desk of another release tried to join). */
  venueNotice?: (message: string) => void
  /** A device's request handled with the role of the desk that paired it (or whose control token it came with). */
  roles?: ActingFor
  doors: DoorDesk
  floor: FloorDesk
  registry: DeviceRegistry
  /** Each stream's game source, whose game posts its state here (none in some tests). */
  games?: GameSources
  /** The built renderer folder that holds overlay.html, door.html and their assets. */
  pagesDir: string
  /** Where the device pages' failures are written (main's log, a budget per device); one of its own when absent. */
  pages?: PageLog
  /**
   * The producers' layouts folder, served at /layouts/<name>/ on the layouts' own origin (a starter layout is written
   * there); none when absent.
   */
  layoutsDir?: string
  /** The port OBS sources are set up for; when taken, a free one is used and `onPortTaken` is told. */
  port: number
  /** The layouts' own origin's port (default: the hub's + 1, 7311; 0 when the hub's is 0); a free one when taken. */
  layoutsPort?: number
  onPortTaken?(wanted: number, got: number): void
  /** The layouts' port was taken: they are on `got` for now. */
  onLayoutsPortTaken?(wanted: number, got: number): void
  /** This machine's network interfaces (tests give their own). */
  lanInterfaces?: () => LanInterface[]
  /** Told the hub's port while it listens on the venue network, null once it does not (desks find it by mDNS). */
  announce?(port: number | null): void
  /** The players' phones (none in some tests): their routes on the hub and on the players' own origin. */
  players?: PlayerDesk
  /** The players' own origin's port, for their Wi-Fi (default: the hub's + 2, 7312; 0 when the hub's is 0). */
  playersPort?: number
}

export interface HubLan {
  on: boolean
  /** "http://192.168.1.20:7310" and the interface it is on, for each address the hub listens on. */
  urls: { url: string; interface: string }[]
  /** Every interface the hub could open on, whether it is chosen, and whether it is the one Matchdesk suggests. */
  interfaces: { interface: string; address: string; chosen: boolean; suggested: boolean }[]
  problems: string[]
}

export interface HubRoute {
  method: string
  url: string
  allow: string | undefined
}

export interface Hub {
  /** "http://127.0.0.1:7310" */
  url: string
  port: number
  /** Where the producers' layouts are served, their own origin ("http://127.0.0.1:7311"); null without a folder. */
  layoutsUrl: string | null
  /**
   * The players' own origin ("http://127.0.0.1:7312"): their routes and nothing else, for the players' Wi-Fi; null
   * without players. Opened to the venue network with the hub.
   */
  playersUrl: string | null
  lan(): HubLan
  /**
   * Opens the hub to the venue network or closes it again (remembered), on the interfaces given (null: the suggested
   * one; absent: as before).
   */
  setLan(on: boolean, interfaces?: string[] | null): Promise<HubLan>
  /** The address devices use: the first LAN address when open, else this machine's. */
  deviceUrl(): string
  /** The address players' phones use: the players' origin on the first LAN address when open; null without players. */
  playersDeviceUrl(): string | null
  /** Every route the hub serves, with the access it declares (tests cover each without a list kept by hand). */
  routes(): readonly HubRoute[]
  /** Connections from the venue network: open now, and refused (over a cap) since the hub started. */
  lanConnections(): { open: number; refused: number }
  close(): Promise<void>
}

/** One origin of the hub: a server behind the route guard, on 127.0.0.1 and, when opened, on the LAN addresses. */
class HubOrigin {
  readonly server: FastifyInstance
  readonly hosts = new Set<string>()
  private handler: ((request: IncomingMessage, response: ServerResponse) => void) | undefined
  private lanListeners: LanListeners | undefined
  port = 0

  constructor(
    registry: DeviceRegistry,
    provenDesk?: ProvenDesk,
    gameToken?: (request: FastifyRequest) => boolean,
    /** Connections the venue network may hold open here (the players' address takes a thousand phones). */
    private readonly caps?: ConnectionCaps,
  ) {
    this.server = Fastify({
      logger: false,
      bodyLimit: 16 * 1024,
      serverFactory: (fastifyHandler) => {
        this.handler = fastifyHandler
        return createServer(fastifyHandler)
      },
    })
    guardRoutes(this.server, {
      hosts: () => this.hosts,
      rules: hubRules(registry, provenDesk, gameToken),
      refuse: refusal,
    })
    acceptJsonOnly(this.server)
    // A device waits for each answer: background work yields to it while main is busy.
    this.server.addHook('onRequest', (_request, _reply, done) => {
      mainLoad.foreground()
      done()
    })
  }

  async listen(wanted: number): Promise<number> {
    this.port = await listen(this.server, wanted)
    this.hosts.add(`127.0.0.1:${this.port}`)
    this.hosts.add(`localhost:${this.port}`)
    // A WebSocket upgrade on a LAN address goes to the same server (and its guard) as one on 127.0.0.1.
    const upgrade = (...args: unknown[]) => this.server.server.emit('upgrade', ...args)
    this.lanListeners = new LanListeners(this.handler!, this.port, upgrade, this.caps)
    return this.port
  }

  get listeners(): LanListeners {
    return this.lanListeners!
  }

  /** Listens on the chosen LAN addresses (none: closed); the Host check follows what is bound. */
  async setLan(addresses: LanInterface[] | null): Promise<void> {
    for (const host of [...this.hosts])
      if (!host.startsWith('127.0.0.1:') && !host.startsWith('localhost:')) this.hosts.delete(host)
    if (!addresses) return this.listeners.close()
    const state = await this.listeners.open(addresses)
    for (const { address } of state.bound) this.hosts.add(`${address}:${this.port}`)
  }

  async close(): Promise<void> {
    await this.lanListeners?.close()
    await this.server.close()
  }
}

export async function startHub(options: HubOptions): Promise<Hub> {
  const { registry } = options
  const hub = new HubOrigin(
    registry,
    options.venue && ((request) => options.venue!.provenDesk(request, request.headers)),
    (request) => gameOwnerOf(request, options.games) !== undefined,
  )
  const { server } = hub
  const streams = new EventStreams(DEVICE_STREAM_CAPS)
  const stopRevoked = registry.revoked.on((deviceId) => streams.closeOwnedBy(deviceId))
  // Companion's event streams were opened with the control token: a new token ends them, as it refuses their calls.
  const stopRotated = registry.rotated.on(() => {
    streams.closeOwnedBy('control')
    for (const device of registry.devices()) if (device.kind === 'control') streams.closeOwnedBy(device.id)
  })

  const routes: HubRoute[] = []
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push({ method, url: route.url, allow: route.config?.allow })
  })
  const context: HubContext = { ...options, streams, pages: options.pages ?? new PageLog() }
  feedRoutes(server, context)
  controlRoutes(server, context)
  controlEvents(server, context)
  doorRoutes(server, context)
  tabletRoutes(server, context)
  floorRoutes(server, context)
  pairingRoutes(server, context)
  logRoutes(server, context)
  gameRoutes(server, context)
  await venueRoutes(server, context)
  // Producers' layouts run their own code: they get an origin (a port) of their own, with the feed and nothing else,
  // so no page of the hub (a door's key in its storage, the pairing page) shares storage or a window with them.
  const stopPlayers: (() => void)[] = []
  const playerOptions = options.players && {
    players: options.players,
    budgets: playerBudgets(),
    clock: { now: Date.now },
    pagesDir: options.pagesDir,
    ...(options.venue && { venue: options.venue }),
    ...(options.venueDesks && { venueDesks: options.venueDesks }),
    phonesOrigin: () => phonesOrigin(),
  }
  if (playerOptions) stopPlayers.push(playerRoutes(server, playerOptions))
  // The players' Wi-Fi gets an origin of its own: the player routes alone, so no staff route answers there.
  const playersOrigin = playerOptions
    ? new HubOrigin(registry, undefined, undefined, PLAYER_CONNECTION_CAPS)
    : undefined
  if (playersOrigin && playerOptions)
    stopPlayers.push(playerRoutes(playersOrigin.server, { ...playerOptions, ownOrigin: true }))
  const layouts = options.layoutsDir ? new HubOrigin(registry) : undefined
  if (layouts && options.layoutsDir) {
    ensureStarterLayout(options.layoutsDir)
    layoutRoutes(layouts.server, options.layoutsDir)
    feedDataRoutes(layouts.server, context)
  }

  const port = await hub.listen(options.port)
  // Port 0 asks for any free port: only a port that was asked for by number can be "taken".
  if (options.port !== 0 && port !== options.port) options.onPortTaken?.(options.port, port)
  const wantedLayoutsPort = options.layoutsPort ?? (options.port === 0 ? 0 : port + 1)
  const layoutsPort = await layouts?.listen(wantedLayoutsPort)
  if (layoutsPort !== undefined && wantedLayoutsPort !== 0 && layoutsPort !== wantedLayoutsPort)
    options.onLayoutsPortTaken?.(wantedLayoutsPort, layoutsPort)

  const playersPort = await playersOrigin?.listen(options.playersPort ?? (options.port === 0 ? 0 : port + 2))
  /** The players' origin as phones reach it: on the first venue-network address when open, else this machine's. */
  function phonesOrigin(): string | null {
    if (playersPort === undefined) return null
    return `http://${playersOrigin!.listeners.state.bound[0]?.address ?? '127.0.0.1'}:${playersPort}`
  }

  const findInterfaces = options.lanInterfaces ?? lanInterfaces
  const choice = () => {
    const all = findInterfaces()
    const suggested = suggestedInterfaces(all)
    const names = registry.lanInterfaces ?? suggested
    return { all, suggested, chosen: all.filter((i) => names.includes(i.interface)) }
  }
  const lan = (): HubLan => {
    const state = hub.listeners.state
    const { all, suggested, chosen } = choice()
    const nothingBound = registry.lan && state.bound.length === 0 && state.problems.length === 0
    return {
      on: registry.lan,
      urls: state.bound.map((a) => ({ url: `http://${a.address}:${port}`, interface: a.interface })),
      interfaces: all.map((i) => ({
        interface: i.interface,
        address: i.address,
        chosen: chosen.includes(i),
        suggested: suggested.includes(i.interface),
      })),
      problems: !nothingBound
        ? state.problems
        : all.length === 0
          ? ['No network interface with an IPv4 address was found: connect this machine to the venue network.']
          : ['No network interface is chosen: choose the one the venue network is on.'],
    }
  }
  const setLan = async (on: boolean, interfaces?: string[] | null): Promise<HubLan> => {
    if (on !== registry.lan || interfaces !== undefined) registry.setLan(on, interfaces)
    const addresses = on ? choice().chosen : null
    await hub.setLan(addresses)
    await layouts?.setLan(addresses)
    await playersOrigin?.setLan(addresses)
    options.announce?.(hub.listeners.state.bound.length > 0 ? port : null)
    return lan()
  }
  if (registry.lan) await setLan(true)

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    layoutsUrl: layoutsPort === undefined ? null : `http://127.0.0.1:${layoutsPort}`,
    playersUrl: playersPort === undefined ? null : `http://127.0.0.1:${playersPort}`,
    lan,
    setLan,
    deviceUrl: () => lan().urls[0]?.url ?? `http://127.0.0.1:${port}`,
    playersDeviceUrl: () => phonesOrigin(),
    lanConnections: () => hub.listeners.gate.counts,
    routes: () => routes,
    close: async () => {
      options.announce?.(null)
      stopRevoked()
      stopRotated()
      streams.closeAll()
      stopPlayers.forEach((stop) => stop())
      await layouts?.close()
      await playersOrigin?.close()
      await hub.close()
      registry.flush()
    },
  }
}

/** A browser that was refused sees a page that says what to do; everything else gets JSON. */
function refusal(reply: FastifyReply, status: 401 | 403, message: string): FastifyReply {
  if (!(reply.request.headers.accept ?? '').includes('text/html')) return reply.code(status).send({ error: message })
  const text =
    status === 401
      ? 'This device is not paired with the Matchdesk desk. On the desk, open Venue → Add a device and scan its code.'
      : message
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', "default-src 'none'")
    .send(`<!doctype html><meta charset="utf-8"><title>Matchdesk</title><p>${text.replace(/[<>&]/g, '')}</p>`)
}

/** Bodies are JSON or empty (Companion may send an empty body with a JSON type); a form post is refused (415). */
function acceptJsonOnly(server: FastifyInstance): void {
  server.removeAllContentTypeParsers()
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body)
    if (text.trim() === '') return done(null, undefined)
    try {
      done(null, JSON.parse(text))
    } catch {
      done(Object.assign(new Error('The body is not valid JSON.'), { statusCode: 400 }), undefined)
    }
  })
}

/** Listens on the wanted port on 127.0.0.1; a port in use falls back to a free one (0 asks for one at once). */
async function listen(server: FastifyInstance, wanted: number): Promise<number> {
  try {
    await server.listen({ host: '127.0.0.1', port: wanted })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    await server.listen({ host: '127.0.0.1', port: 0 })
  }
  return (server.server.address() as AddressInfo).port
}
