// startSandbox: the local Organizer service on 127.0.0.1 — the app's Demo venue and every test's real server — or on one
// address of the staff network, for several desks to share one Demo venue.
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { z } from 'zod'
import { SCOPES } from '../shared/api'
import { Faults, FaultSettings } from './faults'
import { OAuthServer } from './oauth/oauth-server'
import { resumeVenue, seedVenue, type SeededVenue } from './seed/venue'
import { pacedClock } from './simulation/event-clock'
import { LiveVenue } from './simulation/live-venue'
import { MatchEngine } from './simulation/match-engine'
import { buildServer } from './server'
import { Stats } from './stats'
import { Rng } from './store/rng'
import { Store } from './store/store'
import { LegacyVenueFile } from './store/legacy-venue-file'
import { VenueDb } from './store/venue-db'
import type { VenueRead } from './store/venue-state'

export const SandboxOptions = z.strictObject({
  /**
   * The address it listens on: this machine only (127.0.0.1), or one IPv4 address of this machine on the staff
   * network, where the desks of one venue share it (never every interface at once).
   */
  host: z.ipv4('host: an IPv4 address of this machine, such as 192.168.1.20').default('127.0.0.1'),
  port: z.number().int().min(0).max(65535).default(0),
  seed: z.number().int().min(0).default(1),
  size: z.enum(['small', 'medium', 'large']).default('small'),
  /** Wall milliseconds between simulation steps; the venue stays as seeded when absent. */
  simulateMs: z.number().int().min(10).optional(),
  /** How many times faster than the wall clock the venue's event time runs (1: real pace; 60: an hour a minute). */
  speed: z.number().min(1).max(100_000).default(1),
  control: z.boolean().default(false),
  faults: FaultSettings.partial().default({}),
  tokenTtlSeconds: z.number().int().min(1).default(3600),
  apiKey: z.string().min(8).optional(),
  clientId: z.string().min(1).optional(),
  clientSecret: z.string().min(8).optional(),
  appName: z.string().default('Matchdesk'),
  /**
   * Where the venue is kept between runs (a SQLite file: read at start, each change written before its answer
   * leaves); in memory only when absent.
   */
  stateFile: z.string().min(1).optional(),
  /** A venue file of an older version (JSON, written whole) carried into `stateFile` when that is new, then removed. */
  importFrom: z.string().min(1).optional(),
})
export type SandboxOptions = z.input<typeof SandboxOptions>

export interface Sandbox {
  origin: string
  organizer: string
  participant: string
  v1: string
  auth: string
  account: string
  apiKey: string
  clientId: string
  clientSecret: string
  faults: Faults
  stats: Stats
  store: Store
  oauth: OAuthServer
  engine: MatchEngine
  /** The venue's simulation (a new one after `reset`). */
  readonly live: LiveVenue
  /** How the venue began: seeded afresh, read back from its state file, or seeded because that file was set aside. */
  readonly began: VenueRead
  /** Starts the venue over as seeded (its state file rewritten): every change since is gone. */
  reset(): void
  close(): Promise<void>
}

const secret = () => randomBytes(24).toString('base64url')

export async function startSandbox(input: SandboxOptions = {}): Promise<Sandbox> {
  const options = SandboxOptions.parse(input)
  const clock = pacedClock(options.speed)
  const store = new Store(options.seed, () => new Date(clock.now()))
  const key = { seed: options.seed, size: options.size }
  const db = options.stateFile ? new VenueDb(options.stateFile, key) : undefined
  let began: VenueRead = db?.read() ?? { kind: 'none' }
  const legacy = began.kind === 'none' && options.importFrom ? new LegacyVenueFile(options.importFrom, key) : undefined
  if (legacy) began = legacy.read()
  const apiKey = options.apiKey ?? secret()
  const client = {
    id: options.clientId ?? `demo-${secret().slice(0, 8)}`,
    secret: options.clientSecret ?? secret(),
    name: options.appName,
    scopes: SCOPES,
  }
  const oauth = new OAuthServer(client, options.tokenTtlSeconds)
  const rng = new Rng(options.seed + 1)
  const engine = new MatchEngine(store, rng)
  const liveFrom = (venue: SeededVenue) => new LiveVenue({ store, engine, clock, rng, ...venue })
  let live = liveFrom(
    began.kind === 'read'
      ? resumeVenue(store, began.state, options.seed, options.size)
      : seedVenue(store, options.seed, options.size),
  )
  const save = () => db?.save(store, live.kept())
  // A venue read from its database is there already; a seeded or carried-over one is written whole.
  if (began.kind === 'read' && !legacy) store.takeChanges()
  else db?.replace(store, live.kept())
  if (legacy && began.kind === 'read') rmSync(legacy.path)
  const stats = new Stats()
  let port = options.port
  const faults = new Faults(options.faults, options.seed, (offline) => (offline ? stop() : listen()))
  const hosts = new Set<string>()
  const { app, sockets } = buildServer({
    context: { store, oauth },
    apiKey,
    faults,
    stats,
    control: options.control,
    engine,
    hosts,
    changed: save,
  })

  function stop(): Promise<void> {
    return new Promise((resolve) => {
      app.server.close(() => resolve())
      for (const socket of sockets) socket.destroy()
    })
  }
  function listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      app.server.once('error', reject)
      app.server.listen(port, options.host, () => {
        app.server.off('error', reject)
        resolve()
      })
    })
  }

  await app.listen({ host: options.host, port })
  port = (app.server.address() as AddressInfo).port
  hosts.add(`${options.host}:${port}`)
  if (options.host === '127.0.0.1') hosts.add(`localhost:${port}`)
  if (options.faults.offline) await stop()
  const timer = options.simulateMs
    ? setInterval(() => {
        store.write(() => live.step())
        save()
      }, options.simulateMs)
    : undefined
  timer?.unref()

  const origin = `http://${options.host}:${port}`
  store.filesOrigin = origin
  return {
    origin,
    organizer: `${origin}/organizer/v2`,
    participant: `${origin}/participant/v2`,
    v1: `${origin}/v1`,
    auth: origin,
    account: origin,
    apiKey,
    clientId: client.id,
    clientSecret: client.secret,
    faults,
    stats,
    store,
    oauth,
    engine,
    get live() {
      return live
    },
    began,
    reset: () => {
      store.restore()
      live = liveFrom(seedVenue(store, options.seed, options.size))
      db?.replace(store, live.kept())
    },
    close: async () => {
      clearInterval(timer)
      // What the simulation moved since its last step; a folder already gone keeps what was written before.
      try {
        save()
      } catch {
        /* nothing more to keep */
      }
      db?.close()
      faults.dispose()
      for (const socket of sockets) socket.destroy()
      if (faults.settings.offline) await listen().catch(() => undefined)
      await app.close()
    },
  }
}
