// The venue floor's commands: stations per tournament, the match on each (by hand or auto-assigned), calls with their
// DQ deadline and who has arrived, the webhook's address; each answers the floor's new state (`floor-view.ts`, a pure
// function) and tells the desk, the venue boards and the doors (`floor-announcer.ts`). A station is freed when its
// match gets its result on the service. Nothing here writes to the service: the interface has no stations.
import { wordsFor } from '../../../shared/broadcast/words'
import { matchLabels } from '../../../shared/bracket/match-labels'
import { autoAssign, isPlayable, readyMatches } from '../../../shared/floor/auto-assign'
import {
  DQ_DEFAULT_S,
  STATION_NAME_MAX,
  STATIONS_MAX,
  type BoardState,
  type CallNotice,
  type FloorState,
  type StationView,
} from '../../../shared/floor/floor'
import type { StationPlayers } from '../../../shared/floor/players'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import { Signal } from '../signal'
import type { EventBus } from '../event-bus'
import type { StationRow } from '../store/floor-store'
import { webhookSecretsOf, type CredentialStore } from '../secrets/credential-store'
import type { Connections } from '../services/connections'
import { SessionFollower } from '../services/session-follower'
import type { Interest, LiveTicks } from '../services/live-ticks'
import { discordMessage, FloorWebhook, webhookAddress } from './floor-webhook'
import { FloorAnnouncer, type BoardListener, type CallListener, type FloorListener } from './floor-announcer'
import {
  boardOf,
  finishedOnFloor,
  floorStations,
  floorView,
  noticeOf,
  readySources,
  standing,
  withFinishedFreed,
  type FloorParts,
} from './floor-view'
import { moduleLog } from '../log'
import type { RoleGuard } from '../venue/venue-role-guard'

const log = moduleLog('floor-desk')

export interface FloorDeskPorts {
  connections: Connections
  clock: Clock
  bus: EventBus
  credentials: CredentialStore
  /** The live ticks that read again, with the other desks', what a followed floor shows. */
  ticks?: LiveTicks
  /** A webhook's refusal, for the person (the notice log). */
  notify?(message: string): void
  /** This desk's role in a shared venue: every command is checked against it here, whoever asked. */
  roles?: RoleGuard
  /** What a station's players reported, and its one-time code (the players' phones); none in some tests. */
  players?: StationPlayersOf
}

/** A floor the desk looked at is followed (pushed to it, read again) this long. */
const OPEN_MS = 10 * 60_000

/** A tournament's floor before anything is set: a 5-minute DQ timer, no webhook. */
const NO_SETTINGS = { dqSeconds: DQ_DEFAULT_S, webhookHost: null }

/** A station's players' code and report, for its match. */
export type StationPlayersOf = (stationId: string, matchId: string) => StationPlayers

export class FloorDesk {
  /** Every change of a tournament's floor, with why when no person's command made it (the shared venue shares it). */
  readonly changes = new Signal<{ tournamentId: string; cause: string | null }>()
  private readonly announcer = new FloorAnnouncer((tournamentId) => this.session().localeOf(tournamentId))
  /** Tournaments whose floor the desk opened, and when last: their changes are pushed to it for a while. */
  private readonly opened = new Map<string, number>()
  private readonly follower: SessionFollower
  private readonly webhook: FloorWebhook
  /** Tournaments whose webhook has a host but whose address is not in the keychain (lost with the secrets). */
  private readonly addressMissing = new Set<string>()
  private readonly stopTicks: () => void

  constructor(private readonly ports: FloorDeskPorts) {
    this.webhook = new FloorWebhook({
      clock: ports.clock,
      store: () => (this.session().db.open ? this.session().floor : undefined),
      urlOf: (tournamentId) => this.webhookUrl(tournamentId),
      changed: (tournamentId) => this.followed(tournamentId) && this.announce(tournamentId, 'a webhook call was sent'),
      refused: (message) => ports.notify?.(message),
    })
    this.follower = new SessionFollower({
      connections: ports.connections,
      watch: (session, changed) =>
        session.changes.on((change) => {
          // The service's matches, people, streams and links; of the producer's desk, only what a Take puts on air.
          const heard =
            change.resource === 'producer'
              ? change.part === 'on-air'
              : ['nodes', 'participants', 'streams', 'match-streams'].includes(change.resource)
          if (heard && this.followed(change.tournamentId)) changed(change.tournamentId)
        }),
      settled: (tournaments) =>
        tournaments.forEach((id) => this.announce(id, 'the service’s results and matches changed')),
      switched: () => {
        // What the desk looked at was the other connection's: only devices' tournaments are followed on.
        this.opened.clear()
        this.webhook.kick()
        this.allFollowed().forEach((id) => this.follower.changed(id))
      },
    })
    this.stopTicks = ports.ticks?.follow(() => this.interests()) ?? (() => undefined)
    // Calls queued before a restart go out now.
    this.webhook.kick()
  }

  /** The floor of a tournament as the desk shows it; the desk is told of its changes from now on. */
  state(tournamentId: string): FloorState {
    // A floor opened anew is read at once (which matches are on streams, what finished), not at the next tick.
    if (!this.followed(tournamentId)) this.ports.ticks?.tickSoon()
    this.opened.set(tournamentId, this.ports.clock.now())
    // Whether the webhook's address is still in the keychain (web mode keeps secrets in memory): said once known.
    if (this.store().settings(tournamentId, NO_SETTINGS).webhookHost) void this.webhookUrl(tournamentId)
    return this.view(tournamentId)
  }

  /** The webhook's address from the keychain; noting (and announcing) when it is missing or back. */
  private async webhookUrl(tournamentId: string): Promise<string | undefined> {
    const url = await this.ports.credentials
      .get(this.webhookOwner(tournamentId), 'webhook-url')
      .catch(log.failed('reading the webhook address'))
    const missing = url === undefined && this.store().settings(tournamentId, NO_SETTINGS).webhookHost !== null
    if (missing !== this.addressMissing.has(tournamentId)) {
      if (missing) this.addressMissing.add(tournamentId)
      else this.addressMissing.delete(tournamentId)
      if (this.followed(tournamentId)) this.announce(tournamentId)
    }
    return url
  }

  /** What a venue board shows: names and stations (no webhook, no participant ids or check-in state). */
  board(tournamentId: string): BoardState {
    return boardOf(this.view(tournamentId), this.session().localeOf(tournamentId))
  }

  /** "Station 1–24": `prefix` and each number from `from` to `to` (at most STATIONS_MAX in all). */
  createStations(tournamentId: string, prefix: string, from: number, to: number): FloorState {
    this.ports.roles?.check('floor')
    if (to < from) throw refused('to', `to: at least ${from}`)
    if (`${prefix} ${to}`.length > STATION_NAME_MAX)
      throw refused('prefix', `prefix: “${prefix} ${to}” is over ${STATION_NAME_MAX} characters: shorten the name`)
    const count = to - from + 1
    const have = this.store().stations(tournamentId).length
    if (have + count > STATIONS_MAX)
      throw refused(
        'to',
        `a tournament has at most ${STATIONS_MAX} stations (${have} now): make ${STATIONS_MAX - have} or fewer`,
      )
    this.store().addStations(
      tournamentId,
      Array.from({ length: count }, (_, i) => `${prefix} ${from + i}`),
    )
    return this.changed(tournamentId)
  }

  updateStation(
    tournamentId: string,
    stationId: string,
    change: { name?: string; outOfOrder?: boolean; streamId?: string | null },
  ): FloorState {
    this.ports.roles?.check('floor')
    const station = this.station(tournamentId, stationId)
    if (change.streamId) {
      const stream = this.session().cache.get('streams', change.streamId)
      if (!stream || stream.tournament_id !== tournamentId)
        throw refused('streamId', 'streamId: not a stream of this tournament in the local copy')
    }
    this.store().updateStation(station.id, change)
    // Out of order, or now a stream's: the floor match on it goes back to the ready list.
    if (change.outOfOrder || change.streamId !== undefined) this.store().unassign([station.id])
    return this.changed(tournamentId)
  }

  deleteStation(tournamentId: string, stationId: string): FloorState {
    this.ports.roles?.check('floor')
    this.store().deleteStation(this.station(tournamentId, stationId).id)
    return this.changed(tournamentId)
  }

  /** Puts a ready match on a free floor station (by hand: drag or keys at the desk). */
  assign(tournamentId: string, stationId: string, matchId: string): FloorState {
    this.ports.roles?.check('floor')
    const parts = this.freshParts(tournamentId)
    const station = this.station(tournamentId, stationId)
    if (station.outOfOrder) throw refused('stationId', `${station.name} is out of order`)
    if (station.streamId) throw refused('stationId', `${station.name} plays its stream's matches`)
    const node = parts.nodes.get(matchId)
    if (!node) throw new AppError('not_found', `Match ${matchId} is not in the local copy of this bracket.`)
    const label = parts.labels.get(matchId)?.long ?? `Match ${node.number}`
    if (!isPlayable(node))
      throw refused('matchId', `${label} is not ready: its opponents are not all known, or it was played`)
    const links = this.session().cache.linksOfTournament(tournamentId)
    if ((links.get(matchId) ?? []).length > 0) throw refused('matchId', `${label} is queued on a stream`)
    const elsewhere = [...parts.assignments.values()].find((a) => a.matchId === matchId && a.stationId !== station.id)
    if (elsewhere) {
      const other = parts.stations.find((s) => s.id === elsewhere.stationId)
      throw refused('matchId', `${label} is already on ${other?.name ?? 'another station'}`)
    }
    if (parts.assignments.has(station.id))
      throw refused('stationId', `${station.name} has a match already: free the station first`)
    const ready = new Set(
      readyMatches(readySources(parts, this.lookups(tournamentId)), floorStations(parts)).map((n) => n.id),
    )
    if (!ready.has(matchId)) throw refused('matchId', `${label}: one of its players is on another station now`)
    this.store().assign(station.id, matchId, this.ports.clock.now())
    return this.changed(tournamentId)
  }

  unassign(tournamentId: string, stationId: string): FloorState {
    this.ports.roles?.check('floor')
    this.store().unassign([this.station(tournamentId, stationId).id])
    return this.changed(tournamentId)
  }

  /** Fills every free floor station with the best ready matches. */
  autoAssign(tournamentId: string): FloorState {
    this.ports.roles?.check('floor')
    const parts = this.freshParts(tournamentId)
    const now = this.ports.clock.now()
    for (const { stationId, matchId } of autoAssign(
      readySources(parts, this.lookups(tournamentId)),
      floorStations(parts),
    ))
      this.store().assign(stationId, matchId, now)
    return this.changed(tournamentId)
  }

  /** Calls a station's match (again, when called before: the DQ timer starts over). */
  call(tournamentId: string, stationId: string): FloorState {
    this.ports.roles?.check('floor')
    const state = this.view(tournamentId)
    const station = state.stations.find((s) => s.id === stationId)
    if (!station) throw new AppError('not_found', `Station ${stationId} is not on this tournament's floor.`)
    if (!station.match) throw refused('stationId', `${station.name} has no match to call`)
    const now = this.ports.clock.now()
    const store = this.store()
    // A stream's station calls the stream's match: it is recorded on the station so its call is kept.
    if (station.stream && !station.call) store.assign(station.id, station.match.id, now)
    store.call(station.id, now, now + state.dqSeconds * 1000, station.match.opponents.length)
    const next = this.changed(tournamentId)
    this.tellCall(
      tournamentId,
      next.stations.find((s) => s.id === stationId)!,
    )
    return next
  }

  /** Calls the first station whose match is not called yet, filling free stations first when none waits. */
  callNext(tournamentId: string): FloorState {
    this.ports.roles?.check('floor')
    const waiting = () => this.view(tournamentId).stations.find((s) => s.match && !s.call && !s.outOfOrder)
    const first = waiting() ?? (this.autoAssign(tournamentId), waiting())
    if (!first) throw refused('tournamentId', 'Nothing is ready to call: every ready match is on a station and called')
    return this.call(tournamentId, first.id)
  }

  /** Station N (1-based, as Companion's buttons name them). */
  stationNumbered(tournamentId: string, number: number): string {
    const station = this.store()
      .stations(tournamentId)
      .find((s) => s.number === number)
    if (!station) throw new AppError('not_found', `There is no station ${number} on this tournament's floor.`)
    return station.id
  }

  /** One opponent is at the station (or not after all); when all are, the DQ timer stops. */
  arrived(tournamentId: string, stationId: string, opponent: number, arrived: boolean): FloorState {
    this.ports.roles?.check('floor')
    const call = this.freshParts(tournamentId).assignments.get(this.station(tournamentId, stationId).id)
    if (!call?.calledAt) throw refused('stationId', 'this station’s match is not called')
    if (opponent >= call.arrived.length) throw refused('opponent', `opponent: 0 to ${call.arrived.length - 1}`)
    this.store().setArrived(
      stationId,
      call.arrived.map((was, i) => (i === opponent ? arrived : was)),
    )
    return this.changed(tournamentId)
  }

  uncall(tournamentId: string, stationId: string): FloorState {
    this.ports.roles?.check('floor')
    this.store().uncall(this.station(tournamentId, stationId).id)
    return this.changed(tournamentId)
  }

  /** The DQ timer's length and the webhook's address (null removes it; absent keeps it). */
  async settings(
    tournamentId: string,
    change: { dqSeconds?: number; webhookUrl?: string | null },
  ): Promise<FloorState> {
    this.ports.roles?.check('floor')
    const current = this.store().settings(tournamentId, NO_SETTINGS)
    let webhookHost = current.webhookHost
    const owner = this.webhookOwner(tournamentId)
    if (change.webhookUrl === null || change.webhookUrl === '') {
      await this.ports.credentials.delete(owner, 'webhook-url')
      this.store().forgetWebhook(tournamentId)
      webhookHost = null
    } else if (change.webhookUrl !== undefined) {
      const address = webhookAddress(change.webhookUrl)
      await this.ports.credentials.set(owner, 'webhook-url', address.toString())
      webhookHost = address.host
      this.addressMissing.delete(tournamentId)
      // Calls that waited (for an address lost with the secrets, or for a receiver down) go out now.
      this.store().webhookDue(tournamentId, this.ports.clock.now())
    }
    this.store().setSettings(tournamentId, { dqSeconds: change.dqSeconds ?? current.dqSeconds, webhookHost })
    this.webhook.kick()
    return this.changed(tournamentId)
  }

  /** Follows a tournament's board: the current state at once, then each change. */
  subscribeBoard(tournamentId: string, listener: BoardListener): () => void {
    return this.announcer.subscribeBoard(tournamentId, listener)
  }

  /** Follows a tournament's whole floor (the players' pages, each reading its own part). */
  subscribeFloor(tournamentId: string, listener: FloorListener): () => void {
    return this.announcer.subscribeFloor(tournamentId, listener)
  }

  /** The floor as it is now, for the players' pages: reading it opens nothing at the desk. */
  read(tournamentId: string): FloorState {
    return this.view(tournamentId)
  }

  /** A station's players reported (or staff answered them, `why` says which): everyone following the floor is told. */
  reported(tournamentId: string, why: string): FloorState {
    return this.announce(tournamentId, why)
  }

  /** Follows a tournament's calls (door phones). */
  subscribeCalls(tournamentId: string, listener: CallListener): () => void {
    return this.announcer.subscribeCalls(tournamentId, listener)
  }

  /** The calls that stand now (someone still to arrive), as a door that just connected is told them. */
  standingCalls(tournamentId: string): CallNotice[] {
    const words = wordsFor(this.session().localeOf(tournamentId))
    return this.view(tournamentId).stations.flatMap((station) => (standing(station) ? [noticeOf(station, words)] : []))
  }

  close(): void {
    this.follower.close()
    this.stopTicks()
    this.webhook.close()
  }

  /** After a command: the new state, told to the desk and the boards. */
  private changed(tournamentId: string): FloorState {
    this.opened.set(tournamentId, this.ports.clock.now())
    return this.announce(tournamentId)
  }

  /**
   * Tells the desk, the boards and the venue; `cause`: why, when no person's command changed it; `elsewhere`: another
   * desk of the venue changed it (its calls ring this desk's doors too).
   */
  private announce(tournamentId: string, cause: string | null = null, elsewhere = false): FloorState {
    const state = this.view(tournamentId, this.freshParts(tournamentId))
    if (this.isOpen(tournamentId)) this.ports.bus.publish('floor:changed', state)
    this.announcer.changed(state, elsewhere)
    this.changes.emit({ tournamentId, cause })
    return state
  }

  /** Another desk of the shared venue changed this floor (its stations are in the store already): told as any change. */
  changedElsewhere(tournamentId: string): void {
    if (this.session().db.open) this.announce(tournamentId, 'another desk changed it', true)
  }

  /** A call reaches every door of the tournament and, when set, the webhook (queued until it answers). */
  private tellCall(tournamentId: string, station: StationView): void {
    const { match, call } = station
    if (!match || !call) return
    const notice = this.announcer.called(tournamentId, station)
    const words = wordsFor(this.session().localeOf(tournamentId))
    const minutes = Math.round((call.deadline - call.calledAt) / 60_000)
    const late = call.times > 1 ? ` ${words.words.floor.calledAgain}` : ''
    const report = words.count(words.words.floor.reportWithin, minutes)
    this.tellWebhook(tournamentId, `${notice.text}${late} · ${match.label} · ${report}`, call.calledAt)
  }

  /** A line for the floor's webhook (a Discord channel), when one is set: queued until it answers. */
  tellWebhook(tournamentId: string, text: string, at = this.ports.clock.now()): void {
    if (!this.store().settings(tournamentId, NO_SETTINGS).webhookHost) return
    this.store().queueWebhook(tournamentId, discordMessage(text), at)
    this.webhook.kick()
  }

  /** The floor as it is now (reading it changes nothing: `floor-view.ts`). */
  private view(tournamentId: string, parts = this.parts(tournamentId)): FloorState {
    const { cache, producer } = this.session()
    return floorView(tournamentId, parts, {
      ...this.lookups(tournamentId),
      tournamentName: cache.get('tournaments', tournamentId)?.name ?? '',
      settings: this.store().settings(tournamentId, NO_SETTINGS),
      webhook: this.store().webhookWaiting(tournamentId),
      webhookMissing: this.addressMissing.has(tournamentId),
      streamName: (streamId) => cache.get('streams', streamId)?.name,
      streamDesk: (streamId) => ({ onAir: producer.desk(streamId).onAir, order: producer.order(streamId) }),
      players: this.ports.players,
      now: this.ports.clock.now(),
    })
  }

  /** What ready matches are worked out from: the stream links and who is checked in, from the local copy. */
  private lookups(tournamentId: string) {
    const { cache } = this.session()
    return {
      links: cache.linksOfTournament(tournamentId),
      checkedIn: (participantId: string) => cache.get('participants', participantId)?.checked_in,
    }
  }

  /** A floor station whose match was played is free again, in the store too (before the floor is told). */
  private freeFinished(parts: FloorParts): FloorParts {
    const done = finishedOnFloor(parts)
    if (done.length === 0) return parts
    this.store().unassign(done.map((a) => a.stationId))
    return withFinishedFreed(parts)
  }

  /** A command's parts: the stations of played matches freed first, as the floor shows them. */
  private freshParts(tournamentId: string): FloorParts {
    return this.freeFinished(this.parts(tournamentId))
  }

  private parts(tournamentId: string): FloorParts {
    const nodes = this.session().cache.list('nodes', tournamentId)
    return {
      nodes: new Map(nodes.map((n) => [n.id, n])),
      labels: matchLabels(nodes),
      stations: this.store().stations(tournamentId),
      assignments: this.store().assignments(tournamentId),
    }
  }

  private station(tournamentId: string, stationId: string): StationRow {
    const station = this.store()
      .stations(tournamentId)
      .find((s) => s.id === stationId)
    if (!station) throw new AppError('not_found', `Station ${stationId} is not on this tournament's floor.`)
    return station
  }

  /** The desk looked at this floor (or acted on it) within the last ten minutes. */
  private isOpen(tournamentId: string): boolean {
    return this.ports.clock.now() - (this.opened.get(tournamentId) ?? -Infinity) < OPEN_MS
  }

  private followed(tournamentId: string): boolean {
    return this.isOpen(tournamentId) || this.announcer.heard(tournamentId)
  }

  /** The tournaments whose floor is followed now (read again from the service every few seconds). */
  following(): string[] {
    return this.allFollowed()
  }

  private allFollowed(): string[] {
    return [...new Set([...this.opened.keys(), ...this.announcer.tournaments()])].filter((id) => this.followed(id))
  }

  /**
   * What frees or fills stations, for the live ticks: the bracket's frontier and the matches on stations, the links
   * that keep queued matches off stations, check-ins every fourth time; for each followed tournament.
   */
  private *interests(): Iterable<Interest> {
    const session = this.session()
    for (const tournamentId of this.allFollowed()) {
      const nodes = new Set([...session.floor.assignments(tournamentId).values()].map((a) => a.matchId))
      yield { session, tournamentId, nodes, participants: 'slow', links: true, look: true }
    }
  }

  private webhookOwner(tournamentId: string): string {
    return webhookSecretsOf(this.ports.connections.active.profile.id, tournamentId)
  }

  private store() {
    return this.session().floor
  }

  private session() {
    return this.follower.session
  }
}

export function refused(field: string, message: string): AppError {
  return new AppError('validation', message, { [field]: message })
}
