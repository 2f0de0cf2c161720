// A shared venue's streams on this desk: what each stream this desk runs shows, and its desk, go into the venue's
// document after every change; a stream another desk runs is shown from there as it changes (its overlays and OBS on
// this desk show the same feed); and a match two desks took on two streams at once stays on air on the one taken last.
import type { StreamState } from '../../../shared/broadcast/feed'
import { moduleLog } from '../log'
import type { OfflineSession } from '../services/offline-session'
import type { VenueFollowers } from '../venue/venue-followers'
import type { VenueRecord } from '../venue/venue-record'
import type { BroadcastDesk } from './broadcast-desk'
import { streamChanges } from './stream-audit'
import { SharedStream, type RunElsewhere, type StreamRuns } from './stream-runs'

const log = moduleLog('venue-streams')

/** What a desk that never named itself is called on the others. */
const UNNAMED = 'another desk'

export class VenueStreams implements StreamRuns {
  private desk: BroadcastDesk | undefined
  /** Each stream's last shared value this desk read, checked once (what came from the LAN). */
  private readonly read = new Map<string, { raw: unknown; parsed: SharedStream | null }>()
  /** Each stream's value this desk last shared, as text: an unchanged one is not shared again. */
  private readonly written = new Map<string, string>()
  /** Each stream another desk runs, as this desk last showed it. */
  private readonly shown = new Map<string, unknown>()
  /**
   * Each stream this desk runs as it stood before its latest change, for the audit log (null: nothing stood before —
   * taken from a desk whose role does not take streams). Absent: the venue's shared value, this desk's own.
   */
  private readonly before = new Map<string, StreamState | null>()
  private stopDesk: () => void = () => undefined
  private readonly stopFollowing: () => void

  constructor(
    /** The active connection's session, asked at each use. */
    private readonly session: () => OfflineSession,
    private readonly followers: VenueFollowers,
  ) {
    this.stopFollowing = followers.register('streams', {
      follow: () => {
        this.read.clear()
        this.written.clear()
        this.shown.clear()
        this.before.clear()
      },
      arrived: () => this.arrived(),
    })
  }

  /** The producer's desk this desk runs: its states are shared from now on. */
  attach(desk: BroadcastDesk): void {
    this.desk = desk
    this.stopDesk = desk.onAnyStreamChanged((state) => this.published(state))
  }

  elsewhere(streamId: string): RunElsewhere | null {
    const venue = this.venue()
    const view = venue.view()
    const runner = view.runners.get(streamId)
    // A desk whose role does not take streams runs none here: what it shares of a stream is not shown.
    if (runner === undefined || runner === venue.deskId || !venue.mayChange(runner, 'streams')) return null
    const shared = this.parsed(streamId, venue.streams.shared(streamId))
    return shared && { ...shared, by: view.names.get(runner) ?? UNNAMED }
  }

  claim(streamId: string): void {
    const venue = this.venue()
    const runner = venue.view().runners.get(streamId)
    if (runner !== undefined && runner !== venue.deskId) {
      // What this desk goes on from: the other desk's stream as shown here, unless that desk may not run streams.
      const counts = venue.mayChange(runner, 'streams')
      this.before.set(streamId, counts ? (this.parsed(streamId, venue.streams.shared(streamId))?.state ?? null) : null)
      if (counts) {
        const name = this.session().cache.get('streams', streamId)?.name ?? 'A stream'
        venue.audit('stream', streamId, name, `Took the stream over from ${venue.view().names.get(runner) ?? UNNAMED}`)
      }
    }
    venue.streams.run(streamId)
  }

  close(): void {
    this.stopFollowing()
    this.stopDesk()
  }

  private venue(): VenueRecord {
    return this.followers.record
  }

  /** A state this desk's producer desk announced: shared when this desk runs the stream. */
  private published(state: StreamState): void {
    if (state.runBy !== null || !this.desk) return
    const venue = this.venue()
    if (venue.view().runners.get(state.streamId) !== venue.deskId) return
    // Followers and revisions are each desk's own.
    const value: SharedStream = {
      state: { ...state, sources: {}, revision: 0 },
      desk: this.desk.sharedDesk(state.streamId),
    }
    const text = JSON.stringify(value)
    if (this.written.get(state.streamId) === text) return
    this.written.set(state.streamId, text)
    // What this desk did, for the audit log: against the stream as it stood before.
    const kept = this.before.get(state.streamId)
    const before = this.before.has(state.streamId)
      ? (kept ?? undefined)
      : this.parsed(state.streamId, venue.streams.shared(state.streamId))?.state
    this.before.set(state.streamId, state)
    // A change the desk made by itself (the bracket moved the queue, another desk's Take) says why, not who.
    const cause = this.desk.cause()
    venue.doc.transact(() => {
      for (const what of streamChanges(before, state))
        venue.audit('stream', state.streamId, state.feed.stream.name, what, cause)
      if (
        venue.streams.takeOf(state.streamId) !== state.onAir &&
        (state.onAir !== null || venue.streams.takeOf(state.streamId))
      )
        venue.streams.take(state.streamId, state.onAir)
      venue.streams.share(state.streamId, value)
    })
  }

  /** What other desks changed: their streams shown anew, and this desk's Takes that lost a match to a later one. */
  private arrived(): void {
    const desk = this.desk
    if (!desk) return
    const venue = this.venue()
    const view = venue.view()
    for (const [streamId, runner] of view.runners) {
      if (runner === venue.deskId || !venue.mayChange(runner, 'streams')) continue
      const raw = venue.streams.shared(streamId)
      if (this.shown.get(streamId) === raw) continue
      this.shown.set(streamId, raw)
      this.written.delete(streamId)
      desk.showShared(streamId)
    }
    const streamOfMatch = new Map([...view.onAir].map(([streamId, matchId]) => [matchId, streamId]))
    for (const [streamId, runner] of view.runners) {
      if (runner !== venue.deskId) continue
      const taken = venue.streams.takeOf(streamId)
      const winner = taken ? streamOfMatch.get(taken) : undefined
      if (taken && winner !== undefined && winner !== streamId) desk.dropTake(streamId, taken)
    }
  }

  private parsed(streamId: string, raw: unknown): SharedStream | null {
    const held = this.read.get(streamId)
    if (held && held.raw === raw) return held.parsed
    const checked = SharedStream.safeParse(raw)
    if (!checked.success && raw !== undefined)
      log.warn(`a stream's shared state did not read: ${checked.error.message}`)
    const parsed = checked.success ? checked.data : null
    this.read.set(streamId, { raw, parsed })
    return parsed
  }
}
