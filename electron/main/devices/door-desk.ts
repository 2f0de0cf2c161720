// The doors' desk: a door's list (names, state, when and where only), its scans and taps handed to the one check-in
// decision (services/checkin-decision.ts, which the desk's Check-in view uses too), and the list's changes for the
// doors' live streams.
import { wordsFor, type ViewerLocale, type Words } from '../../../shared/broadcast/words'
import type { Participant } from '../../../shared/api'
import type { DoorOutcome, DoorParticipant } from '../../../shared/venue/door'
import type { CheckinSession } from '../venue/venue-followers'
import { AppError } from '../app-error'
import { moduleLog } from '../log'
import type { Clock } from '../clock'
import type { CheckinPlace } from '../store/checkin-places'
import type { CheckinDecision, ScanSource } from '../services/checkin-decision'
import type { Connections } from '../services/connections'
import type { OfflineSession } from '../services/offline-session'
import { SessionFollower } from '../services/session-follower'
import type { Interest, LiveTicks } from '../services/live-ticks'

/** Said to door staff when the connection the door was paired on is no longer on the desk. */
export const DOOR_CONNECTION_GONE =
  'This door’s connection was removed from the desk, so it takes no check-ins. Ask the desk to pair it again ' +
  '(Venue → Add a device).'

export interface DoorDeskPorts {
  connections: Connections
  /** The one check-in decision, shared with the desk's Check-in view. */
  decision: CheckinDecision
  clock: Clock
  /** The live ticks that read again, with the other desks', what the doors' lists show. */
  ticks?: LiveTicks
}

/** A batch of changed participants, one object for every door (its JSON is made once). */
type Listener = (changed: { participants: DoorParticipant[] }) => void

/** One door list: a tournament on a connection (the profile the doors were paired on; '' for the active one). */
interface ListScope {
  connection: string
  tournamentId: string
}

const log = moduleLog('door-desk')
/** A door list's key: doors of one tournament paired on two connections follow two lists. */
const listKey = ({ connection, tournamentId }: ListScope) => `${connection}\u0000${tournamentId}`

export class DoorDesk {
  /** Each followed door list (by listKey): its doors, what they were last told, who may have changed since. */
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly scopes = new Map<string, ListScope>()
  private readonly told = new Map<string, Map<string, string>>()
  /** Who may have changed since the doors were last told, per list: these ids, or anyone ('all'). */
  private readonly dirty = new Map<string, Set<string> | 'all'>()
  private readonly follower: SessionFollower
  private readonly decision: CheckinDecision
  /** The session watched for each connection doors follow (replaced when that connection's session is new). */
  private readonly watched = new Map<string, { session: OfflineSession; stop: () => void }>()
  private readonly stopTicks: () => void

  constructor(private readonly ports: DoorDeskPorts) {
    this.decision = ports.decision
    this.follower = new SessionFollower({
      connections: ports.connections,
      // Doors follow their own connection's session, which may not be the active one: watched per connection below.
      watch: () => () => undefined,
      settled: (lists) => this.tell(lists),
      // The desk moved: each door list's session is watched wherever it now is, and looked at again.
      switched: () => {
        for (const connection of new Set([...this.scopes.values()].map((scope) => scope.connection)))
          this.watch(connection)
        for (const key of this.listeners.keys()) {
          this.mark(key, undefined)
          this.follower.changed(key)
        }
      },
    })
    this.stopTicks = ports.ticks?.follow(() => this.interests()) ?? (() => undefined)
  }

  /**
   * People another desk of the venue checked in or out (on `session`'s connection): the door lists they are on are
   * looked at again, so every door says what the venue says.
   */
  venueChanged(session: CheckinSession, participantIds: readonly string[]): void {
    for (const [key, scope] of this.scopes) {
      let same = false
      try {
        same = this.sessionFor(scope.connection) === session
      } catch (error) {
        log.debug(`the doors of connection ${scope.connection} have none open`, { err: error })
        continue
      }
      if (!same) continue
      this.mark(key, participantIds)
      this.follower.changed(key)
    }
  }

  /** The language the door's staff read (the tournament's, on the door's connection). */
  locale(tournamentId: string, profileId?: string): ViewerLocale {
    return this.sessionFor(profileId ?? '').localeOf(tournamentId)
  }

  /** The tournament's name in the door's connection, or null when that connection has not read it. */
  tournamentName(tournamentId: string, profileId?: string): string | null {
    return this.sessionFor(profileId ?? '').cache.get('tournaments', tournamentId)?.name ?? null
  }

  /**
   * A door's tournament read into the desk's local copy when the desk has not opened it — a door that moved here from
   * another desk of the venue, its own gone: its people, and the tournament's name.
   */
  async know(tournamentId: string, profileId?: string): Promise<void> {
    const session = this.sessionFor(profileId ?? '')
    if (session.cache.holdsAny('participants', tournamentId)) return
    await session.reads.refresh('participants', tournamentId)
    if (!session.cache.has('tournaments', tournamentId)) await session.reads.refresh('tournaments', 'all')
  }

  /** Everyone a door may check in, by name. */
  list(tournamentId: string, profileId?: string): DoorParticipant[] {
    return this.decide(profileId, () => this.decision.people(tournamentId))
  }

  /**
   * A badge code scanned or typed at a door, decided as at every place of check-in; `scanId` (the door's own id of the
   * scan) makes the same scan sent again, here or at another desk of the venue, say the same and write nothing.
   */
  scan(tournamentId: string, code: string, place: string, profileId?: string, from?: ScanSource): Promise<DoorOutcome> {
    const words = wordsFor(this.locale(tournamentId, profileId))
    return this.write(profileId, () =>
      refusedIn(words, () => this.decision.scan(tournamentId, code, place, words, from)),
    )
  }

  /** A tap at a door: checks in or out, as at every place of check-in. */
  set(
    tournamentId: string,
    participantId: string,
    checkedIn: boolean,
    place: string,
    profileId?: string,
    from?: ScanSource,
  ): Promise<DoorOutcome> {
    const words = wordsFor(this.locale(tournamentId, profileId))
    return this.write(profileId, () =>
      refusedIn(words, () => this.decision.set(tournamentId, participantId, checkedIn, place, words, from)),
    )
  }

  /** Follows a door list (a tournament on the door's connection): each batch of changed participants. */
  subscribe(tournamentId: string, listener: Listener, profileId?: string): () => void {
    const scope = { connection: profileId ?? '', tournamentId }
    const key = listKey(scope)
    const set = this.listeners.get(key) ?? new Set<Listener>()
    this.scopes.set(key, scope)
    this.watch(scope.connection)
    if (!this.told.has(key)) this.told.set(key, this.fingerprints(key).prints)
    set.add(listener)
    this.listeners.set(key, set)
    return () => {
      set.delete(listener)
      if (set.size > 0) return
      this.listeners.delete(key)
      this.told.delete(key)
      this.dirty.delete(key)
      this.scopes.delete(key)
      if (![...this.scopes.values()].some((other) => other.connection === scope.connection)) {
        this.watched.get(scope.connection)?.stop()
        this.watched.delete(scope.connection)
      }
    }
  }

  close(): void {
    this.follower.close()
    this.stopTicks()
    for (const { stop } of this.watched.values()) stop()
    this.watched.clear()
  }

  /** The session of a connection doors were paired on ('' for doors paired before that was kept: the desk's). */
  private sessionFor(connection: string): OfflineSession {
    const session = connection ? this.ports.connections.sessionOf(connection) : this.ports.connections.work.session()
    if (!session) throw new AppError('conflict', DOOR_CONNECTION_GONE)
    return session
  }

  private decide<T>(profileId: string | undefined, work: () => T): T {
    return this.decision.within(this.sessionFor(profileId ?? ''), work)
  }

  /** A decision that may write: answered once what it wrote is on disk. */
  private async write<T>(profileId: string | undefined, work: () => T): Promise<T> {
    const session = this.sessionFor(profileId ?? '')
    const outcome = this.decision.within(session, work)
    await session.onDisk()
    return outcome
  }

  /**
   * Watches the changes of a connection's session for its door lists: once per session, the old one let go when the
   * connection's session is a new one (opened again after a reset, or the active one changed for older doors).
   */
  private watch(connection: string): void {
    let session: OfflineSession
    try {
      session = this.sessionFor(connection)
    } catch (error) {
      // The doors asking next are told the connection is gone (409); nothing of it to watch meanwhile.
      log.debug(`the doors of connection ${connection} are not watched: it is not open`, { err: error })
      return
    }
    const current = this.watched.get(connection)
    if (current?.session === session) return
    current?.stop()
    // A check-in and its sending (when "waiting" ends) each name their participant: only they are looked at again.
    // A change that names nobody (a refresh whose list moved, a discarded write) looks at everyone.
    const stop = session.changes.on(({ resource, tournamentId, ids }) => {
      const key = listKey({ connection, tournamentId })
      if (resource !== 'participants' || !this.listeners.has(key)) return
      this.mark(key, ids)
      this.follower.changed(key)
    })
    this.watched.set(connection, { session, stop })
  }

  private mark(key: string, ids: readonly string[] | undefined): void {
    const now = this.dirty.get(key)
    if (now === 'all') return
    if (!ids) return void this.dirty.set(key, 'all')
    const set = now ?? new Set<string>()
    ids.forEach((id) => set.add(id))
    this.dirty.set(key, set)
  }

  /** Tells each door list's doors who changed since they were last told. */
  private tell(lists: ReadonlySet<string>): void {
    for (const key of lists) {
      const listeners = this.listeners.get(key)
      if (!listeners) continue
      const only = this.dirty.get(key) ?? 'all'
      this.dirty.delete(key)
      const before = this.told.get(key) ?? new Map<string, string>()
      let seen
      try {
        seen = this.fingerprints(key, only === 'all' ? undefined : only)
      } catch (error) {
        // The door's connection is gone: its doors are told so when they next ask.
        log.debug(`the doors of ${key} are not told of changes: their connection is not open`, { err: error })
        continue
      }
      const { prints, rows, places, moment } = seen
      const changed = [...prints]
        .filter(([id, print]) => before.get(id) !== print)
        .map(([id]) => this.decision.personWith(JSON.parse(rows.get(id)!) as Participant, places.get(id), moment))
      if (only === 'all') this.told.set(key, prints)
      else for (const [id, print] of prints) before.set(id, print)
      if (changed.length === 0) continue
      const batch = { participants: changed }
      for (const listener of listeners) listener(batch)
    }
  }

  /** A live tick of each followed list: rolling windows of a large list (4 requests), not the whole list again. */
  /** What the doors' lists show, for the live ticks: a window of each list's participants at every tick. */
  private *interests(): Iterable<Interest> {
    for (const { connection, tournamentId } of this.scopes.values()) {
      const session = this.ports.connections.sessionOf(connection || this.ports.connections.active.profile.id)
      if (session) yield { session, tournamentId, participants: 'each', look: true }
    }
  }

  /**
   * What each participant looks like to a door, as text (the cached row, its place, waiting or not), without parsing
   * the list: only those whose text changed are built and sent. `ids`: only these (and not those no longer listed).
   */
  private fingerprints(key: string, ids?: ReadonlySet<string>) {
    const { connection, tournamentId } = this.scopes.get(key)!
    const session = this.sessionFor(connection)
    const rows = ids
      ? session.cache.rowsOf('participants', tournamentId, ids)
      : session.cache.rows('participants', tournamentId)
    const places = ids ? this.placesOf(session, rows.keys()) : session.places.all()
    const moment = this.decision.within(session, () => this.decision.moment())
    const prints = new Map<string, string>()
    // In a shared venue a check-in is the venue's: another desk's scan changes what this door says too.
    const shared = session.venue.isShared()
    for (const [id, row] of rows) {
      const place = places.get(id)
      const scan = shared ? session.venue.checkins.checkedInScan(id) : undefined
      const venue = scan ? `${scan.scanId}@${scan.at}` : ''
      prints.set(
        id,
        `${row}|${place ? `${place.at}@${place.place}` : ''}|${moment.waiting.has(`participant:${id}`)}|${venue}`,
      )
    }
    return { prints, rows, places, moment }
  }

  /** Where and when these participants were checked in here (one lookup each, not the whole venue's). */
  private placesOf(session: OfflineSession, ids: Iterable<string>): Map<string, CheckinPlace> {
    const places = new Map<string, CheckinPlace>()
    for (const id of ids) {
      const place = session.places.of(id)
      if (place) places.set(id, place)
    }
    return places
  }
}

/**
 * A scan or tap the door's desk may not make (its role, or the role of the desk that paired the door, cannot check
 * people in): answered as a refused scan in the door's words — the door says what to do, not "unknown code".
 */
function refusedIn(words: Words, decide: () => DoorOutcome): DoorOutcome {
  try {
    return decide()
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'forbidden') throw error
    return { outcome: 'refused', participant: null, candidates: [], message: words.words.checkin.notAllowed }
  }
}
