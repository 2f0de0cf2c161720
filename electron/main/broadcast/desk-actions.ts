// What the producer's desk lends the command groups that act through it (the live score, Hold): its checks, its
// published actions and its one transaction, with the session and the stream feeds they read.
import type { Stream } from '../../../shared/api'
import type { Feed, StreamState } from '../../../shared/broadcast/feed'
import type { Clock } from '../clock'
import type { OfflineSession } from '../services/offline-session'
import type { TournamentSources } from './feed-builder'
import type { StreamFeeds } from './stream-feeds'

export interface DeskActions {
  /** A stream this desk may change (its role, and no other desk running it). */
  ownStream(streamId: string): Stream
  /** Publishes a stream as an action left it (a held one only its structure). */
  act(stream: Stream, sources: TournamentSources): StreamState
  /** Publishes `feed` as the stream's and answers its new state. */
  answer(streamId: string, current: Feed, feed: Feed): StreamState
  /** The action's writes commit together or not at all; what it publishes is told after the commit. */
  inOneTransaction<T>(action: () => T): T
  /** What the stream shows now. */
  shown(streamId: string): Feed | undefined
}

export interface DeskCommandPorts {
  session: () => OfflineSession
  clock: Clock
  feeds: StreamFeeds
  desk: DeskActions
}
