// A shared venue's floor on this desk: after every change of a tournament's floor here, each station that changed goes
// into the venue's document (its match and call with it, or that it was removed); each station another desk changed
// is written into this desk's floor and told as any change; and a match two desks put on two stations at once stays
// on the station it was put on last (then by station id) — on every desk, whichever desk is still away.
import { z } from 'zod'
import { moduleLog } from '../log'
import type { OfflineSession } from '../services/offline-session'
import type { VenueFollowers } from '../venue/venue-followers'
import type { VenueRecord } from '../venue/venue-record'
import type { AssignmentRow } from '../store/floor-store'
import type { FloorDesk } from './floor-desk'
import { stationChanges } from './station-audit'
import { matchKey, stationHolders } from '../../../shared/floor/station-holder'
import { renumbered } from '../../../shared/floor/station-numbers'

const log = moduleLog('venue-floor')

const Id = z.string().min(1).max(200)
/** A station as the shared venue carries it (read from the LAN: checked). */
const SharedStation = z.object({
  tournamentId: Id,
  station: z
    .object({
      number: z.number().int().min(0).max(100_000),
      name: z.string().max(80),
      outOfOrder: z.boolean(),
      streamId: Id.nullable(),
    })
    .nullable(),
  assignment: z
    .object({
      matchId: Id,
      assignedAt: z.number(),
      calledAt: z.number().nullable(),
      deadline: z.number().nullable(),
      arrived: z.array(z.boolean()).max(64),
      times: z.number().int().min(0).max(1000),
    })
    .nullable(),
})
type SharedStation = z.infer<typeof SharedStation>

/** A station's match as the record carries it (the station is the entry's key). */
function withoutStation({ stationId: _stationId, ...assignment }: AssignmentRow): Omit<AssignmentRow, 'stationId'> {
  return assignment
}

/** A station's value as text, in one shape whichever side it came from (the store's row or the record's entry). */
const textOf = (value: SharedStation): string => JSON.stringify(SharedStation.parse(value))

export class VenueFloor {
  /** Each station as this desk last shared or wrote it (its tournament, and its value as text without the author). */
  private readonly known = new Map<string, { tournamentId: string; text: string }>()
  private applying = false
  private readonly stopFollowing: () => void
  private readonly stopHearing: () => void

  constructor(
    /** The active connection's session, asked at each use. */
    private readonly session: () => OfflineSession,
    private readonly followers: VenueFollowers,
    /** This desk's floor: its changes are shared, the other desks' written into it. */
    private readonly floor: FloorDesk,
  ) {
    this.stopHearing = floor.changes.on(({ tournamentId, cause }) => this.changed(tournamentId, cause))
    this.stopFollowing = followers.register('floor', {
      // What the venue holds is what this desk shared: only a station that differs from it is shared after a start
      // (sharing every station again would undo, with a newer time, what other desks changed while this one was away).
      follow: () => this.knowRecord(),
      arrived: () => this.arrived(),
    })
  }

  private knowRecord(): void {
    this.known.clear()
    for (const [id, { value }] of this.followers.record.streams.stations()) {
      const parsed = SharedStation.safeParse(value)
      if (parsed.success) this.known.set(id, { tournamentId: parsed.data.tournamentId, text: textOf(parsed.data) })
    }
  }

  /**
   * A tournament's floor changed on this desk: each station that changed is shared, audited as the desk's operator's
   * doing — or, with a `cause`, as the floor's own (a result freed a station, a match went to another station).
   */
  changed(tournamentId: string, cause: string | null = null): void {
    if (this.applying) return
    const { floor: store } = this.session()
    const venue = this.followers.record
    const assignments = store.assignments(tournamentId)
    const present = new Set<string>()
    venue.doc.transact(() => {
      for (const { id, ...station } of store.stations(tournamentId)) {
        present.add(id)
        const row = assignments.get(id)
        this.share(venue, id, { tournamentId, station, assignment: row ? withoutStation(row) : null }, cause)
      }
      for (const [id, known] of this.known)
        if (known.tournamentId === tournamentId && !present.has(id))
          this.share(venue, id, { tournamentId, station: null, assignment: null }, cause)
    })
  }

  close(): void {
    this.stopFollowing()
    this.stopHearing()
  }

  private share(venue: VenueRecord, stationId: string, value: SharedStation, cause: string | null): void {
    const text = textOf(value)
    const known = this.known.get(stationId)
    if (known?.text === text || (!known && value.station === null)) return
    this.known.set(stationId, { tournamentId: value.tournamentId, text })
    // What this desk did, for the audit log: against what the venue held of the station before (any desk's).
    const held = SharedStation.safeParse(venue.streams.stations().get(stationId)?.value)
    const label = value.station?.name ?? (held.success ? held.data.station?.name : undefined) ?? 'A station'
    for (const what of stationChanges(held.success ? held.data : undefined, value, (id) => this.matchName(id)))
      venue.audit('station', stationId, label, what, cause)
    venue.streams.shareStation(stationId, value)
  }

  /** A match as people call it: its opponents' names ("Ghent Vipers vs Brno Bears"), or its number. */
  private matchName(matchId: string): string {
    const node = this.session().cache.get('nodes', matchId)
    if (!node) return 'a match'
    const names = node.opponents.map((o) => o.participant?.name).filter(Boolean)
    return names.length > 0 ? names.join(' vs ') : `match ${node.number}`
  }

  /** What other desks changed on the floor, written into this desk's: each match on one station only. */
  private arrived(): void {
    const { floor: store } = this.session()
    const venue = this.followers.record
    // Each station as the desk with the floor's role that changed it last has it (the record checked who may).
    const stations: [string, SharedStation & { by: string }][] = []
    for (const [id, { value, by }] of venue.streams.stations()) {
      const parsed = SharedStation.safeParse(value)
      if (!parsed.success) log.warn(`a shared floor station did not read: ${parsed.error.message}`)
      else stations.push([id, { ...parsed.data, by }])
    }
    // A match on two stations: the one it was put on last, then the higher station id (the same on every desk).
    const holder = stationHolders(stations)
    const changed = new Set<string>()
    const lost: string[] = []
    const renumberedIn = new Set<string>()
    this.applying = true
    try {
      for (const [id, { tournamentId, station, assignment, by }] of stations) {
        const holds = assignment && holder.get(matchKey(tournamentId, assignment.matchId)) === id
        const kept = holds ? assignment : null
        const text = textOf({ tournamentId, station, assignment: kept })
        if (this.known.get(id)?.text === text) continue
        // A station of this desk's that lost its match is known as shared (with it), so that it is shared free next.
        const mine = assignment && !kept && by === venue.deskId
        if (mine) lost.push(tournamentId)
        this.known.set(id, { tournamentId, text: mine ? textOf({ tournamentId, station, assignment }) : text })
        store.putStation(tournamentId, id, station, kept)
        changed.add(tournamentId)
      }
      // Two desks made stations of one number at once: this desk moves its own that lost the number (and shares them).
      for (const [id, move] of renumbered(stations)) {
        const found = stations.find(([stationId]) => stationId === id)![1]
        if (found.by !== venue.deskId || !found.station) continue
        const row = store.assignments(found.tournamentId).get(id)
        store.putStation(found.tournamentId, id, { ...found.station, ...move }, row ? withoutStation(row) : null)
        renumberedIn.add(found.tournamentId)
        changed.add(found.tournamentId)
      }
    } finally {
      this.applying = false
    }
    for (const tournamentId of renumberedIn) this.changed(tournamentId, 'two desks made stations of one number at once')
    // A station of this desk's that lost its match: shared free, so every copy says so too (before the floor is told,
    // which shares what changed with its own cause).
    for (const tournamentId of new Set(lost))
      this.changed(tournamentId, 'another desk put its match on another station')
    for (const tournamentId of changed) this.floor.changedElsewhere(tournamentId)
  }
}
