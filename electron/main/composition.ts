// Builds the main-process services, handlers and event bus from their ports; shared by Electron and web mode.
import { join } from 'node:path'
import { startSandbox, type SandboxOptions } from '../../sandbox/index'
import { PUBLIC_SERVICE_BASES } from './api/public-service'
import { systemClock, type Clock } from './clock'
import { BroadcastDesk } from './broadcast/broadcast-desk'
import { startHub, type Hub, type HubOptions } from './hub/hub-server'
import { DataFolderLock } from './data-folder'
import { EventBus } from './event-bus'
import { NoticeLog } from './notice-log'
import { createDispatch, type Dispatch } from './ipc/dispatch'
import { PageActivity } from './page-activity'
import { allHandlers } from './ipc/handlers'
import { PageLog } from './page-log'
import type { SandboxStarter } from './profiles/demo-venue'
import type { CredentialStore } from './secrets/credential-store'
import { MemoryCredentialStore } from './secrets/memory-store'
import { Connections } from './services/connections'
import type { OfflineTuning } from './services/offline-session'
import { DeviceRegistry } from './devices/device-registry'
import { VenueDevices } from './devices/venue-devices'
import { registryVenue } from './devices/registry-venue'
import { CheckinDecision } from './services/checkin-decision'
import { DoorDesk } from './devices/door-desk'
import { LiveTicks } from './services/live-ticks'
import { FloorDesk } from './floor/floor-desk'
import { PlayerDesk } from './floor/player-desk'
import { PlayerReports } from './floor/player-reports'
import { ObsTarget } from './broadcast/obs-target'
import { OnAirRecord } from './broadcast/on-air-record'
import { SponsorDesk } from './broadcast/sponsor-desk'
import { VenueSharing } from './venue/venue-sharing'
import { VenueCheckins } from './venue/venue-checkins'
import { VenueAudit } from './venue/venue-audit'
import { VenueRoles } from './venue/venue-roles'
import { VenueRoleGuard } from './venue/venue-role-guard'
import { GameSources } from './broadcast/game-sources'
import { VenueFollowers } from './venue/venue-followers'
import { DeskIdentity } from './venue/desk-identity'
import { VenueStreams } from './broadcast/venue-streams'
import { VenueFloor } from './floor/venue-floor'
import { VenueAnnouncement } from './venue/venue-discovery'
import { SequenceRunner } from './broadcast/sequence-runner'
import { obsOverlayAddress } from './broadcast/obs-setup'
import { ObsSettingsFile } from './obs/obs-settings-file'
import { moduleLog, openLog } from './log'

const log = moduleLog('composition')

export interface MainPorts {
  version: string
  dataDir: string
  /** Who holds the data folder, named to a second process that tries it ("the desktop app", "web mode"). */
  processKind?: string
  credentials?: CredentialStore
  clock?: Clock
  openBrowser?: (url: string) => Promise<void>
  /** Offline tuning (tests): how soon the probe and the replay retry, how the WAL is flushed. */
  offline?: OfflineTuning
  /** How the Demo venue's sandbox runs (size, seed, simulation, faults). */
  demo?: Omit<SandboxOptions, 'apiKey' | 'clientId' | 'clientSecret' | 'port'>
  /**
   * Whether the Demo venue is kept in the data folder (default: yes). Benchmarks of the desk and the hub turn it off:
   * the stand-in service writes its whole venue to disk on every write, which the real service does elsewhere.
   */
  demoKept?: boolean
  /** The broadcast hub: its port and the built renderer folder with its pages; absent, no hub runs (tests). */
  hub?: { port: number; pagesDir: string; lanInterfaces?: HubOptions['lanInterfaces'] }
  /**
   * How often the live ticks read again what the desks follow (on air, floors, door lists) from the service (ms;
   * default 5000; 0: only when `ticks.tick()` is called).
   */
  broadcastRefreshMs?: number
  /** How soon a lost OBS is tried again, first and at most (ms; tests make it short). */
  obsRetryMs?: { first: number; most: number }
  /** How soon a desk that joined another desk’s venue tries its host again (tests). */
  venueRetryMs?: { first: number; most: number }
  /** How long a host desk has to answer a join, body included (tests). */
  venueAnswerMs?: number
  /** How often the venue's hosting rule runs (ms; 1 s): tests that must see a move happen without it set it long. */
  venueElectionTickMs?: number
}

export interface MainServices {
  dispatch: Dispatch
  bus: EventBus
  connections: Connections
  broadcast: BroadcastDesk
  doors: DoorDesk
  /** The venue floor: stations, calls, the board and the doors' call notices. */
  floor: FloorDesk
  registry: DeviceRegistry
  hub: Hub | undefined
  /** Each stream's OBS, driven from what the desk publishes. */
  obs: ObsTarget
  /** One live refresh for every desk: each followed tournament read once a tick. */
  ticks: LiveTicks
  /** The venue shared with other desks: this desk hosting it, or joined to another's. */
  sharing: VenueSharing
  /** The shared venue's streams: this desk's shared, the other desks' shown here. */
  venueStreams: VenueStreams
  /** The shared venue's floor: this desk's stations shared, the other desks' written here. */
  venueFloor: VenueFloor
  /** The shared venue's check-ins: each person's first written by one desk. */
  venueCheckins: VenueCheckins
  venueRoles: VenueRoles
  /** The shared venue's devices: one paired at any desk known at every desk, one revoked anywhere refused here. */
  venueDevices: VenueDevices
  /** The shared venue's record of the active connection, followed for all that acts on it. */
  venueFollowers: VenueFollowers
  close(): Promise<void>
}

/** The Demo venue's database in the data folder. */
export const DEMO_VENUE_FILE = 'demo-venue.sqlite'
/** Where versions before it kept the Demo venue (one JSON file): carried over once, then removed. */
const OLD_DEMO_VENUE_FILE = 'demo-venue.json'

/** The Demo venue by default: small, seeded, live at the pace of a real event (checked every five seconds). */
export const DEFAULT_DEMO: MainPorts['demo'] = { size: 'small', seed: 1, simulateMs: 5000, speed: 1 }

export async function createMainServices(ports: MainPorts): Promise<MainServices> {
  // One process per data folder: two would send the same outbox rows twice.
  const lock = DataFolderLock.acquire(ports.dataDir, ports.processKind ?? 'Matchdesk')
  const closeLog = openLog(ports.dataDir)
  try {
    return await startServices(ports, lock, closeLog)
  } catch (error) {
    log.error('Matchdesk could not start', { err: error })
    closeLog()
    lock.release()
    throw error
  }
}

async function startServices(ports: MainPorts, lock: DataFolderLock, closeLog: () => void): Promise<MainServices> {
  const bus = new EventBus()
  const notices = new NoticeLog(bus)
  const clock = ports.clock ?? systemClock
  const openBrowser = ports.openBrowser ?? (() => Promise.reject(new Error('no browser can be opened here')))
  // The Demo venue is kept in the data folder: it comes back after a restart as it was left.
  const startDemo: SandboxStarter = (credentials) =>
    startSandbox({
      ...(ports.demo ?? DEFAULT_DEMO),
      ...credentials,
      ...(ports.demoKept !== false && {
        stateFile: join(ports.dataDir, DEMO_VENUE_FILE),
        importFrom: join(ports.dataDir, OLD_DEMO_VENUE_FILE),
      }),
    })
  const credentials = ports.credentials ?? new MemoryCredentialStore()
  // This desk's key pair: what it writes into a shared venue's record is signed with it, and it proves the desk.
  const identity = await DeskIdentity.load(credentials)
  // Every IPC call is the page asking: refreshes behind an answer wait until it has been quiet a moment.
  const activity = new PageActivity()
  const connections = await Connections.open({
    identity,
    dataDir: ports.dataDir,
    credentials,
    clock,
    bus,
    activity,
    openBrowser,
    startSandbox: startDemo,
    notices,
    defaultBases: PUBLIC_SERVICE_BASES,
    ...(ports.offline && { offline: ports.offline }),
  })
  /** The active connection's session, asked at each use: what every part below works on. */
  const session = connections.work.session
  /** A stream's name as the local copy has it (undefined: a stream it does not have). */
  const streamName = (streamId: string) => session().cache.get('streams', streamId)?.name
  // OBS follows what the desk publishes; the desk is there once OBS asks for a stream's feed (after start).
  let desk: BroadcastDesk | undefined
  const currentFeed = (streamId: string) => {
    try {
      return desk?.feed(streamId)
    } catch (error) {
      log.debug(`OBS asked for stream ${streamId}'s feed, which the local copy does not have`, { err: error })
      return undefined
    }
  }
  const onAirRecord = new OnAirRecord({
    clock,
    log: () => session().onAirLog,
    currentFeed,
    obsReturnsTo: (streamId) => obs.returnsTo(streamId),
  })
  // The show sequences follow what the desk publishes; their scene steps go to OBS, their overlays to the feed.
  // The shared venue's record of the connection the desk works on, followed in one place for all that acts on it.
  const followers = new VenueFollowers({
    current: () => ({ profileId: connections.active.profile.id, session: session() }),
    onSwitch: (listener) => connections.switched.on(() => listener()),
  })
  // What this desk may change in a shared venue, checked where each change is applied.
  const roleGuard = new VenueRoleGuard(followers)
  const sequences = new SequenceRunner({
    clock,
    store: () => session().sequences,
    showScene: (streamId, role) => obs.showRole(streamId, role),
    replay: (streamId, press) => obs.replays.step(streamId, press),
    happened: (streamId, event, feed) => onAirRecord.happened(streamId, event, feed),
    roles: roleGuard,
    republish: (streamId) => {
      try {
        desk?.refresh(streamId)
      } catch (error) {
        // The stream left the local copy (another connection): nothing to publish.
        log.debug(`a sequence's stream ${streamId} is not published again`, { err: error })
      }
    },
  })
  const obs = new ObsTarget({
    settings: new ObsSettingsFile(ports.dataDir),
    credentials,
    clock,
    bus,
    profileId: () => connections.active.profile.id,
    currentFeed,
    notify: (message) => notices.record('warning', message),
    sceneShown: (streamId, shown) => onAirRecord.sceneShown(streamId, shown),
    highlight: (streamId, title, at) => onAirRecord.highlight(streamId, title, at),
    roles: roleGuard,
    ...(ports.obsRetryMs && { retryMs: ports.obsRetryMs }),
  })
  // The sponsors every feed rotates; their airtime counted from what each live stream and its OBS show.
  const sponsors = new SponsorDesk({
    clock,
    store: () => session().sponsors,
    showing: () =>
      desk?.showing().map((showing) => ({
        ...showing,
        obs: obs.shows(showing.streamId),
        obsOverlays: obs.programOverlays(showing.streamId),
      })) ?? [],
    changed: () => desk?.republishAll(),
  })
  const ticks = new LiveTicks(ports.broadcastRefreshMs ?? 5000)
  const venueAudit = new VenueAudit(followers)
  // A shared venue's streams: this desk's shared with the other desks, theirs shown here.
  const venueStreams = new VenueStreams(connections.work.session, followers)
  const broadcast = (desk = new BroadcastDesk({
    connections,
    clock,
    bus,
    ticks,
    targets: [onAirRecord, sequences, obs],
    sequences,
    sponsors: () => sponsors.rotation(),
    runs: venueStreams,
    roles: roleGuard,
  }))
  venueStreams.attach(broadcast)
  // Each stream's game source: the game's own state (CS2's, Dota 2's, Rocket League's) pressed on the stream's on-air duel.
  const games = new GameSources({
    dataDir: ports.dataDir,
    clock,
    profileId: () => connections.active.profile.id,
    desk: {
      onAirLayer: (streamId) => broadcast.onAirLayer(streamId),
      fromGame: (streamId, presses, cause) => broadcast.fromOutside(streamId, presses, cause, 'game'),
      pressableMatch: (streamId) => {
        const desk = session().producer.desk(streamId)
        return desk.scores === 'service' ? null : desk.onAir
      },
    },
    changed: (streamId) => bus.publish('game:changed', { streamId }),
  })
  // Every change of what a stream shows (an overlay opened, a Take, a scene) is a moment the airtime is counted to.
  bus.subscribe((event) => {
    if (event === 'broadcast:changed' || event === 'obs:changed') sponsors.shownChanged()
  })
  sponsors.start()
  await obs.follow()
  // The venue shared with other desks: this desk's hub hosts it; a desk that joined another's joins it again.
  const sharing = new VenueSharing({
    followers,
    credentials,
    identity,
    app: ports.version,
    streamName,
    ...(ports.venueRetryMs && { retry: ports.venueRetryMs }),
    ...(ports.venueAnswerMs && { deadlineMs: ports.venueAnswerMs }),
    ...(ports.venueElectionTickMs && { electionTickMs: ports.venueElectionTickMs }),
    roles: roleGuard,
  })
  sharing.changed.on((state) => bus.publish('venue:changed', state))
  // A shared venue's desks, their roles and operators, as the Venue view shows them.
  const venueRoles = new VenueRoles(followers, roleGuard, sharing, (roles) => bus.publish('venue:roles', roles))
  // A shared venue's check-ins: one desk writes each person's first check-in (the host names who, when this desk syncs
  // with another).
  const venueCheckins = new VenueCheckins(followers, () => sharing.isMember())
  const decision = new CheckinDecision(connections.work.session, venueCheckins, roleGuard)
  const doors = new DoorDesk({ connections, decision, clock, ticks })
  // Another desk's door checked people in or out: this desk's doors are told, its lists read them again.
  venueCheckins.peopleChanged.on(({ session, participantIds }) => {
    doors.venueChanged(session, participantIds)
    const tournaments = new Set(
      participantIds.flatMap((id) => session.cache.get('participants', id)?.tournament_id ?? []),
    )
    for (const tournamentId of tournaments)
      bus.publish('cache:updated', { resource: 'participants', scope: tournamentId })
  })
  const reports = new PlayerReports(() => (session().db.open ? session().floor : undefined))
  const floor = new FloorDesk({
    players: (stationId, matchId) => reports.of(stationId, matchId),
    connections,
    roles: roleGuard,
    clock,
    bus,
    credentials,
    ticks,
    notify: (message) => notices.record('warning', message),
  })
  const notify = (message: string) => notices.record('warning', message)
  const players = new PlayerDesk({ floor, reports, session, roles: roleGuard, notify, live: broadcast, clock })
  // A shared venue's floor: this desk's stations shared with the other desks, theirs written here.
  const venueFloor = new VenueFloor(connections.work.session, followers, floor)

  // The venue's devices: a desk pairing here is admitted into the venue by the sharing; one revoked here is removed
  // from it; a device of the venue is known through its record.
  const registry = await DeviceRegistry.open(
    ports.dataDir,
    clock,
    credentials,
    (keptAs) =>
      notices.record(
        'warning',
        `The venue devices file was damaged: it was moved aside as ${keptAs}; pair devices again.`,
      ),
    { ...registryVenue(followers), admitDesk: (desk, name, pairingId) => sharing.admit(desk, name, pairingId) },
  )
  const venueDevices = new VenueDevices(followers, registry)
  registry.changed.on(() => bus.publish('hub:changed', {}))
  registry.desksRevoked.on((deskId) => sharing.revokedDesk(deskId))
  sharing.heard.on((deskId) => registry.deskSeen(deskId))
  // A desk of another release trying to join is said once in a while, not at every one of its retries.
  let lastVenueNotice = 0
  const venueNotice = (message: string) => {
    if (clock.now() - lastVenueNotice < 10 * 60_000) return
    lastVenueNotice = clock.now()
    notices.record('warning', message)
  }
  // While the hub is open to the venue network, other desks find it by mDNS under this desk's name.
  const announcement = new VenueAnnouncement()
  const deskName = () => {
    const venue = session().venue
    return venue.view().names.get(venue.deskId) ?? 'Matchdesk'
  }
  // A door paired on a connection keeps checking in there when the desk moves to another one.
  connections.keepOpenFor = (profileId) => registry.servesConnection(profileId)
  // The window's and the device pages' failures, written to main's log.
  const pages = new PageLog()
  const hub =
    ports.hub &&
    (await startHub({
      pages,
      bus,
      desk: broadcast,
      obs,
      sequences,
      sponsors,
      venue: sharing.host,
      venueDesk: () => session().venue.deskId,
      venueDesks: () => session().venue.deskAddresses(),
      app: ports.version,
      venueNotice,
      roles: roleGuard,
      announce: (port) => {
        if (port === null) announcement.stop()
        else announcement.announce({ name: deskName(), port, fingerprint: identity.fingerprint })
        sharing.hubMoved()
      },
      doors,
      floor,
      players,
      registry,
      games,
      layoutsDir: join(ports.dataDir, 'layouts'),
      ...ports.hub,
      onPortTaken: (wanted, got) =>
        notices.record(
          'warning',
          `Port ${wanted} is taken by another program: the broadcast hub is on ${got} for now. ` +
            'OBS sources set up for the usual address need the new one (see Stream desk).',
        ),
      onLayoutsPortTaken: (wanted, got) =>
        notices.record(
          'warning',
          `Port ${wanted} is taken by another program: your layouts are served on ${got} for now (see Venue).`,
        ),
    }))
  sharing.ownAddresses = () => hub?.lan().urls.map((u) => u.url) ?? []
  sharing.hubAddress = () => hub?.lan().urls[0]?.url ?? hub?.url
  sharing.hubMoved()
  const handlers = allHandlers({
    connections,
    app: {
      version: ports.version,
      activeProfile: () => {
        const { id, name, demo } = connections.active.profile
        return { id, name, demo }
      },
      notices: () => notices.list(),
      openBrowser,
    },
    broadcast: { desk: broadcast, record: onAirRecord, sequences, hubUrl: () => hub?.url ?? '' },
    hub: {
      hub,
      registry,
      activeProfileId: () => connections.active.profile.id,
      roles: roleGuard,
      fingerprint: identity.fingerprint,
    },
    decision,
    obs: {
      obs,
      streamName: (streamId) => streamName(streamId) ?? streamId,
      overlayAddress: (streamId, host) => (kind) => obsOverlayAddress(hub?.url, streamId, kind, host),
    },
    floor,
    players,
    games: {
      games,
      roles: roleGuard,
      streamName,
      hubUrl: () => hub?.deviceUrl() ?? '',
      demoBoards: (streamId) => {
        const tournamentId = session().cache.get('streams', streamId)?.tournament_id
        const chess = tournamentId && session().cache.get('tournaments', tournamentId)?.discipline === 'chess'
        return connections.active.profile.demo && chess
          ? `${connections.sandbox.origin}/demo/boards/${tournamentId}.pgn`
          : null
      },
    },
    sponsors,
    venue: { sharing, roles: venueRoles, audit: venueAudit },
    pages,
  })
  await sharing.resume()
  return {
    dispatch: pageAsks(
      activity,
      createDispatch(handlers, undefined, () => connections.onDisk()),
    ),
    bus,
    connections,
    broadcast,
    doors,
    floor,
    registry,
    hub,
    obs,
    ticks,
    sharing,
    venueStreams,
    venueFloor,
    venueCheckins,
    venueRoles,
    venueDevices,
    venueFollowers: followers,
    close: async () => {
      try {
        ticks.close()
        broadcast.close()
        games.close()
        sequences.close()
        sponsors.close()
        sharing.close()
        venueStreams.close()
        venueFloor.close()
        venueDevices.close()
        followers.close()
        await obs.close()
        doors.close()
        floor.close()
        await hub?.close()
        await connections.close()
      } finally {
        closeLog()
        lock.release()
      }
    },
  }
}

/** The dispatcher, noting each call as the page asking (PageActivity). */
function pageAsks(activity: PageActivity, dispatch: Dispatch): Dispatch {
  return (channel, input) => {
    activity.asked()
    return dispatch(channel, input)
  }
}
