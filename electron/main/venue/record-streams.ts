// Streams and the floor in the venue's record: each stream's Take and the desk running it, its desk state as that desk
// published it, and each floor station as a desk shared it last.
import { MAPS, parsedState, type RecordCore } from './record-core'
import type { SharedStationValue } from './record-view'

export class RecordStreams {
  constructor(private readonly core: RecordCore) {}

  /** A stream puts a match on air (null: nothing). */
  take(streamId: string, matchId: string | null): void {
    this.core.add('take', streamId, matchId)
  }

  /** The match a stream's latest Take put on air, as the log says (undefined: no Take yet); `view` keeps invariants. */
  takeOf(streamId: string): string | null | undefined {
    return this.core.folded().takes.get(streamId)?.f[1]
  }

  /** This desk runs a stream from now on (it acted on it, or took it over from another desk). */
  run(streamId: string): void {
    if (this.core.folded().runs.get(streamId)?.by !== this.core.deskId) this.core.add('run', streamId)
  }

  /** Publishes a stream's desk state for every desk (the desk running it does, after each change). */
  share(streamId: string, state: unknown): void {
    this.core.doc
      .getMap<string>(MAPS.streams)
      .set(`${streamId}\u0000${this.core.deskId}`, this.core.sign('stream', [streamId, JSON.stringify(state)]))
  }

  /** A stream's desk state as the desk running it published it last (unchecked beyond the record's bounds). */
  shared(streamId: string): unknown {
    const runner = this.core.folded().runs.get(streamId)?.by
    const entry = runner === undefined ? undefined : this.core.folded().streams.get(streamId)?.get(runner)
    return entry === undefined ? undefined : parsedState(entry)
  }

  // --- the floor

  /** Publishes a floor station as this desk has it now (removed: its value says so). */
  shareStation(stationId: string, value: unknown): void {
    this.core.doc
      .getMap<string>(MAPS.stations)
      .set(`${stationId}\u0000${this.core.deskId}`, this.core.sign('station', [stationId, JSON.stringify(value)]))
  }

  /** Each floor station as a desk with the floor's role shared it last (the latest by time, then desk). */
  stations(): Map<string, SharedStationValue> {
    const stations = new Map<string, SharedStationValue>()
    for (const [stationId, byDesk] of this.core.folded().stations) {
      let latest: (typeof byDesk extends Map<string, infer T> ? T : never) | undefined
      for (const entry of byDesk.values())
        if (!latest || entry.at > latest.at || (entry.at === latest.at && entry.by > latest.by)) latest = entry
      if (latest) stations.set(stationId, { value: parsedState(latest), at: latest.at, by: latest.by })
    }
    return stations
  }
}
