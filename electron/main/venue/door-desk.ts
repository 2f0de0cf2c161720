// The doors' desk: a door's list (names, state, when and where only), its scans and taps handed to the one check-in
// decision (services/checkin-decision.ts, which the desk's Check-in view uses too), and the list's changes for the
// doors' live streams.
import type { Participant } from '../../../shared/api'
import type { DoorOutcome, DoorParticipant } from '../../../shared/venue/door'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { CheckinPlace } from '../offline/checkin-places'
import type { CheckinDecision } from '../services/checkin-decision'
import type { Connections } from '../services/connections'
import type { OfflineSession } from '../services/offline-session'
import { SessionFollower } from '../services/session-follower'

/** Said to door staff when the connection the door was paired on is no longer on the desk. */
export const DOOR_CONNECTION_GONE =
  'This door’s connection was removed from the desk, so it takes no check-ins. Ask the desk to pair it again ' +
  '(Venue → Add a device).'

export interface DoorDeskPorts {
  connections: Connections
  /** The one check-in decision, shared with the desk's Check-in view. */
  decision: CheckinDecision
  clock: Clock
  /** How often a tournament some door watches is read again from the service (ms); 0: never by itself. */
  refreshMs?: number
}

/** A batch of changed participants, one object for every door (its JSON is made once). */
type Listener = (changed: { participants: DoorParticipant[] }) => void

export class DoorDesk {
  private readonly listeners = new Map<string, Set<Listener>>()
  /** What each watched tournament's doors were last told, to send only what changed. */
  private readonly told = new Map<string, Map<string, string>>()
  /** Who may have changed since the doors were last told, per tournament: these ids, or anyone ('all'). */
  private readonly dirty = new Map<string, Set<string> | 'all'>()
  private readonly follower: SessionFollower
  private readonly decision: CheckinDecision
  /** The connection each followed tournament's doors were paired on (undefined: the active one). */
  private readonly profileOf = new Map<string, string | undefined>()
  /** Sessions whose changes are watched for doors (a door's connection may not be the desk's active one). */
  private readonly watched = new Map<OfflineSession, () => void>()

  constructor(private readonly ports: DoorDeskPorts) {
    this.decision = ports.decision
    this.follower = new SessionFollower({
      connections: ports.connections,
      // A check-in and its sending (when "waiting" ends) each name their participant: only they are looked at again.
      // A change that names nobody (a refresh whose list moved, a discarded write) looks at everyone.
      watch: (session, changed) =>
        session.changes.on(({ resource, tournamentId, ids }) => {
          if (resource !== 'participants' || !this.listeners.has(tournamentId)) return
          this.mark(tournamentId, ids)
          changed(tournamentId)
        }),
      settled: (tournaments) => this.tell(tournaments),
      // Each door keeps its own connection's session: its changes are watched wherever that session now is.
      switched: () =>
        [...this.listeners.keys()].forEach((tournamentId) => {
          this.watchSessionOf(tournamentId)
          this.mark(tournamentId, undefined)
          this.follower.changed(tournamentId)
        }),
      ...(ports.refreshMs && { refreshMs: ports.refreshMs }),
      refresh: () => this.refreshWatched(),
    })
  }

  /** The tournament's name in the door's connection, or null when that connection has not read it. */
  tournamentName(tournamentId: string, profileId?: string): string | null {
    return this.sessionFor(profileId).cache.get('tournaments', tournamentId)?.name ?? null
  }

  /** Everyone a door may check in, by name. */
  list(tournamentId: string, profileId?: string): DoorParticipant[] {
    return this.decide(profileId, () => this.decision.people(tournamentId))
  }

  /** A badge code scanned or typed at a door, decided as at every place of check-in. */
  scan(tournamentId: string, code: string, place: string, profileId?: string): DoorOutcome {
    return this.decide(profileId, () => this.decision.scan(tournamentId, code, place))
  }

  /** A tap at a door: checks in or out, as at every place of check-in. */
  set(tournamentId: string, participantId: string, checkedIn: boolean, place: string, profileId?: string): DoorOutcome {
    return this.decide(profileId, () => this.decision.set(tournamentId, participantId, checkedIn, place))
  }

  /** Follows a tournament's door list: each batch of changed participants, as doors see them. */
  subscribe(tournamentId: string, listener: Listener, profileId?: string): () => void {
    const set = this.listeners.get(tournamentId) ?? new Set<Listener>()
    this.profileOf.set(tournamentId, profileId)
    this.watchSessionOf(tournamentId)
    if (!this.told.has(tournamentId)) this.told.set(tournamentId, this.fingerprints(tournamentId).prints)
    set.add(listener)
    this.listeners.set(tournamentId, set)
    return () => {
      set.delete(listener)
      if (set.size > 0) return
      this.listeners.delete(tournamentId)
      this.told.delete(tournamentId)
      this.dirty.delete(tournamentId)
      this.profileOf.delete(tournamentId)
    }
  }

  close(): void {
    this.follower.close()
    for (const stop of this.watched.values()) stop()
    this.watched.clear()
  }

  /** The session a door paired on `profileId` works in; a door paired before doors kept theirs: the desk's. */
  private sessionFor(profileId: string | undefined): OfflineSession {
    const session = profileId ? this.ports.connections.sessionOf(profileId) : this.ports.connections.active.offline
    if (!session) throw new AppError('conflict', DOOR_CONNECTION_GONE)
    return session
  }

  private decide<T>(profileId: string | undefined, work: () => T): T {
    return this.decision.within(this.sessionFor(profileId), work)
  }

  /** Watches the changes of the session a followed tournament's doors work in (once per session). */
  private watchSessionOf(tournamentId: string): void {
    let session: OfflineSession
    try {
      session = this.sessionOf(tournamentId)
    } catch {
      return
    }
    if (this.watched.has(session)) return
    this.watched.set(
      session,
      session.changes.on(({ resource, tournamentId: changed, ids }) => {
        if (resource !== 'participants' || !this.listeners.has(changed)) return
        this.mark(changed, ids)
        this.follower.changed(changed)
      }),
    )
  }

  private mark(tournamentId: string, ids: readonly string[] | undefined): void {
    const now = this.dirty.get(tournamentId)
    if (now === 'all') return
    if (!ids) return void this.dirty.set(tournamentId, 'all')
    const set = now ?? new Set<string>()
    ids.forEach((id) => set.add(id))
    this.dirty.set(tournamentId, set)
  }

  /** Tells each watched tournament's doors who changed since they were last told. */
  private tell(tournaments: ReadonlySet<string>): void {
    for (const tournamentId of tournaments) {
      const listeners = this.listeners.get(tournamentId)
      if (!listeners) continue
      const only = this.dirty.get(tournamentId) ?? 'all'
      this.dirty.delete(tournamentId)
      const before = this.told.get(tournamentId) ?? new Map<string, string>()
      let seen
      try {
        seen = this.fingerprints(tournamentId, only === 'all' ? undefined : only)
      } catch {
        continue // the door's connection is gone: its doors are told so when they next ask
      }
      const { prints, rows, places, moment } = seen
      const changed = [...prints]
        .filter(([id, print]) => before.get(id) !== print)
        .map(([id]) => this.decision.personWith(JSON.parse(rows.get(id)!) as Participant, places.get(id), moment))
      if (only === 'all') this.told.set(tournamentId, prints)
      else for (const [id, print] of prints) before.set(id, print)
      if (changed.length === 0) continue
      const batch = { participants: changed }
      for (const listener of listeners) listener(batch)
    }
  }

  /** A live tick of each followed list: rolling windows of a large list (4 requests), not the whole list again. */
  private async refreshWatched(): Promise<void> {
    for (const tournamentId of this.listeners.keys()) {
      const read = () => this.sessionOf(tournamentId).reads.tick('participants', tournamentId)
      await Promise.resolve()
        .then(read)
        .catch(() => undefined)
    }
  }

  /**
   * What each participant looks like to a door, as text (the cached row, its place, waiting or not), without parsing
   * the list: only those whose text changed are built and sent. `ids`: only these (and not those no longer listed).
   */
  private fingerprints(tournamentId: string, ids?: ReadonlySet<string>) {
    const session = this.sessionOf(tournamentId)
    const rows = ids
      ? session.cache.rowsOf('participants', tournamentId, ids)
      : session.cache.rows('participants', tournamentId)
    const places = ids ? this.placesOf(session, rows.keys()) : session.places.all()
    const moment = this.decision.within(session, () => this.decision.moment())
    const prints = new Map<string, string>()
    for (const [id, row] of rows) {
      const place = places.get(id)
      prints.set(id, `${row}|${place ? `${place.at}@${place.place}` : ''}|${moment.waiting.has(`participant:${id}`)}`)
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

  /** The session a followed tournament's doors work in. */
  private sessionOf(tournamentId: string): OfflineSession {
    return this.sessionFor(this.profileOf.get(tournamentId))
  }
}
