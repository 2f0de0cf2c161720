// The producer's desk, its commands: take, take next, reorder, hold and apply, the technical-difficulties key, the live
// layer's presses and undo, each answering the stream's new state (its desk and what it publishes), with the stream's
// feed built once per action; and, when the service's data changes, the streams someone follows rebuilt (a held one
// only restages). What is published, and to whom, is
// `publication.ts`'s.
import type { BracketNode, Stream } from '../../../shared/api'
import {
  Casters,
  type Feed,
  type FeedMatch,
  type LiveDesk,
  type PressedBy,
  type ScoreSource,
  type StreamState,
} from '../../../shared/broadcast/feed'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { EventBus } from '../event-bus'
import type { Connections } from '../services/connections'
import { SessionFollower } from '../services/session-follower'
import type { Interest, LiveTicks } from '../services/live-ticks'
import { slotName } from '../../../shared/bracket/match-labels'
import { countryOfParticipant } from '../../../shared/broadcast/country'
import { isDecided } from '../../../shared/bracket/stream-queue'
import { buildFeed, streamQueue, type TournamentSources } from './feed-builder'
import { SourcesMemo } from './sources-memo'
import { heldFeed, stagedChanges, waitingEdits } from './hold'
import { pickImagesOf, setPickImage } from './pick-images'
import type { PickImageRow, PickListName } from '../store/pick-lists'
import {
  disputes,
  inAnswerOrder,
  layerHolds,
  withServiceResult,
  pressWords,
  refusal,
  seedLayer,
  sideOnScreen,
  withLayer,
  type LivePress,
  type PickLists,
  type ScreenSide,
  type Side,
} from '../../../shared/broadcast/live-layer'
import { Publication, type FeedListener, type PublicationTarget, type SourceKind } from './publication'
import type { SequenceView } from './sequence-runner'
import type { SponsorRotation } from '../../../shared/broadcast/sponsors'
import type { StreamShowing } from './sponsor-desk'
import { moduleLog } from '../log'
import type { TabletView } from '../../../shared/venue/tablet'
import type { RoleGuard } from '../venue/venue-roles'
import type { RunElsewhere, SharedDesk, StreamRuns } from './stream-runs'

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

/** A short, stable version of a logo's address (FNV-1a), so the logo's URL changes only when the logo does. */
function versionOf(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(36)
}

/** A stream the desk looked at stays watched (rebuilt on every change, kept fresh) this long. */
const WATCH_MS = 10 * 60_000

/** How many of the journal's last presses the desk shows. */
const JOURNAL_SHOWN = 8

/** The on-air score fields a press changes, approved with it on a held stream. */
const LIVE_FIELDS = ['opponents.0.score', 'opponents.1.score', 'games', 'swapped']

/** How long a stream whose tournament could not be read is not asked about again (ms), and how many are remembered. */
const READ_AGAIN_MS = 30_000
const READ_FAILED_KEPT = 256

export class BroadcastDesk {
  private readonly watched = new Map<string, number>()
  /** Tournaments being read for an overlay that asked for one the desk has not opened, by stream. */
  private readonly reading = new Map<string, Promise<void>>()
  /** When reading a stream's tournament last failed, by stream (the oldest forgotten past `READ_FAILED_KEPT`). */
  private readonly readFailed = new Map<string, number>()
  private readonly follower: SessionFollower
  private readonly publication: Publication
  private readonly sources = new SourcesMemo()
  private readonly stopTicks: () => void
  /** Each stream's live layer as its feed was last built (`current`), for the desk's state. */
  private readonly liveDesks = new Map<string, LiveDesk | null>()
  /** The next state's revision (see StreamState): microseconds of the clock at start, then one more each state. */
  private revision: number

  constructor(private readonly ports: BroadcastDeskPorts) {
    this.revision = Math.max(0, Math.floor(ports.clock.now())) * 1000
    this.publication = new Publication(ports.bus, () => this.session().producer, ports.targets)
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
        this.sources.forget()
      },
    })
    this.stopTicks = ports.ticks?.follow(() => this.interests()) ?? (() => undefined)
  }

  /** Every stream of a tournament, its desk and what it shows; the streams are watched from now on. */
  status(tournamentId: string): StreamState[] {
    // The tournament's locale and logo are read in the background; its streams are republished once they are in.
    void this.session().lookReads.refresh(tournamentId).catch(log.failed('reading the tournament’s look', 'debug'))
    const streams = this.session().cache.list('streams', tournamentId)
    const sources = this.sourcesOf(tournamentId)
    return streams.map((stream) => {
      this.watched.set(stream.id, this.ports.clock.now())
      const elsewhere = this.ports.runs?.elsewhere(stream.id)
      if (elsewhere) return this.shownFrom(elsewhere)
      const current = this.current(stream, sources)
      const desk = this.session().producer.desk(stream.id)
      // A stream with something on air or queued goes live (one live already stays so); an empty one shows what it would.
      const live = desk.onAir || current.next.length > 0 || this.publication.isLive(stream.id)
      const feed = live ? this.liveFeed(stream.id, current) : current
      return this.stateOf(stream.id, current, feed)
    })
  }

  /**
   * Whether a stream's tournament is missing from the local copy (the stream, or its bracket never read): an overlay
   * set up before may ask for a tournament the desk has not opened since it started.
   */
  unread(streamId: string): boolean {
    const { cache } = this.session()
    const stream = cache.get('streams', streamId)
    // A stream the service did not know (or could not be asked about) is not asked about again for a while.
    const failed = this.readFailed.get(streamId)
    if (failed !== undefined && this.ports.clock.now() - failed < READ_AGAIN_MS) return false
    return !stream || cache.refreshedAt('nodes', stream.tournament_id) === null
  }

  /**
   * Reads a stream's tournament from the service as opening it would (its streams, bracket, stages, participants and
   * the streams linked to its matches), once at a time per stream; what the service refuses is left to the caller.
   */
  readStream(streamId: string): Promise<void> {
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
        this.readFailed.set(streamId, this.ports.clock.now())
        if (this.readFailed.size > READ_FAILED_KEPT) this.readFailed.delete(this.readFailed.keys().next().value!)
        throw error
      })
      .finally(() => this.reading.delete(streamId))
    this.reading.set(streamId, read)
    return read
  }

  /** What a stream publishes now (built and published on first ask; a held stream its kept feed). */
  feed(streamId: string): Feed {
    const stream = this.stream(streamId)
    const elsewhere = this.ports.runs?.elsewhere(stream.id)
    if (elsewhere) return this.publication.live(stream.id) ?? this.shownFrom(elsewhere).feed
    return (
      this.publication.live(streamId) ??
      this.liveFeed(streamId, this.current(stream, this.sourcesOf(stream.tournament_id)))
    )
  }

  /** Puts a match on air; one whose opponents are not all known only when `undecided` says the producer confirmed. */
  take(streamId: string, matchId: string, undecided = false): StreamState {
    const stream = this.ownStream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    const match = this.match(sources, matchId)
    const label = sources.labels.get(match.id)?.long ?? `match ${match.number}`
    if (!(sources.links.get(match.id) ?? []).includes(stream.id)) {
      throw new AppError('validation', `${label} is not linked to the stream “${stream.name}”: link it first.`, {
        matchId: `not linked to the stream “${stream.name}”`,
      })
    }
    if (!undecided && !isDecided(match)) {
      const waiting = match.opponents.map((o) => slotName(o, sources.labels)).join(' vs ')
      throw new AppError('validation', `${label} is not decided yet (${waiting}): confirm to put it on air anyway.`, {
        matchId: 'not decided yet',
      })
    }
    const store = this.session().producer
    return this.inOneTransaction(() => {
      store.setOnAir(stream.id, match.id, this.ports.clock.now())
      store.setOrder(
        stream.id,
        store.order(stream.id).filter((id) => id !== match.id),
      )
      this.seedLive(stream, sources)
      this.ports.sequences?.taken(stream.id)
      return this.act(stream, sources)
    })
  }

  /**
   * A press on the live layer of the stream's on-air match (+1, −1, a game's winner, map or picks, swap, adopt or keep
   * the service's score): the desk's and Companion's go on air at once, held or not, since the room's score is the
   * producer's own; a tablet's wait in Hold's list on a held stream. `by` says who pressed, for the journal.
   */
  live(streamId: string, press: LivePress, by: PressedBy): StreamState {
    const { stream, sources, onAir } = this.liveTarget(streamId)
    return this.inOneTransaction(() => {
      this.pressOn(stream, sources, onAir, press, by)
      return this.liveAct(stream, sources, onAir, by)
    })
  }

  /** Every line where the service and the room disagree, answered with the service's score (Companion's `adopt`). */
  adoptAll(streamId: string, by: PressedBy): StreamState {
    const { stream, sources, onAir } = this.liveTarget(streamId)
    return this.inOneTransaction(() => {
      this.current(stream, sources)
      const lines = this.liveDesks.get(stream.id)?.disputes ?? []
      if (lines.length === 0)
        throw new AppError('validation', 'Nothing to adopt: the service and the room agree on the score.')
      for (const line of inAnswerOrder(lines))
        this.pressOn(stream, sources, onAir, { kind: 'adopt', side: line.side, score: line.service }, by)
      return this.liveAct(stream, sources, onAir, by)
    })
  }

  /** Where a stream's on-air scores come from: the room's live layer, or the service only (the producer's own choice). */
  scoreSource(streamId: string, scores: ScoreSource): StreamState {
    const stream = this.ownStream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    const onAir = this.session().producer.desk(stream.id).onAir
    return this.inOneTransaction(() => {
      this.session().producer.setScores(stream.id, scores)
      return onAir ? this.liveAct(stream, sources, onAir, 'desk') : this.act(stream, sources)
    })
  }

  /** The stream, its sources and its on-air match, for a press; refused when nothing is on air or scores are the service's. */
  private liveTarget(streamId: string) {
    const stream = this.ownStream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    const desk = this.session().producer.desk(stream.id)
    if (!desk.onAir) throw new AppError('validation', `Nothing is on air on “${stream.name}”: take a match first.`)
    if (desk.scores === 'service')
      throw new AppError(
        'validation',
        `“${stream.name}” shows scores from the service only: switch it to live scores to press.`,
        { scores: 'scores from the service only' },
      )
    return { stream, sources, onAir: desk.onAir }
  }

  /** Journals one press on the on-air match, seeding its layer first if it has none; refused presses say why. */
  private pressOn(stream: Stream, sources: TournamentSources, onAir: string, press: LivePress, by: PressedBy): void {
    const layers = this.session().liveLayers
    // A match put on air before the live layer existed is seeded now, from what the service says.
    const layer = layers.layer(stream.id, onAir) ?? this.seedLive(stream, sources)
    if (!layer) throw new AppError('validation', 'The live score is for duels: this match has more than two sides.')
    const refused = refusal(layer, press)
    if (refused) throw new AppError('validation', `Not changed: ${refused}.`, { [press.kind]: refused })
    layers.press(stream.id, onAir, press, by, this.ports.clock.now())
  }

  /** The bracket side drawn on a screen side of the stream's on-air match (the producer may have swapped them). */
  sideOnScreen(streamId: string, screen: ScreenSide): Side {
    const stream = this.stream(streamId)
    const onAir = this.session().producer.desk(stream.id).onAir
    const layer = onAir ? this.session().liveLayers.layer(stream.id, onAir) : undefined
    return sideOnScreen(layer ?? { swapped: false }, screen)
  }

  /** Takes back the last press on the on-air match's live layer, whoever made it. */
  undo(streamId: string, by: PressedBy = 'desk'): StreamState {
    const { stream, sources, onAir } = this.liveTarget(streamId)
    return this.inOneTransaction(() => {
      if (!this.session().liveLayers.undo(stream.id, onAir))
        throw new AppError('validation', 'Nothing to undo: no press on this match still holds.')
      return this.liveAct(stream, sources, onAir, by)
    })
  }

  /** Seeds the on-air match's layer from the service's data (kept if it has one already); answers the layer. */
  private seedLive(stream: Stream, sources: TournamentSources) {
    const { onAir } = this.current(stream, sources)
    if (!onAir || onAir.opponents.length !== 2) return undefined
    const layers = this.session().liveLayers
    layers.seed(stream.id, seedLayer(onAir))
    return layers.layer(stream.id, onAir.id)
  }

  /**
   * A press publishes at once: on a held stream, the on-air match's scores, games and sides are approved with it —
   * unless a tablet pressed, whose edits wait in Hold's list like the service's changes.
   */
  private liveAct(stream: Stream, sources: TournamentSources, onAir: string, by: PressedBy): StreamState {
    const held = this.session().producer.desk(stream.id).held
    const shown = this.publication.shown(stream.id)
    if (!held || !shown || by === 'tablet') return this.act(stream, sources)
    const current = this.current(stream, sources)
    const approved = LIVE_FIELDS.map((field) => ({ matchId: onAir, field }))
    return this.answer(stream.id, current, heldFeed(shown, current, approved))
  }

  next(streamId: string): StreamState {
    const stream = this.ownStream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    const queue = streamQueue(sources, stream, this.deskState(stream.id))
    if (queue.length === 0)
      throw new AppError('validation', `Nothing is queued on “${stream.name}”: link a match to it first.`)
    // The first match whose opponents are all known: an undecided one goes on air only when taken by hand.
    const first = queue.find(isDecided)
    if (!first)
      throw new AppError(
        'validation',
        `Nothing decided is queued on “${stream.name}”: its matches still wait for their opponents. Take one by hand to put it on air anyway.`,
      )
    return this.take(streamId, first.id)
  }

  order(streamId: string, matchIds: string[]): StreamState {
    const stream = this.ownStream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    const queued = new Set(streamQueue(sources, stream, this.deskState(stream.id)).map((n) => n.id))
    const fields: Record<string, string> = {}
    matchIds.forEach((id, index) => {
      if (!queued.has(id)) fields[`matchIds.${index}`] = `match ${id} is not in the queue of “${stream.name}”`
    })
    if (Object.keys(fields).length) throw new AppError('validation', Object.values(fields).join('; '), fields)
    return this.inOneTransaction(() => {
      this.session().producer.setOrder(stream.id, matchIds)
      return this.act(stream, sources)
    })
  }

  hold(streamId: string, held: boolean): StreamState {
    const stream = this.ownStream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    const store = this.session().producer
    if (!held)
      return this.inOneTransaction(() => {
        store.setHeld(stream.id, false)
        return this.act(stream, sources)
      })
    // What shows now is what stays: the current published feed, marked held.
    const current = this.current(stream, sources)
    return this.inOneTransaction(() => {
      store.setHeld(stream.id, true)
      return this.answer(stream.id, current, { ...(this.publication.shown(stream.id) ?? current), held: true })
    })
  }

  /** A stream of the active connection, or a refusal naming it (for the sequences' channels). */
  streamOf(streamId: string): Stream {
    return this.stream(streamId)
  }

  /** The stream published again as it is now and its state told (a show sequence's step changed what it shows). */
  refresh(streamId: string): StreamState {
    const stream = this.stream(streamId)
    const elsewhere = this.ports.runs?.elsewhere(stream.id)
    if (elsewhere) return this.showElsewhere(stream.id, elsewhere)
    return this.act(stream, this.sourcesOf(stream.tournament_id))
  }

  /**
   * The technical-difficulties key (desk, Companion, a tablet): down, the card goes on air at once and the rest stands
   * still (the stream is held: the service's changes wait, as Hold's do); up, the stream is as it was — live again, or
   * still held if it was held before — and what waited goes on air unless it is still held.
   */
  difficulties(streamId: string, key: boolean | 'toggle'): StreamState {
    const stream = this.ownStream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    const store = this.session().producer
    const desk = store.desk(stream.id)
    const down = key === 'toggle' ? !desk.difficulties : key
    if (desk.difficulties === down) return this.act(stream, sources)
    return this.inOneTransaction(() => {
      if (!down) {
        store.setDifficulties(stream.id, false)
        store.setHeld(stream.id, desk.heldBefore)
        return this.act(stream, sources)
      }
      store.setDifficulties(stream.id, true, desk.held)
      store.setHeld(stream.id, true)
      const current = this.current(stream, sources)
      const shown = this.publication.shown(stream.id) ?? current
      return this.answer(stream.id, current, { ...shown, held: true, difficulties: true })
    })
  }

  /**
   * Who casts the stream, in order (at most four): the desk's and Companion's published at once, held or not, since
   * they are the producer's own; a caster tablet's wait in Hold's list on a held stream.
   */
  casters(streamId: string, casters: unknown, by: PressedBy = 'desk'): StreamState {
    const stream = this.ownStream(streamId)
    const parsed = Casters.safeParse(casters)
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((issue) => [['casters', ...issue.path].join('.'), issue.message]),
      )
      throw new AppError('validation', Object.values(fields).join('; '), fields)
    }
    return this.inOneTransaction(() => {
      this.session().producer.setCasters(stream.id, parsed.data)
      const sources = this.sourcesOf(stream.tournament_id)
      const shown = this.publication.shown(stream.id)
      if (by === 'tablet' || !this.session().producer.desk(stream.id).held || !shown) return this.act(stream, sources)
      const current = this.current(stream, sources)
      return this.answer(stream.id, current, heldFeed(shown, current, [{ matchId: stream.id, field: 'casters' }]))
    })
  }

  /** The picks and maps kept for a tournament's discipline (empty lists until the producer keeps some). */
  pickLists(tournamentId: string): PickLists {
    return this.session().pickLists.of(this.disciplineOf(tournamentId))
  }

  setPickLists(tournamentId: string, lists: PickLists): PickLists {
    const discipline = this.disciplineOf(tournamentId)
    this.session().pickLists.set(discipline, lists)
    return this.session().pickLists.of(discipline)
  }

  /** The discipline's item images (what has one), as the desk lists them. */
  pickImages(tournamentId: string): PickImageRow[] {
    return this.session().pickLists.images(this.disciplineOf(tournamentId))
  }

  /** Keeps or forgets an item's image; every live stream shows it at once where its match names the item. */
  setPickImage(
    tournamentId: string,
    change: { list: PickListName; item: string; image: string | null },
  ): PickImageRow[] {
    const rows = setPickImage(this.session().pickLists, this.disciplineOf(tournamentId), change)
    this.republishAll()
    return rows
  }

  /** An item's image by its id, for the hub. */
  pickImage(id: string) {
    return this.session().pickLists.image(id)
  }

  private disciplineOf(tournamentId: string): string {
    const tournament = this.session().cache.get('tournaments', tournamentId)
    if (!tournament)
      throw new AppError('not_found', `Tournament ${tournamentId} is not in the local copy: open it first.`)
    return tournament.discipline
  }

  /**
   * What a stream's tablet sees: the on-air match as the room's layer has it (a held stream's waiting edits included,
   * so a scorekeeper sees what they pressed), the casters and the discipline's lists.
   */
  tabletView(streamId: string, device: TabletView['device']): TabletView {
    const stream = this.stream(streamId)
    const current = this.current(stream, this.sourcesOf(stream.tournament_id))
    const desk = this.session().producer.desk(stream.id)
    const shown = this.publication.shown(stream.id)
    return {
      device,
      stream: { id: stream.id, name: stream.name },
      onAir: current.onAir,
      scores: desk.scores,
      held: desk.held,
      difficulties: desk.difficulties,
      waiting: desk.held && shown ? waitingEdits(stagedChanges(shown, current)) : 0,
      casters: current.casters,
      lists: this.session().pickLists.of(this.disciplineOf(stream.tournament_id)),
    }
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
      if (elsewhere) return [this.shownFrom(elsewhere)]
      const current = this.current(stream, this.sourcesOf(stream.tournament_id))
      return [this.stateOf(id, current, this.publication.shown(id) ?? current)]
    })
  }

  /** The tournament's logo as kept in the local copy (the hub serves it to overlays). */
  logo(tournamentId: string) {
    return this.session().looks.logo(tournamentId)
  }

  /** Publishes what the producer approves of a held stream: one change (match and field), one match, or all. */
  apply(streamId: string, matchId?: string, field?: string): StreamState {
    const stream = this.ownStream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    if (!this.session().producer.desk(stream.id).held) {
      throw new AppError('validation', `“${stream.name}” is not held: its changes are published as they come.`)
    }
    // The stream's own id names a change of the stream itself (its casters); any other, a match of it.
    if (matchId !== undefined && matchId !== stream.id) this.match(sources, matchId)
    const current = this.current(stream, sources)
    const shown = this.publication.shown(stream.id) ?? current
    const approved = matchId === undefined ? 'all' : [{ matchId, ...(field !== undefined && { field }) }]
    return this.inOneTransaction(() => this.answer(stream.id, current, heldFeed(shown, current, approved)))
  }

  /** Publishes the first change a held stream has staged (Companion's "apply the first line"). */
  applyFirst(streamId: string): StreamState {
    const stream = this.ownStream(streamId)
    const current = this.current(stream, this.sourcesOf(stream.tournament_id))
    const shown = this.publication.shown(stream.id) ?? current
    const first = this.session().producer.desk(stream.id).held ? stagedChanges(shown, current)[0] : undefined
    if (!first) throw new AppError('validation', `Nothing waits to be applied on “${stream.name}”.`)
    return this.apply(streamId, first.matchId, first.field)
  }

  /** The streams the desk publishes or the producer looks at, for a paired overlay device to pick from. */
  followed(): { id: string; name: string; tournament: string }[] {
    const { cache } = this.session()
    const ids = new Set([
      ...this.publication.liveStreams(),
      ...[...this.watched.keys()].filter((id) => this.isWatched(id)),
    ])
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
    const stream = this.stream(streamId)
    const elsewhere = this.ports.runs?.elsewhere(stream.id)
    return this.inOneTransaction(() => {
      if (elsewhere) this.adoptDesk(stream.id, elsewhere)
      this.ports.runs?.claim(stream.id)
      return this.act(stream, this.sourcesOf(stream.tournament_id))
    })
  }

  /** This desk's desk of a stream, as the shared venue carries it for the other desks. */
  sharedDesk(streamId: string): SharedDesk {
    const session = this.session()
    const desk = session.producer.desk(streamId)
    const live = desk.onAir ? session.liveLayers.kept(streamId, desk.onAir) : undefined
    return {
      takenAt: desk.takenAt,
      scores: desk.scores,
      heldBefore: desk.heldBefore,
      order: session.producer.order(streamId),
      casters: session.producer.casters(streamId),
      live: live ?? null,
    }
  }

  /**
   * The stream's match went to another stream, taken there after it was taken here (two desks took it at once, or
   * while cut off): a match is on air on one stream only, so this one shows nothing on air from now on.
   */
  dropTake(streamId: string, matchId: string): void {
    const stream = this.session().cache.get('streams', streamId)
    if (!stream || this.session().producer.desk(streamId).onAir !== matchId) return
    this.automatically('another desk took the match on air on another stream', () =>
      this.inOneTransaction(() => {
        this.session().producer.setOnAir(streamId, null, this.ports.clock.now())
        return this.act(stream, this.sourcesOf(stream.tournament_id))
      }),
    )
  }

  /** Why the stream states announced now changed when no person did it (null: a person's command). */
  cause(): string | null {
    return this.becauseOf
  }

  private becauseOf: string | null = null

  /** Work the desk does by itself, not at a person's command: what it announces says why (the audit log's cause). */
  private automatically<T>(cause: string, work: () => T): T {
    const before = this.becauseOf
    this.becauseOf = cause
    try {
      return work()
    } finally {
      this.becauseOf = before
    }
  }

  close(): void {
    this.follower.close()
    this.stopTicks()
  }

  /** A producer's action publishes at once; on a held stream only its structure (on air, queue) changes. */
  private act(stream: Stream, sources: TournamentSources): StreamState {
    const current = this.current(stream, sources)
    const shown = this.publication.shown(stream.id)
    const held = this.session().producer.desk(stream.id).held
    return this.answer(stream.id, current, held && shown ? heldFeed(shown, current) : current)
  }

  /** Publishes what an action decided, tells the desk's windows once, and answers the stream's new state. */
  private answer(streamId: string, current: Feed, feed: Feed): StreamState {
    this.publication.publish(streamId, feed)
    const state = this.stateOf(streamId, current, feed)
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
    const stream = this.stream(streamId)
    const elsewhere = this.ports.runs?.elsewhere(stream.id)
    if (elsewhere)
      throw new AppError('conflict', `“${stream.name}” is run by ${elsewhere.by}: take it over first.`, {
        streamId: `run by ${elsewhere.by}`,
      })
    this.ports.runs?.claim(stream.id)
    return stream
  }

  /** What another desk published of a stream, as this desk shows it: its own followers and revision. */
  private shownFrom({ state, by }: RunElsewhere): StreamState {
    return { ...state, runBy: by, sources: this.publication.sources(state.streamId), revision: this.revision++ }
  }

  private showElsewhere(streamId: string, elsewhere: RunElsewhere): StreamState {
    const state = this.shownFrom(elsewhere)
    this.publication.publish(streamId, state.feed)
    this.publication.announce(state)
    return state
  }

  /** Another desk's desk of a stream written into this desk's own, and what it showed kept as shown. */
  private adoptDesk(streamId: string, { state, desk }: RunElsewhere): void {
    const store = this.session().producer
    store.setOnAir(streamId, state.onAir, desk.takenAt ?? this.ports.clock.now())
    store.setOrder(streamId, desk.order)
    store.setCasters(streamId, desk.casters)
    store.setScores(streamId, desk.scores)
    store.setDifficulties(streamId, state.difficulties, desk.heldBefore)
    store.setHeld(streamId, state.held)
    if (desk.live) this.session().liveLayers.adopt(streamId, desk.live.seed, desk.live.journal)
    this.publication.publish(streamId, state.feed)
  }

  /** A stream's desk from its current feed and what it shows (nothing is built here). */
  private stateOf(streamId: string, current: Feed, shown: Feed): StreamState {
    const desk = this.session().producer.desk(streamId)
    return {
      streamId,
      onAir: desk.onAir,
      next: current.next.map((m) => m.id),
      held: desk.held,
      difficulties: desk.difficulties,
      sequence: this.ports.sequences?.state(streamId) ?? null,
      staged: desk.held ? stagedChanges(shown, current) : [],
      sources: this.publication.sources(streamId),
      live: this.liveDesks.get(streamId) ?? null,
      runBy: null,
      feed: shown,
      revision: this.revision++,
    }
  }

  /** Tells the desk a stream's sources changed (an OBS source connected or went away). */
  private announceSources(streamId: string): void {
    if (!this.session().db.open) return
    const stream = this.session().cache.get('streams', streamId)
    if (!stream) return
    const elsewhere = this.ports.runs?.elsewhere(streamId)
    if (elsewhere) return this.publication.announce(this.shownFrom(elsewhere))
    const current = this.current(stream, this.sourcesOf(stream.tournament_id))
    this.publication.announce(this.stateOf(streamId, current, this.publication.shown(streamId) ?? current))
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
      this.automatically(SERVICE_CHANGED, () => this.publication.announce(this.stateOf(streamId, current, feed)))
    return feed
  }

  /** The service's data changed: each stream someone follows is rebuilt; held ones only restage. */
  private rebuild(tournaments: ReadonlySet<string>): void {
    this.automatically(SERVICE_CHANGED, () => this.rebuildNow(tournaments))
  }

  private rebuildNow(tournaments: ReadonlySet<string>): void {
    const session = this.session()
    for (const tournamentId of tournaments) {
      const followed = session.cache
        .list('streams', tournamentId)
        .filter((s) => (this.publication.isLive(s.id) || this.isWatched(s.id)) && !this.ports.runs?.elsewhere(s.id))
      if (followed.length === 0) continue
      const sources = this.sourcesOf(tournamentId)
      for (const stream of followed) {
        const current = this.current(stream, sources)
        if (!session.producer.desk(stream.id).held) {
          if (this.publication.publish(stream.id, current))
            this.publication.announce(this.stateOf(stream.id, current, current))
          continue
        }
        const shown = this.publication.shown(stream.id) ?? current
        if (this.publication.restaged(stream.id, JSON.stringify(stagedChanges(shown, current))))
          this.publication.announce(this.stateOf(stream.id, current, shown))
      }
    }
  }

  /**
   * What can change on air, for the live ticks: the bracket's frontier and every match linked to a stream each time,
   * participants, stages, streams and the look every fourth time, for each tournament a stream someone follows is in.
   */
  private *interests(): Iterable<Interest> {
    const session = this.session()
    const tournaments = new Set<string>()
    for (const streamId of [...this.publication.liveStreams(), ...this.watched.keys()]) {
      if (!this.isWatched(streamId) && !this.publication.followed(streamId)) continue
      const stream = session.cache.get('streams', streamId)
      if (stream) tournaments.add(stream.tournament_id)
    }
    for (const tournamentId of tournaments) {
      const nodes = new Set(session.cache.linksOfTournament(tournamentId).keys())
      yield { session, tournamentId, nodes, participants: 'slow', setup: true }
    }
  }

  /**
   * The stream's feed as the local copy has it now (built once per action): the on-air duel's scores from the live
   * layer once pressed on (until then, the service's), unless the stream takes scores from the service only or the
   * service's final result ended the layer. What the desk shows of the layer is kept for `stateOf`.
   */
  private current(stream: Stream, sources: TournamentSources): Feed {
    const session = this.session()
    const feed = buildFeed({
      ...sources,
      stream,
      desk: this.deskState(stream.id),
      casters: session.producer.casters(stream.id),
      now: this.ports.clock.now(),
      online: session.connectivity.state === 'online',
    })
    const service = feed.onAir
    const live = service && service.opponents.length === 2 ? this.liveOf(stream.id, service) : null
    this.liveDesks.set(stream.id, live?.desk ?? null)
    const difficulties = session.producer.desk(stream.id).difficulties
    const hidden = this.ports.sequences?.hidden(stream.id) ?? []
    const sponsors = this.ports.sponsors?.() ?? null
    const onAir = live?.shown ?? feed.onAir
    const discipline = session.cache.get('tournaments', stream.tournament_id)?.discipline
    const pickImages = discipline ? pickImagesOf(session.pickLists.images(discipline), onAir) : null
    return { ...feed, difficulties, hidden, sponsors, pickImages, onAir }
  }

  /** The on-air duel's live layer: what the desk shows of it, and the match as it goes on air when the layer holds. */
  private liveOf(streamId: string, service: FeedMatch): { desk: LiveDesk; shown: FeedMatch | null } {
    const session = this.session()
    const scores = session.producer.desk(streamId).scores
    const kept = scores === 'live' ? session.liveLayers.read(streamId, service.id) : undefined
    const pressed = kept?.journal.some((entry) => !entry.undone) ?? false
    if (!kept || !pressed) return { desk: { scores, disputes: [], ended: false, journal: [] }, shown: null }
    const names = service.opponents.map((o) => o.name)
    const journal = kept.journal
      .slice(-JOURNAL_SHOWN)
      .reverse()
      .map((entry) => ({ at: entry.at, by: entry.by, words: pressWords(entry.press, names), undone: entry.undone }))
    const holds = layerHolds(kept.layer, service)
    return {
      desk: { scores, disputes: disputes(kept.layer, service), ended: !holds, journal },
      // The service's final result takes the score; the sides and games stay the room's until the producer says.
      shown: holds ? withLayer(service, kept.layer) : withServiceResult(service, kept.layer),
    }
  }

  private deskState(streamId: string) {
    const store = this.session().producer
    const { onAir, takenAt } = store.desk(streamId)
    return { onAir, takenAt, order: store.order(streamId) }
  }

  /** The tournament's sources, worked out again only for what changed in the local copy since the last time. */
  private sourcesOf(tournamentId: string): TournamentSources {
    const { cache, looks } = this.session()
    const tournament = cache.get('tournaments', tournamentId)
    // The participants by id from the kept list: a desk of 128 streams looks up hundreds of them at each rebuild.
    const participants = cache.byId('participants', tournamentId)
    const look = looks.of(tournamentId)
    return this.sources.of(tournamentId, {
      tournament: {
        id: tournamentId,
        name: tournament?.name ?? '',
        locale: look?.locale ?? null,
        // The logo's own address in the version: a browser source shows a new logo, never its cached old one.
        logo: look?.hasLogo
          ? `/feed/v1/tournaments/${encodeURIComponent(tournamentId)}/logo?v=${versionOf(look.logoSource ?? '')}`
          : null,
      },
      nodes: cache.kept('nodes', tournamentId),
      links: cache.linksOfTournament(tournamentId),
      stages: cache.kept('stages', tournamentId),
      participants,
      checkedIn: (participantId) => participants.get(participantId)?.checked_in,
      countryOf: (participantId) => {
        const found = participants.get(participantId)
        return found ? countryOfParticipant(found) : null
      },
    })
  }

  private stream(streamId: string): Stream {
    const stream = this.session().cache.get('streams', streamId)
    if (!stream)
      throw new AppError('not_found', `Stream ${streamId} is not in the local copy: open its tournament first.`)
    return stream
  }

  private match(sources: TournamentSources, matchId: string): BracketNode {
    const match = sources.byId.get(matchId)
    if (!match)
      throw new AppError('not_found', `Match ${matchId} is not in the local copy of this tournament's bracket.`)
    return match
  }

  private isWatched(streamId: string): boolean {
    return this.ports.clock.now() - (this.watched.get(streamId) ?? -Infinity) < WATCH_MS
  }

  private session() {
    return this.follower.session
  }
}
