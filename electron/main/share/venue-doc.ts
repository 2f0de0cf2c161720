// The venue's shared operational state as one Yjs document every desk holds a full copy of: which match each stream
// has on air, which match each station holds and its call, and the check-in scans made at any door — each entry with
// its author (desk) and time — and the views every desk reads from it, which keep the venue's invariants whatever two
// desks did at once: a match on air on at most one stream and at most one station, a station holding at most one
// match, one deadline per call, and a person's check-in written to the service by exactly one desk (the one whose scan
// the host saw first: the host alone names the writer, so partitioned desks never both write).
import * as Y from 'yjs'

/** Who made a change, and when (epoch ms by the author's clock): every entry of the document carries it. */
export interface Authored {
  by: string
  at: number
}

export interface TakeEntry extends Authored {
  matchId: string | null
}
export interface AssignEntry extends Authored {
  stationId: string | null
}
export interface CallEntry extends Authored {
  matchId: string
  deadline: number
}
export interface ScanEntry extends Authored {
  participantId: string
  /** Where it was scanned ("Door 2"). */
  place: string
}
export interface WrittenEntry extends Authored {
  scanId: string
}

/** The document's parts, each a map of entries (the last write to a key wins, the same on every desk). */
type Part = 'takes' | 'assignments' | 'calls' | 'scans' | 'writers' | 'written'

/** One desk's copy of the venue's document and what it may do to it. */
export class VenueDoc {
  readonly doc: Y.Doc

  constructor(
    /** This desk's id: the author of what it changes. */
    readonly deskId: string,
    private readonly now: () => number,
    doc?: Y.Doc,
  ) {
    this.doc = doc ?? new Y.Doc()
  }

  private part<T>(name: Part): Y.Map<T> {
    return this.doc.getMap<T>(name)
  }

  private stamp(): Authored {
    return { by: this.deskId, at: this.now() }
  }

  /** A stream puts a match on air (null: nothing). */
  take(streamId: string, matchId: string | null): void {
    this.part<TakeEntry>('takes').set(streamId, { ...this.stamp(), matchId })
  }

  /** A match goes to a station (null: off every station). */
  assign(matchId: string, stationId: string | null): void {
    this.part<AssignEntry>('assignments').set(matchId, { ...this.stamp(), stationId })
  }

  /** A station's match is called, with the deadline of its DQ timer; a recall replaces the call. */
  call(stationId: string, matchId: string, deadline: number): void {
    this.part<CallEntry>('calls').set(stationId, { ...this.stamp(), matchId, deadline })
  }

  uncall(stationId: string): void {
    this.part<CallEntry>('calls').delete(stationId)
  }

  /** A scan decided at this desk's door: its own id, so a retry or a merge never makes it twice. */
  scan(scanId: string, participantId: string, place: string): void {
    const scans = this.part<ScanEntry>('scans')
    if (!scans.has(scanId)) scans.set(scanId, { ...this.stamp(), participantId, place })
  }

  /**
   * The host's part: each person scanned whose writer is not named yet gets one — the first of their scans the host
   * holds (by time, then id). Run by the host alone, so a writer, once named, never changes.
   */
  nameWriters(): string[] {
    const writers = this.part<string>('writers')
    const first = new Map<string, [string, ScanEntry]>()
    for (const [scanId, scan] of this.part<ScanEntry>('scans').entries()) {
      const held = first.get(scan.participantId)
      if (!held || earlier([scanId, scan], held)) first.set(scan.participantId, [scanId, scan])
    }
    const named: string[] = []
    this.doc.transact(() => {
      for (const [participantId, [scanId]] of first)
        if (!writers.has(participantId)) {
          writers.set(participantId, scanId)
          named.push(participantId)
        }
    })
    return named
  }

  /** The people this desk is to write to the service now: their writer is one of this desk's scans, not yet written. */
  toWrite(): { participantId: string; scanId: string }[] {
    const scans = this.part<ScanEntry>('scans')
    const written = this.part<WrittenEntry>('written')
    const due: { participantId: string; scanId: string }[] = []
    for (const [participantId, scanId] of this.part<string>('writers').entries())
      if (scans.get(scanId)?.by === this.deskId && !written.has(participantId)) due.push({ participantId, scanId })
    return due
  }

  /** This desk wrote a person's check-in to the service (its outbox took it). */
  wrote(participantId: string, scanId: string): void {
    this.part<WrittenEntry>('written').set(participantId, { ...this.stamp(), scanId })
  }

  /** The venue as every desk sees it once their copies agree. */
  view(): VenueView {
    return venueView(this.doc)
  }
}

/** The venue as the document says, with its invariants kept: see `venueView`. */
export interface VenueView {
  /** Each stream's match on air (a stream not listed has none). */
  onAir: Map<string, string>
  /** Each station's match. */
  stations: Map<string, string>
  /** Each station's call, for the match it holds. */
  calls: Map<string, { matchId: string; deadline: number }>
  /** Every scan, by id. */
  scans: Map<string, ScanEntry>
  /** Each person's check-in as written to the service: which scan, by whom. */
  written: Map<string, WrittenEntry>
}

/** A before b: by time, then by id (the same order on every desk). */
function earlier<T extends Authored>([aId, a]: [string, T], [bId, b]: [string, T]): boolean {
  return a.at !== b.at ? a.at < b.at : aId < bId
}

/**
 * The document read with the venue's invariants: a match taken on two streams at once is on air on the one taken last
 * (by time, then stream id), the other shows nothing; a station given two matches at once holds the one given last,
 * the other is on no station; a call counts only for the match its station holds.
 */
export function venueView(doc: Y.Doc): VenueView {
  const latest = <T extends Authored>(entries: Iterable<[string, string, T]>) => {
    const won = new Map<string, [string, T]>()
    for (const [owner, key, entry] of entries) {
      const held = won.get(owner)
      if (!held || earlier(held, [key, entry])) won.set(owner, [key, entry])
    }
    return won
  }
  const takes = [...doc.getMap<TakeEntry>('takes').entries()].filter(([, t]) => t.matchId !== null)
  // For each match, the stream that took it last.
  const streamOf = latest(
    takes.map(([streamId, take]) => [take.matchId!, streamId, take] as [string, string, TakeEntry]),
  )
  const onAir = new Map([...streamOf].map(([matchId, [streamId]]) => [streamId, matchId]))

  const assignments = [...doc.getMap<AssignEntry>('assignments').entries()].filter(([, a]) => a.stationId !== null)
  const matchOf = latest(
    assignments.map(([matchId, assign]) => [assign.stationId!, matchId, assign] as [string, string, AssignEntry]),
  )
  const stations = new Map([...matchOf].map(([stationId, [matchId]]) => [stationId, matchId]))

  const calls = new Map<string, { matchId: string; deadline: number }>()
  for (const [stationId, call] of doc.getMap<CallEntry>('calls').entries())
    if (stations.get(stationId) === call.matchId)
      calls.set(stationId, { matchId: call.matchId, deadline: call.deadline })

  return {
    onAir,
    stations,
    calls,
    scans: new Map(doc.getMap<ScanEntry>('scans').entries()),
    written: new Map(doc.getMap<WrittenEntry>('written').entries()),
  }
}
