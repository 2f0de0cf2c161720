// The venue's one writer for door devices: a door's list (names, state, when and where only), its scans and taps
// decided against the desktop's cache and written through its offline writes and outbox, and the list's changes for
// the doors' live streams. Node runs one request at a time, so two doors checking in one person make one write.
import { isolate } from '../../../shared/text/hidden-characters'
import type { Participant } from '../../../shared/api'
import { findScanned } from '../../../shared/checkin/find-scanned'
import type { DoorOutcome, DoorParticipant } from '../../../shared/venue/door'
import { whenAndWhere } from '../../../shared/venue/door'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { CheckinPlace } from '../offline/checkin-places'
import type { Connections } from '../services/connections'
import { SessionFollower } from '../services/session-follower'

export interface DoorDeskPorts {
  connections: Connections
  clock: Clock
  /** How often a tournament some door watches is read again from the service (ms); 0: never by itself. */
  refreshMs?: number
}

type Listener = (changed: DoorParticipant[]) => void

export class DoorDesk {
  private readonly listeners = new Map<string, Set<Listener>>()
  /** What each watched tournament's doors were last told, to send only what changed. */
  private readonly told = new Map<string, Map<string, string>>()
  private readonly follower: SessionFollower

  constructor(private readonly ports: DoorDeskPorts) {
    this.follower = new SessionFollower({
      connections: ports.connections,
      watch: (session, changed) => {
        const watched = (tournamentId: string) => this.listeners.has(tournamentId) && changed(tournamentId)
        const stopChanges = session.changes.on(({ resource, tournamentId }) => {
          if (resource === 'participants') watched(tournamentId)
        })
        // "waiting" ends when the outbox sends a check-in, which changes no cached value: the sync status says it.
        const stopSync = session.synced.on(() => [...this.listeners.keys()].forEach(watched))
        return () => {
          stopChanges()
          stopSync()
        }
      },
      settled: (tournaments) => this.tell(tournaments),
      switched: () => [...this.listeners.keys()].forEach((tournamentId) => this.follower.changed(tournamentId)),
      ...(ports.refreshMs && { refreshMs: ports.refreshMs }),
      refresh: () => this.refreshWatched(),
    })
  }

  tournamentName(tournamentId: string): string | null {
    return this.session().cache.get<{ name: string }>('tournaments', tournamentId)?.name ?? null
  }

  /** Everyone a door may check in, by name. */
  list(tournamentId: string): DoorParticipant[] {
    const session = this.session()
    const places = session.places.all()
    const waiting = new Set(session.status().unsent)
    return this.participants(tournamentId)
      .map((p) => this.doorView(p, places.get(p.id), waiting))
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }))
  }

  /** A badge code scanned or typed at a door: checks in the one it names, or says why not. */
  scan(tournamentId: string, code: string, place: string): DoorOutcome {
    this.knowTournament(tournamentId)
    // SQLite narrows the list to the code's candidates; the shared rule decides, as on the desktop.
    const candidates = this.session().cache.participantsByCode<Participant>(tournamentId, code)
    const found = findScanned(candidates, code)
    if (found.length === 0)
      return { outcome: 'unknown', participant: null, candidates: [], message: `Unknown code: ${code.trim()}` }
    if (found.length > 1) {
      const session = this.session()
      const places = session.places.all()
      const waiting = new Set(session.status().unsent)
      return {
        outcome: 'choose',
        participant: null,
        candidates: found.map((p) => this.doorView(p, places.get(p.id), waiting)),
        message: `The code ${code.trim()} names ${found.length} participants: choose one.`,
      }
    }
    return this.set(tournamentId, found[0]!.id, true, place)
  }

  /**
   * A tap: checks in or out. Asking for what already holds writes nothing and says so (the second of two doors hears
   * "already checked in at 10:02 (Door 2)").
   */
  set(tournamentId: string, participantId: string, checkedIn: boolean, place: string): DoorOutcome {
    const session = this.session()
    const participant = session.cache.get<Participant>('participants', participantId)
    if (!participant || participant.tournament_id !== tournamentId) {
      return {
        outcome: 'unknown',
        participant: null,
        candidates: [],
        message: 'Unknown participant: refresh the list.',
      }
    }
    if (participant.checked_in === checkedIn) {
      const view = this.viewOf(participant)
      if (!checkedIn)
        return {
          outcome: 'checked-out',
          participant: view,
          candidates: [],
          message: `${isolate(view.name)} is not checked in.`,
        }
      const said = whenAndWhere(view)
      return {
        outcome: 'already',
        participant: view,
        candidates: [],
        message: `${isolate(view.name)}: already checked in${said ? ` ${said}` : ''}`,
      }
    }
    session.writes.checkinSet(participantId, checkedIn, undefined, place)
    const view = this.viewOf(session.cache.get<Participant>('participants', participantId) ?? participant)
    return checkedIn
      ? { outcome: 'checked-in', participant: view, candidates: [], message: `Checked in: ${isolate(view.name)}` }
      : { outcome: 'checked-out', participant: view, candidates: [], message: `Checked out: ${isolate(view.name)}` }
  }

  /** Follows a tournament's door list: each batch of changed participants, as doors see them. */
  subscribe(tournamentId: string, listener: Listener): () => void {
    const set = this.listeners.get(tournamentId) ?? new Set<Listener>()
    if (!this.told.has(tournamentId)) this.told.set(tournamentId, this.fingerprints(tournamentId).prints)
    set.add(listener)
    this.listeners.set(tournamentId, set)
    return () => {
      set.delete(listener)
      if (set.size > 0) return
      this.listeners.delete(tournamentId)
      this.told.delete(tournamentId)
    }
  }

  close(): void {
    this.follower.close()
  }

  /** Tells each watched tournament's doors who changed since they were last told. */
  private tell(tournaments: ReadonlySet<string>): void {
    for (const tournamentId of tournaments) {
      const listeners = this.listeners.get(tournamentId)
      if (!listeners) continue
      const before = this.told.get(tournamentId) ?? new Map<string, string>()
      const { prints, rows, places, waiting } = this.fingerprints(tournamentId)
      const changed = [...prints]
        .filter(([id, print]) => before.get(id) !== print)
        .map(([id]) => this.doorView(JSON.parse(rows.get(id)!) as Participant, places.get(id), waiting))
      this.told.set(tournamentId, prints)
      if (changed.length === 0) continue
      for (const listener of listeners) listener(changed)
    }
  }

  private async refreshWatched(): Promise<void> {
    const session = this.session()
    for (const tournamentId of this.listeners.keys())
      await session.reads.refresh('participants', tournamentId).catch(() => undefined)
  }

  /**
   * What each participant looks like to a door, as text (the cached row, its place, waiting or not), without parsing
   * the list: only those whose text changed are built and sent.
   */
  private fingerprints(tournamentId: string) {
    const session = this.session()
    const rows = session.cache.rows('participants', tournamentId)
    const places = session.places.all()
    const waiting = new Set(session.status().unsent)
    const prints = new Map<string, string>()
    for (const [id, row] of rows) {
      const place = places.get(id)
      prints.set(id, `${row}|${place ? `${place.at}@${place.place}` : ''}|${waiting.has(`participant:${id}`)}`)
    }
    return { prints, rows, places, waiting }
  }

  /** A door's tournament must be in the desk's local copy (the desk opened it at least once). */
  private knowTournament(tournamentId: string): void {
    const { cache } = this.session()
    if (!cache.get('tournaments', tournamentId) && cache.list('participants', tournamentId).length === 0)
      throw new AppError('not_found', 'This door’s tournament is not in the desk’s local copy: open it on the desk.')
  }

  private participants(tournamentId: string): Participant[] {
    this.knowTournament(tournamentId)
    return this.session().cache.list<Participant>('participants', tournamentId)
  }

  private viewOf(participant: Participant): DoorParticipant {
    const session = this.session()
    return this.doorView(participant, session.places.of(participant.id), new Set(session.status().unsent))
  }

  /** Only what a door may know: name, state, when and where. Never email, badge code or custom fields. */
  private doorView(participant: Participant, place: CheckinPlace | undefined, waiting: Set<string>): DoorParticipant {
    const serviceTime = typeof participant['checked_in_at'] === 'string' ? participant['checked_in_at'] : null
    const here = participant.checked_in ? place : undefined
    return {
      id: participant.id,
      name: participant.name,
      checkedIn: participant.checked_in,
      checkedInAt: here ? new Date(here.at).toISOString() : participant.checked_in ? serviceTime : null,
      place: here?.place ?? null,
      waiting: waiting.has(`participant:${participant.id}`),
    }
  }

  private session() {
    return this.follower.session
  }
}
