// A stream whose tournament the desk has not opened since it started (an overlay set up before asks for it): whether
// it is missing from the local copy, and reading it as opening it would, once at a time per stream; a stream the
// service could not be asked about is not asked about again for a while.
import type { Clock } from '../clock'
import type { OfflineSession } from '../services/offline-session'

/** How long a stream whose tournament could not be read is not asked about again (ms), and how many are remembered. */
const READ_AGAIN_MS = 30_000
const READ_FAILED_KEPT = 256

export class UnopenedStreams {
  /** Tournaments being read for an overlay that asked for one the desk has not opened, by stream. */
  private readonly reading = new Map<string, Promise<void>>()
  /** When reading a stream's tournament last failed, by stream (the oldest forgotten past `READ_FAILED_KEPT`). */
  private readonly readFailed = new Map<string, number>()

  constructor(
    private readonly session: () => OfflineSession,
    private readonly clock: Clock,
  ) {}

  /** Whether a stream's tournament is missing from the local copy (the stream, or its bracket never read). */
  unread(streamId: string): boolean {
    const { cache } = this.session()
    const stream = cache.get('streams', streamId)
    // A stream the service did not know (or could not be asked about) is not asked about again for a while.
    const failed = this.readFailed.get(streamId)
    if (failed !== undefined && this.clock.now() - failed < READ_AGAIN_MS) return false
    return !stream || cache.refreshedAt('nodes', stream.tournament_id) === null
  }

  /**
   * Reads a stream's tournament from the service as opening it would (its streams, bracket, stages, participants and
   * the streams linked to its matches); what the service refuses is left to the caller.
   */
  read(streamId: string): Promise<void> {
    const running = this.reading.get(streamId)
    if (running) return running
    const read = (async () => {
      const { cache, reads } = this.session()
      const tournamentId = cache.get('streams', streamId)?.tournament_id ?? (await reads.tournamentOfStream(streamId))
      await Promise.all([
        cache.get('tournaments', tournamentId) ? undefined : reads.tournaments(),
        reads.streams(tournamentId),
        reads.nodes(tournamentId),
        reads.stages(tournamentId),
        reads.participants(tournamentId),
      ])
      await reads.linksOfTournament(tournamentId)
    })()
      .catch((error: unknown) => {
        this.readFailed.set(streamId, this.clock.now())
        if (this.readFailed.size > READ_FAILED_KEPT) this.readFailed.delete(this.readFailed.keys().next().value!)
        throw error
      })
      .finally(() => this.reading.delete(streamId))
    this.reading.set(streamId, read)
    return read
  }
}
