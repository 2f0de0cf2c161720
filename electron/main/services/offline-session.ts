// One profile's offline layer: its database, cache, outbox, connectivity, replayer, reads and writes.
import { join } from 'node:path'
import { viewerLocaleOf, type ViewerLocale } from '../../../shared/broadcast/words'
import type { SyncStatus } from '../../../shared/ipc/sync'
import type { OrganizerApi } from '../api/organizer-api'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { PageActivity } from '../page-activity'
import type { EventBus } from '../event-bus'
import { Cache, type CacheChange } from '../sync/cache'
import { Connectivity } from '../sync/connectivity'
import type { Db } from '../db/db'
import { openOrRecoverDatabase } from './recover-database'
import { Outbox } from '../sync/outbox'
import { Replayer } from '../sync/replay'
import { RequestLog } from '../sync/request-log'
import { syncStatus } from '../sync/sync-status'
import { CheckinPlaces } from '../store/checkin-places'
import { ProducerStore, type ProducerPart } from '../store/producer-store'
import { FloorStore } from '../store/floor-store'
import { LiveLayers } from '../store/live-layers'
import { PickListStore } from '../store/pick-lists'
import { OnAirLog } from '../store/on-air-log'
import { ShowSequenceStore } from '../store/show-sequences'
import { SponsorStore } from '../store/sponsors'
import { VenueRecord } from '../venue/venue-record'
import { RecordStore } from '../venue/record-store'
import type { DeskIdentity } from '../venue/desk-identity'
import { DeskChoice } from '../store/desk-choice'
import { TournamentLooks } from '../store/tournament-looks'
import { WalSync, type FlushFile } from '../db/wal-sync'
import { Signal } from '../signal'
import { CachedReads } from '../sync/cached-reads'
import { OfflineWrites } from './offline-writes'
import { TournamentLookReads } from './tournament-look-reads'
import { moduleLog } from '../log'

const log = moduleLog('offline-session')

export interface OfflineSessionOptions {
  dataDir: string
  profileId: string
  clock: Clock
  bus: EventBus
  /** The profile's client; its reachability reports go to `connectivity.report`. */
  api: () => OrganizerApi
  /** This desk's key pair: the venue record's entries are signed with it. */
  identity: DeskIdentity
  /** Told when the database had to be replaced (damaged, unreadable), in words for the person. */
  onDatabaseProblem?: (message: string) => void
  /** When the page last asked main something: refreshes behind an answer wait for a quiet moment. */
  activity?: PageActivity
  probeMinMs?: number
  replayBaseMs?: number
  /** Writes to different entities sent at once (default 8); one entity's stay in order whatever this is. */
  replayConcurrency?: number
  /** How the database's WAL is flushed to disk (default: fsync); a test may watch it. */
  flushWal?: FlushFile
}

/** Offline tuning for tests: how soon the probe and replay retry, how many writes go at once, how the WAL is flushed. */
export type OfflineTuning = Pick<
  OfflineSessionOptions,
  'probeMinMs' | 'replayBaseMs' | 'replayConcurrency' | 'flushWal'
>

/** How long a write's requestId receipt is kept for a retry. */
const RECEIPTS_KEPT_MS = 30 * 86_400_000

/** Status pushes are coalesced: at most one every this many ms while writes drain. */
const STATUS_EVERY_MS = 100

/** Where a profile's local copy, outbox and producer's desk are kept. */
export function sessionDatabase(dataDir: string, profileId: string): string {
  return join(dataDir, 'db', `${encodeURIComponent(profileId)}.sqlite`)
}

/**
 * A change a desk following the session hears of: the cache's, or the producer's desk's (`part`: what changed, such
 * as 'on-air' for a Take; `ids`: the streams).
 */
export type SessionChange =
  CacheChange | { resource: 'producer'; part: ProducerPart; tournamentId: string; ids: readonly string[] }

export class OfflineSession {
  readonly db: Db
  readonly cache: Cache
  readonly outbox: Outbox
  readonly connectivity: Connectivity
  readonly replayer: Replayer
  readonly reads: CachedReads
  readonly writes: OfflineWrites
  readonly producer: ProducerStore
  readonly liveLayers: LiveLayers
  /** The picks and maps the producer keeps per discipline. */
  readonly pickLists: PickListStore
  /** What went on air on each stream and when, for VOD chapters. */
  readonly onAirLog: OnAirLog
  /** Each stream's show sequences as its producer edited them. */
  readonly sequences: ShowSequenceStore
  /** The venue's sponsor slots and their airtime per stream. */
  readonly sponsors: SponsorStore
  /** This desk's copy of the venue's shared record, kept in the database as it changes. */
  readonly venue: VenueRecord
  private readonly stopKeepingVenue: () => void
  /** The venue floor: stations, their matches and calls, the webhook's queue. */
  readonly floor: FloorStore
  /** Where and when each participant was checked in at this venue (the doors' "10:02 (Door 2)"). */
  readonly places: CheckinPlaces
  /** Each tournament's default locale and logo, for the broadcast, and their reading from the service. */
  readonly looks: TournamentLooks
  readonly lookReads: TournamentLookReads
  /** What the desk last chose on this connection (the tournament the views work on). */
  readonly choice: DeskChoice
  /**
   * Parts of the cache that changed (refreshed from the service, written here, or confirmed by the service), and what
   * a stream has on air (the producer's Take, `on-air`), which the floor shows on that stream's station.
   */
  readonly changes = new Signal<SessionChange>()
  /** Told when the sync status may have changed (a write queued, sent or refused; connectivity). */
  readonly synced = new Signal<void>()
  private statusTimer?: NodeJS.Timeout
  private readonly walSync: WalSync

  constructor(private readonly options: OfflineSessionOptions) {
    const { clock, bus, api } = options
    const file = sessionDatabase(options.dataDir, options.profileId)
    const opened = openOrRecoverDatabase(file)
    this.db = opened.db
    this.walSync = new WalSync(file, options.flushWal)
    if (opened.problem) options.onDatabaseProblem?.(opened.problem)
    this.cache = new Cache(this.db)
    this.outbox = new Outbox(this.db)
    this.connectivity = new Connectivity({
      clock,
      probeMinMs: options.probeMinMs ?? 1000,
      probe: () => api().client.reachable(),
      onChange: (state) => {
        if (state === 'online') this.replayer.online()
        this.changed()
      },
    })
    this.replayer = new Replayer({
      db: this.db,
      cache: this.cache,
      outbox: this.outbox,
      get api() {
        return api()
      },
      clock,
      connectivity: this.connectivity,
      onChange: () => this.changed(),
      onCacheChanged: (change) => this.changes.emit(change),
      ...(options.replayBaseMs !== undefined && { baseMs: options.replayBaseMs }),
      ...(options.replayConcurrency !== undefined && { concurrency: options.replayConcurrency }),
    })
    this.reads = new CachedReads({
      db: this.db,
      cache: this.cache,
      outbox: this.outbox,
      get api() {
        return api()
      },
      clock,
      bus,
      ...(options.activity && { activity: options.activity }),
      onChanged: (change) => this.changes.emit(change),
    })
    const requests = new RequestLog(this.db)
    requests.prune(clock.now() - RECEIPTS_KEPT_MS)
    this.writes = new OfflineWrites({
      db: this.db,
      cache: this.cache,
      outbox: this.outbox,
      requests,
      clock,
      owe: () => this.walSync.owe(),
      onQueued: () => {
        this.changed()
        this.replayer.kick()
      },
      onChanged: (change) => this.changes.emit(change),
    })
    this.producer = new ProducerStore(this.db, (streamId, part) => {
      const tournamentId = this.cache.get('streams', streamId)?.tournament_id
      if (tournamentId) this.changes.emit({ resource: 'producer', part, tournamentId, ids: [streamId] })
    })
    this.liveLayers = new LiveLayers(this.db)
    this.pickLists = new PickListStore(this.db)
    this.onAirLog = new OnAirLog(this.db)
    this.sequences = new ShowSequenceStore(this.db)
    this.sponsors = new SponsorStore(this.db)
    const records = new RecordStore(this.db)
    this.venue = new VenueRecord({
      deskId: records.deskId(),
      identity: options.identity,
      root: records.root(),
      now: () => clock.now(),
      rooted: (root) => records.setRoot(root),
    })
    this.stopKeepingVenue = records.open(this.venue.doc)
    this.venue.found()
    this.floor = new FloorStore(this.db)
    this.places = new CheckinPlaces(this.db)
    this.looks = new TournamentLooks(this.db)
    this.choice = new DeskChoice(this.db)
    this.lookReads = new TournamentLookReads({
      looks: this.looks,
      api,
      clock,
      changed: (tournamentId) => this.changes.emit({ resource: 'tournaments', tournamentId }),
    })
    // A match's links changed (written here, read from the service, acknowledged): the tournament's views read them
    // again. Reads tell of other lists themselves; links have no list of their own to be read through.
    this.changes.on((change) => {
      if (change.resource === 'match-streams')
        bus.publish('cache:updated', { resource: 'match-streams', scope: change.tournamentId })
    })
    this.replayer.kick()
  }

  /** The language a tournament's players read (its default locale as last read; American English when none). */
  localeOf(tournamentId: string): ViewerLocale {
    return viewerLocaleOf(this.looks.of(tournamentId)?.locale) ?? 'en_US'
  }

  /** Resolves once every write made so far is on disk: a write is acknowledged (to the page, to a door) after this. */
  onDisk(): Promise<void> {
    return this.walSync.onDisk()
  }

  status(): SyncStatus {
    return syncStatus(this.outbox, this.cache, this.connectivity.state, this.replayer.sending)
  }

  retry(seq: number): SyncStatus {
    this.waitingWrite(seq)
    this.outbox.retry(seq)
    this.replayer.kick()
    this.changed()
    return this.status()
  }

  /** Drops a write; the cache is refreshed so the dropped change disappears from it too. */
  async discard(seq: number): Promise<SyncStatus> {
    this.waitingWrite(seq)
    if (this.outbox.isSending(seq)) {
      throw new AppError(
        'conflict',
        'This write is being sent right now and may still reach the service: try again in a moment.',
      )
    }
    const dropped = this.db.transaction(() => this.outbox.discard(seq))()
    for (const { write } of dropped) {
      if (write.kind === 'match-streams.replace') this.cache.markRefreshed('match-streams', write.payload.matchId, 0)
      else
        await this.reads
          .refresh(write.kind === 'participant.update' ? 'participants' : 'streams', write.payload.tournamentId)
          .catch(log.failed('reading again what a discarded write touched'))
    }
    this.changed()
    return this.status()
  }

  /** The outbox row `seq`, or a not_found naming it (it was sent, discarded, or never existed). */
  private waitingWrite(seq: number): void {
    if (!this.outbox.row(seq))
      throw new AppError('not_found', `There is no waiting write ${seq}: it was sent or discarded.`)
  }

  close(): void {
    clearTimeout(this.statusTimer)
    this.reads.stop()
    this.replayer.stop()
    this.connectivity.stop()
    this.stopKeepingVenue()
    this.venue.close()
    this.venue.doc.destroy()
    // Closing the database checkpoints its WAL into the file, synced: nothing is left to flush.
    this.db.close()
    void this.walSync.close()
  }

  private changed(): void {
    if (this.statusTimer) return
    this.statusTimer = setTimeout(() => {
      this.statusTimer = undefined
      if (!this.db.open) return
      this.options.bus.publish('sync:status', this.status())
      this.synced.emit()
    }, STATUS_EVERY_MS)
    this.statusTimer.unref()
  }
}
