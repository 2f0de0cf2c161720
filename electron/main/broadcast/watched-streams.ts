// The streams the producer looked at lately — watched: rebuilt on every change and kept fresh by the live ticks for
// ten minutes — and what the live ticks read for the streams someone follows.
import type { Clock } from '../clock'
import type { Interest } from '../services/live-ticks'
import type { OfflineSession } from '../services/offline-session'

/** A stream the desk looked at stays watched (rebuilt on every change, kept fresh) this long. */
const WATCH_MS = 10 * 60_000

export class WatchedStreams {
  private readonly seen = new Map<string, number>()

  constructor(private readonly clock: Clock) {}

  /** The producer looked at the stream now. */
  look(streamId: string): void {
    this.seen.set(streamId, this.clock.now())
  }

  has(streamId: string): boolean {
    return this.clock.now() - (this.seen.get(streamId) ?? -Infinity) < WATCH_MS
  }

  /** The streams watched now. */
  ids(): string[] {
    return [...this.seen.keys()].filter((id) => this.has(id))
  }
}

/**
 * What can change on air, for the live ticks: the bracket's frontier and every match linked to a stream each time,
 * participants, stages, streams and the look every fourth time, for each tournament one of the streams is in.
 */
export function* followedInterests(session: OfflineSession, streamIds: Iterable<string>): Iterable<Interest> {
  const tournaments = new Set<string>()
  for (const streamId of streamIds) {
    const stream = session.cache.get('streams', streamId)
    if (stream) tournaments.add(stream.tournament_id)
  }
  for (const tournamentId of tournaments) {
    const nodes = new Set(session.cache.linksOfTournament(tournamentId).keys())
    yield { session, tournamentId, nodes, participants: 'slow', setup: true }
  }
}
