// The producer's desk: every command on a stream (take and queue, the live score, Hold and the key, a shared venue's
// take-over) answers the stream's new state, with its feed built once per action (`stream-feeds.ts`); when the
// service's data changes, the streams someone follows are rebuilt (a held one only restages). Publishing is
// `publication.ts`'s; the command groups act through this desk (`desk-actions.ts`).
import type { Stream } from '../../../shared/api'
import { type Feed, type PressedBy, type ScoreSource, type StreamState } from '../../../shared/broadcast/feed'
import type { LivePress, ScreenSide, Side } from '../../../shared/broadcast/live-layer'
import type { SponsorRotation } from '../../../shared/broadcast/sponsors'
import type { TabletView } from '../../../shared/venue/tablet'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { EventBus } from '../event-bus'
import { moduleLog } from '../log'
import type { Connections } from '../services/connections'
import type { LiveTicks } from '../services/live-ticks'
import { SessionFollower } from '../services/session-follower'
import type { RoleGuard } from '../venue/venue-role-guard'
import type { TournamentSources } from './feed-builder'
import { heldFeed, stagedChanges } from './hold'
import type { DeskCommandPorts } from './desk-actions'
import { HoldCommands } from './hold-commands'
import { LiveScore } from './live-score'
import { QueueCommands } from './queue-commands'
import { PickDesk } from './pick-desk'
import { Publication, type FeedListener, type PublicationTarget, type SourceKind } from './publication'
import type { SequenceView } from './sequence-runner'
import type { StreamShowing } from './sponsor-desk'
import { StreamFeeds } from './stream-feeds'
import { adoptDesk, sharedDeskOf, type RunElsewhere, type SharedDesk, type StreamRuns } from './stream-runs'
import { UnopenedStreams } from './unopened-streams'
import { followedInterests, WatchedStreams } from './watched-streams'
import { AutomaticCause } from './automatic-cause'
import { tabletViewOf } from './tablet-view'

const log = moduleLog('broadcast-desk')

/** The audit log's cause of what the service's data changed on a stream (its queue, what is on air). */
const SERVICE_CHANGED = 'the service’s bracket changed'

export interface BroadcastDeskPorts {
  connections: Connections
  clock: Clock
  bus: EventBus
  /** The live ticks that read again, with the other desks', what is on air. */
  ticks?: LiveTicks
  /** Where published feeds go beside the hub's followers (OBS). */
  targets?: readonly PublicationTarget[]
  /** The show sequences: the overlays they hide, each stream's run, and the Takes that start one. */
  sequences?: SequenceView
  /** The venue's sponsor rotation, which every stream's feed carries. */
  sponsors?: () => SponsorRotation | null
  /** Which desk of a shared venue runs each stream (none: this desk runs every stream). */
  runs?: StreamRuns
  /** This desk's role in a shared venue: every command on a stream is checked against it here, whoever asked. */
  roles?: RoleGuard
}

export class BroadcastDesk {
  private readonly watched: WatchedStreams
  private readonly automatic = new AutomaticCause()
  private readonly follower: SessionFollower
  private readonly publication: Publication
  private readonly feeds: StreamFeeds
  private readonly stopTicks: () => void
  /** The picks and maps of each tournament's discipline, and their images. */
  readonly picks: PickDesk
  /** Streams of tournaments the desk has not opened, read when an overlay asks for one. */
  readonly unopened: UnopenedStreams
  /** The live layer's presses on each stream's on-air duel. */
  private readonly liveScore: LiveScore
  /** Hold, apply, the difficulties key and the casters. */
  private readonly held: HoldCommands
  /** Take, take next and the queue's order. */
  private readonly queue: QueueCommands

  constructor(private readonly ports: BroadcastDeskPorts) {
    const session = () => this.session()
    this.watched = new WatchedStreams(ports.clock)
    this.publication = new Publication(ports.bus, () => this.session().producer, ports.targets)
    this.feeds = new StreamFeeds({ ...ports, session, publication: this.publication })
    this.picks = new PickDesk(session, () => this.republishAll())
    this.unopened = new UnopenedStreams(session, ports.clock)
    const commands: DeskCommandPorts = {
      session,
      clock: ports.clock,
      feeds: this.feeds,
      desk: {
        ownStream: (streamId) => this.ownStream(streamId),
        act: (stream, sources) => this.act(stream, sources),
        answer: (streamId, current, feed) => this.answer(streamId, current, feed),
        inOneTransaction: (action) => this.inOneTransaction(action),
        shown: (streamId) => this.publication.shown(streamId),
      },
    }
    this.liveScore = new LiveScore(commands)
    this.held = new HoldCommands(commands)
    this.queue = new QueueCommands({
      ...commands,
      seed: (stream, sources) => this.liveScore.seed(stream, sources),
      taken: (streamId) => ports.sequences?.taken(streamId),
    })
    this.follower = new SessionFollower({
      connections: ports.connections,
      // The desk's own actions were published as they were made: only the service's changes rebuild.
      watch: (session, changed) =>
        session.changes.on(({ resource, tournamentId }) => {
          if (resource !== 'producer') changed(tournamentId)
        }),
      settled: (tournaments) => this.rebuild(tournaments),
      switched: () => {
        this.publication.forget()
        this.feeds.forget()
      },
    })
    const followed = () =>
      [...this.publication.liveStreams(), ...this.watched.ids()].filter(
        (id) => this.watched.has(id) || this.publication.followed(id),
      )
    this.stopTicks = ports.ticks?.follow(() => followedInterests(this.session(), followed())) ?? (() => undefined)
  }

  /** Every stream of a tournament, its desk and what it shows; the streams are watched from now on. */
  status(tournamentId: string): StreamState[] {
    // The tournament's locale and logo are read in the background; its streams are republished once they are in.
    void this.session().lookReads.refresh(tournamentId).catch(log.failed('reading the tournament’s look', 'debug'))
    const streams = this.session().cache.list('streams', tournamentId)
    const sources = this.feeds.sourcesOf(tournamentId)
    return streams.map((stream) => {
      this.watched.look(stream.id)
      const elsewhere = this.ports.runs?.elsewhere(stream.id)
      if (elsewhere) return this.feeds.shownFrom(elsewhere)
      const current = this.feeds.current(stream, sources)
      const desk = this.session().producer.desk(stream.id)
      // A stream with something on air or queued goes live (one live already stays so); an empty one shows what it would.
      const live = desk.onAir || current.next.length > 0 || this.publication.isLive(stream.id)
      const feed = live ? this.liveFeed(stream.id, current) : current
      return this.feeds.stateOf(stream.id, current, feed)
    })
  }

  /** What a stream publishes now (built and published on first ask; a held stream its kept feed). */
  feed(streamId: string): Feed {
    const stream = this.feeds.stream(streamId)
    const elsewhere = this.ports.runs?.elsewhere(stream.id)
    if (elsewhere) return this.publication.live(stream.id) ?? this.feeds.shownFrom(elsewhere).feed
    return (
      this.publication.live(streamId) ??
      this.liveFeed(streamId, this.feeds.current(stream, this.feeds.sourcesOf(stream.tournament_id)))
    )
  }

  /** Puts a match on air; one whose opponents are not all known only when `undecided` says the producer confirmed. */
  take(streamId: string, matchId: string, undecided = false): StreamState {
    return this.queue.take(streamId, matchId, undecided)
  }

  /** Puts the queue's first decided match on air. */
  next(streamId: string): StreamState {
    return this.queue.next(streamId)
  }

  /** The queue in the producer's order. */
  order(streamId: string, matchIds: string[]): StreamState {
    return this.queue.order(streamId, matchIds)
  }

  /** A press on the on-air duel's live layer (see `LiveScore.live`); `by` says who pressed, for the journal. */
  live(streamId: string, press: LivePress, by: PressedBy): StreamState {
    return this.liveScore.live(streamId, press, by)
  }

  /**
   * Presses from outside the room (a game's reading, the players' agreed result) on the stream's on-air duel, made
   * together and journalled as theirs: on a held stream they wait in Hold's list; the audit log names `cause`.
   */
  fromOutside(streamId: string, presses: readonly LivePress[], cause: string, by: 'game' | 'players'): StreamState {
    return this.automatic.during(cause, () => this.liveScore.liveAll(streamId, presses, by))
  }

  /** The on-air duel's live layer and its opponents' names, for a game source (null: nothing it could press on). */
  onAirLayer(streamId: string): ReturnType<LiveScore['onAirLayer']> {
    return this.liveScore.onAirLayer(streamId)
  }

  /** Every line where the service and the room disagree, answered with the service's score (Companion's `adopt`). */
  adoptAll(streamId: string, by: PressedBy): StreamState {
    return this.liveScore.adoptAll(streamId, by)
  }

  /** Where a stream's on-air scores come from: the room's live layer, or the service only (the producer's own choice). */
  scoreSource(streamId: string, scores: ScoreSource): StreamState {
    return this.liveScore.scoreSource(streamId, scores)
  }

  /** The bracket side drawn on a screen side of the stream's on-air match (the producer may have swapped them). */
  sideOnScreen(streamId: string, screen: ScreenSide): Side {
    return this.liveScore.sideOnScreen(streamId, screen)
  }

  /** Takes back the last press on the on-air match's live layer, whoever made it. */
  undo(streamId: string, by: PressedBy = 'desk'): StreamState {
    return this.liveScore.undo(streamId, by)
  }

  /** Holds a stream (what shows now stays) or lets it go live again. */
  hold(streamId: string, held: boolean): StreamState {
    return this.held.hold(streamId, held)
  }

  /** The technical-difficulties key (see `HoldCommands.difficulties`). */
  difficulties(streamId: string, key: boolean | 'toggle'): StreamState {
    return this.held.difficulties(streamId, key)
  }

  /** Who casts the stream, in order; a caster tablet's edit waits on a held stream. */
  casters(streamId: string, casters: unknown, by: PressedBy = 'desk'): StreamState {
    return this.held.casters(streamId, casters, by)
  }

  /** Publishes what the producer approves of a held stream: one change (match and field), one match, or all. */
  apply(streamId: string, matchId?: string, field?: string): StreamState {
    return this.held.apply(streamId, matchId, field)
  }

  /** Publishes the first change a held stream has staged (Companion's "apply the first line"). */
  applyFirst(streamId: string): StreamState {
    return this.held.applyFirst(streamId)
  }

  /** A stream of the active connection, or a refusal naming it (for the sequences' channels). */
  streamOf(streamId: string): Stream {
    return this.feeds.stream(streamId)
  }

  /** The stream published again as it is now and its state told (a show sequence's step changed what it shows). */
  refresh(streamId: string): StreamState {
    const stream = this.feeds.stream(streamId)
    const elsewhere = this.ports.runs?.elsewhere(stream.id)
    if (elsewhere) return this.showElsewhere(stream.id, elsewhere)
    return this.act(stream, this.feeds.sourcesOf(stream.tournament_id))
  }

  /**
   * What a stream's tablet sees: the on-air match as the room's layer has it (a held stream's waiting edits included,
   * so a scorekeeper sees what they pressed), the casters and the discipline's lists.
   */
  tabletView(streamId: string, device: TabletView['device']): Omit<TabletView, 'replay'> {
    const stream = this.feeds.stream(streamId)
    const current = this.feeds.current(stream, this.feeds.sourcesOf(stream.tournament_id))
    return tabletViewOf({
      device,
      stream,
      current,
      desk: this.session().producer.desk(stream.id),
      shown: this.publication.shown(stream.id),
      lists: this.picks.lists(stream.tournament_id),
    })
  }

  /** Hears each new state of one stream (an action's, or a rebuild's), as the desk's windows do. */
  onStreamChanged(streamId: string, listener: () => void): () => void {
    return this.onAnyStreamChanged((state) => {
      if (state.streamId === streamId) listener()
    })
  }

  /** Hears each new state of every stream, as the desk's windows do (Companion's event stream). */
  onAnyStreamChanged(listener: (state: StreamState) => void): () => void {
    return this.ports.bus.subscribe((event, payload) => {
      if (event === 'broadcast:changed') listener(payload as StreamState)
    })
  }

  /** The state of every stream the desk publishes or looks at now: what a new follower is told first. */
  followedStates(): StreamState[] {
    return this.followed().flatMap(({ id }) => {
      const stream = this.session().cache.get('streams', id)
      if (!stream) return []
      const elsewhere = this.ports.runs?.elsewhere(id)
      if (elsewhere) return [this.feeds.shownFrom(elsewhere)]
      const current = this.feeds.current(stream, this.feeds.sourcesOf(stream.tournament_id))
      return [this.feeds.stateOf(id, current, this.publication.shown(id) ?? current)]
    })
  }

  /** The tournament's logo as kept in the local copy (the hub serves it to overlays). */
  logo(tournamentId: string) {
    return this.session().looks.logo(tournamentId)
  }

  /** The streams the desk publishes or the producer looks at, for a paired overlay device to pick from. */
  followed(): { id: string; name: string; tournament: string }[] {
    const { cache } = this.session()
    const ids = new Set([...this.publication.liveStreams(), ...this.watched.ids()])
    return [...ids].flatMap((id) => {
      const stream = cache.get('streams', id)
      if (!stream) return []
      const tournament = cache.get('tournaments', stream.tournament_id)
      return [{ id: stream.id, name: stream.name, tournament: tournament?.name ?? '' }]
    })
  }

  /**
   * Follows a stream's published feed: the current one at once, then each change. `kind` names the overlay (or "feed")
   * so the desk can say how many sources are connected; the desk hears when one comes or goes.
   */
  subscribe(streamId: string, listener: FeedListener, kind: SourceKind = 'feed'): () => void {
    const stop = this.publication.subscribe(streamId, this.feed(streamId), listener, kind)
    this.announceSources(streamId)
    return () => {
      stop()
      this.announceSources(streamId)
    }
  }

  /** Every stream live now: what it shows and who follows it (the sponsors' airtime is counted from this). */
  showing(): Omit<StreamShowing, 'obs'>[] {
    if (!this.session().db.open) return []
    return this.publication.liveStreams().map((streamId) => ({
      streamId,
      streamName: this.session().cache.get('streams', streamId)?.name ?? streamId,
      sources: this.publication.sources(streamId),
      feed: this.publication.shown(streamId),
    }))
  }

  /** Publishes every live stream again (what every feed carries changed: the sponsors). */
  republishAll(): void {
    for (const streamId of this.publication.liveStreams()) {
      if (!this.session().cache.get('streams', streamId) || this.ports.runs?.elsewhere(streamId)) continue
      this.refresh(streamId)
    }
  }

  /**
   * A stream another desk runs changed there (or began to be run there): this desk publishes what that desk published
   * — to its own overlays and OBS — and shows it. Nothing is built here: every desk shows the same feed.
   */
  showShared(streamId: string): void {
    if (!this.session().db.open) return
    const elsewhere = this.ports.runs?.elsewhere(streamId)
    if (elsewhere) this.showElsewhere(streamId, elsewhere)
  }

  /**
   * This desk runs the stream from now on: another desk's desk of it (on air, queue, hold, key, casters, the live
   * layer's presses) becomes this desk's, and what it showed stays on air until this desk changes it.
   */
  takeOver(streamId: string): StreamState {
    this.ports.roles?.check('streams')
    const stream = this.feeds.stream(streamId)
    const elsewhere = this.ports.runs?.elsewhere(stream.id)
    return this.inOneTransaction(() => {
      if (elsewhere) {
        adoptDesk(this.session(), stream.id, elsewhere, this.ports.clock.now())
        this.publication.publish(stream.id, elsewhere.state.feed)
      }
      this.ports.runs?.claim(stream.id)
      return this.act(stream, this.feeds.sourcesOf(stream.tournament_id))
    })
  }

  /** This desk's desk of a stream, as the shared venue carries it for the other desks. */
  sharedDesk(streamId: string): SharedDesk {
    return sharedDeskOf(this.session(), streamId)
  }

  /**
   * The stream's match went to another stream, taken there after it was taken here (two desks took it at once, or
   * while cut off): a match is on air on one stream only, so this one shows nothing on air from now on.
   */
  dropTake(streamId: string, matchId: string): void {
    const stream = this.session().cache.get('streams', streamId)
    if (!stream || this.session().producer.desk(streamId).onAir !== matchId) return
    this.automatic.during('another desk took the match on air on another stream', () =>
      this.inOneTransaction(() => {
        this.session().producer.setOnAir(streamId, null, this.ports.clock.now())
        return this.act(stream, this.feeds.sourcesOf(stream.tournament_id))
      }),
    )
  }

  /** Why the stream states announced now changed when no person did it (null: a person's command). */
  cause(): string | null {
    return this.automatic.now()
  }

  close(): void {
    this.follower.close()
    this.stopTicks()
  }

  /** A producer's action publishes at once; on a held stream only its structure (on air, queue) changes. */
  private act(stream: Stream, sources: TournamentSources): StreamState {
    const current = this.feeds.current(stream, sources)
    const shown = this.publication.shown(stream.id)
    const held = this.session().producer.desk(stream.id).held
    return this.answer(stream.id, current, held && shown ? heldFeed(shown, current) : current)
  }

  /** Publishes what an action decided, tells the desk's windows once, and answers the stream's new state. */
  private answer(streamId: string, current: Feed, feed: Feed): StreamState {
    this.publication.publish(streamId, feed)
    const state = this.feeds.stateOf(streamId, current, feed)
    this.publication.announce(state)
    return state
  }

  /**
   * A desk action's writes (on air, the queue, hold, casters, what was published) commit together or not at all: a
   * crash between them can never leave a match on air and still queued. One synced commit, not four; what it
   * publishes is told after the commit.
   */
  private inOneTransaction<T>(action: () => T): T {
    // Followers, OBS and the windows hear of it once it is committed, never of a Take that was rolled back.
    return this.publication.afterCommit(() => this.session().db.transaction(action)())
  }

  /**
   * A stream of the active connection this desk may change: refused when this desk's role does not take streams, or
   * another desk runs it (naming that desk).
   */
  private ownStream(streamId: string): Stream {
    this.ports.roles?.check('streams')
    const stream = this.feeds.stream(streamId)
    const elsewhere = this.ports.runs?.elsewhere(stream.id)
    if (elsewhere)
      throw new AppError('conflict', `“${stream.name}” is run by ${elsewhere.by}: take it over first.`, {
        streamId: `run by ${elsewhere.by}`,
      })
    this.ports.runs?.claim(stream.id)
    return stream
  }

  private showElsewhere(streamId: string, elsewhere: RunElsewhere): StreamState {
    const state = this.feeds.shownFrom(elsewhere)
    this.publication.publish(streamId, state.feed)
    this.publication.announce(state)
    return state
  }

  /** Tells the desk a stream's sources changed (an OBS source connected or went away). */
  private announceSources(streamId: string): void {
    if (!this.session().db.open) return
    const stream = this.session().cache.get('streams', streamId)
    if (!stream) return
    const elsewhere = this.ports.runs?.elsewhere(streamId)
    if (elsewhere) return this.publication.announce(this.feeds.shownFrom(elsewhere))
    const current = this.feeds.current(stream, this.feeds.sourcesOf(stream.tournament_id))
    this.publication.announce(this.feeds.stateOf(streamId, current, this.publication.shown(streamId) ?? current))
  }

  /**
   * Makes a stream live with what it shows now: a held one the feed it kept, any other its current one (never the one
   * published before the last change: a read between a change and the desk's rebuild answers the change). A feed that
   * changed is announced here, since the rebuild after it will find nothing new to tell.
   */
  private liveFeed(streamId: string, current: Feed): Feed {
    const feed = (this.session().producer.desk(streamId).held && this.publication.shown(streamId)) || current
    // Only a read gets here: a feed that changed since was changed by the service's data, not by a person.
    if (this.publication.publish(streamId, feed))
      this.automatic.during(SERVICE_CHANGED, () =>
        this.publication.announce(this.feeds.stateOf(streamId, current, feed)),
      )
    return feed
  }

  /** The service's data changed: each stream someone follows is rebuilt; held ones only restage. */
  private rebuild(tournaments: ReadonlySet<string>): void {
    this.automatic.during(SERVICE_CHANGED, () => this.rebuildNow(tournaments))
  }

  private rebuildNow(tournaments: ReadonlySet<string>): void {
    const session = this.session()
    for (const tournamentId of tournaments) {
      const followed = session.cache
        .list('streams', tournamentId)
        .filter((s) => (this.publication.isLive(s.id) || this.watched.has(s.id)) && !this.ports.runs?.elsewhere(s.id))
      if (followed.length === 0) continue
      const sources = this.feeds.sourcesOf(tournamentId)
      for (const stream of followed) {
        const current = this.feeds.current(stream, sources)
        if (!session.producer.desk(stream.id).held) {
          if (this.publication.publish(stream.id, current))
            this.publication.announce(this.feeds.stateOf(stream.id, current, current))
          continue
        }
        const shown = this.publication.shown(stream.id) ?? current
        if (this.publication.restaged(stream.id, JSON.stringify(stagedChanges(shown, current))))
          this.publication.announce(this.feeds.stateOf(stream.id, current, shown))
      }
    }
  }

  private session() {
    return this.follower.session
  }
}
