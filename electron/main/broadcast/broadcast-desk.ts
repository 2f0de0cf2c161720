// The producer's desk and what each stream publishes: take, take next, reorder, hold and apply; feeds rebuilt when the
// cache changes and published when they change, a held stream keeping what it showed until the producer applies.
import type { BracketNode, Stream } from '../../../shared/api'
import type { Feed, StreamDesk } from '../../../shared/broadcast/feed'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { EventBus } from '../event-bus'
import type { Connections } from '../services/connections'
import { SessionFollower } from '../services/session-follower'
import { buildFeed, queueOf, tournamentSources, type TournamentSources } from './feed-builder'
import { heldFeed, sameFeed, stagedChanges } from './hold'

export interface BroadcastDeskPorts {
  connections: Connections
  clock: Clock
  bus: EventBus
  /** How often the tournaments on air are read again from the service (ms); 0: never by itself. */
  refreshMs?: number
}

type FeedListener = (feed: Feed) => void

/** A stream the desk looked at stays watched (rebuilt on every change, kept fresh) this long. */
const WATCH_MS = 10 * 60_000
export class BroadcastDesk {
  private readonly listeners = new Map<string, Set<FeedListener>>()
  private readonly published = new Map<string, Feed>()
  private readonly staged = new Map<string, string>()
  private readonly watched = new Map<string, number>()
  private readonly follower: SessionFollower
  private refreshes = 0

  constructor(private readonly ports: BroadcastDeskPorts) {
    this.follower = new SessionFollower({
      connections: ports.connections,
      watch: (session, changed) => session.changes.on(({ tournamentId }) => changed(tournamentId)),
      settled: (tournaments) => this.rebuild(tournaments),
      switched: () => {
        this.published.clear()
        this.staged.clear()
      },
      ...(ports.refreshMs && { refreshMs: ports.refreshMs }),
      refresh: () => this.refreshOnAir(),
    })
  }

  /** What the desk shows of every stream of a tournament; the streams are watched from now on. */
  status(tournamentId: string): StreamDesk[] {
    const session = this.session()
    const streams = session.cache.list('streams', tournamentId)
    const sources = this.sourcesOf(tournamentId)
    return streams.map((stream) => {
      this.watched.set(stream.id, this.ports.clock.now())
      return this.deskOf(stream, sources)
    })
  }

  /** What a stream publishes now (built and published on first ask). */
  feed(streamId: string): Feed {
    const stream = this.stream(streamId)
    return this.published.get(streamId) ?? this.publishCurrent(stream, this.sourcesOf(stream.tournament_id))
  }

  take(streamId: string, matchId: string): StreamDesk {
    const stream = this.stream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    const match = this.match(sources, matchId)
    if (!(sources.links.get(match.id) ?? []).includes(stream.id)) {
      const label = sources.labels.get(match.id)?.long ?? `match ${match.number}`
      throw new AppError('validation', `${label} is not linked to the stream “${stream.name}”: link it first.`, {
        matchId: `not linked to the stream “${stream.name}”`,
      })
    }
    const store = this.session().producer
    store.setOnAir(stream.id, match.id, this.ports.clock.now())
    store.setOrder(
      stream.id,
      store.order(stream.id).filter((id) => id !== match.id),
    )
    return this.act(stream, sources)
  }

  next(streamId: string): StreamDesk {
    const stream = this.stream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    const [first] = queueOf({ ...sources, stream, desk: this.deskState(stream.id) })
    if (!first) throw new AppError('validation', `Nothing is queued on “${stream.name}”: link a match to it first.`)
    return this.take(streamId, first.id)
  }

  order(streamId: string, matchIds: string[]): StreamDesk {
    const stream = this.stream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    const queued = new Set(queueOf({ ...sources, stream, desk: this.deskState(stream.id) }).map((n) => n.id))
    const fields: Record<string, string> = {}
    matchIds.forEach((id, index) => {
      if (!queued.has(id)) fields[`matchIds.${index}`] = `match ${id} is not in the queue of “${stream.name}”`
    })
    if (Object.keys(fields).length) throw new AppError('validation', Object.values(fields).join('; '), fields)
    this.session().producer.setOrder(stream.id, matchIds)
    return this.act(stream, sources)
  }

  hold(streamId: string, held: boolean): StreamDesk {
    const stream = this.stream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    const store = this.session().producer
    if (held) {
      // What shows now is what stays: the current published feed, marked held.
      const shown = this.published.get(stream.id) ?? store.desk(stream.id).published ?? this.current(stream, sources)
      store.setHeld(stream.id, true)
      this.publish(stream.id, { ...shown, held: true })
      return this.deskOf(stream, sources)
    }
    store.setHeld(stream.id, false)
    return this.act(stream, sources)
  }

  apply(streamId: string, matchId?: string): StreamDesk {
    const stream = this.stream(streamId)
    const sources = this.sourcesOf(stream.tournament_id)
    const desk = this.session().producer.desk(stream.id)
    if (!desk.held) {
      throw new AppError('validation', `“${stream.name}” is not held: its changes are published as they come.`)
    }
    if (matchId !== undefined) this.match(sources, matchId)
    const current = this.current(stream, sources)
    const shown = this.published.get(stream.id) ?? desk.published ?? current
    this.publish(stream.id, heldFeed(shown, current, matchId === undefined ? 'all' : new Set([matchId])))
    return this.deskOf(stream, sources)
  }

  /** The streams the desk publishes or the producer looks at, for a paired overlay device to pick from. */
  followed(): { id: string; name: string; tournament: string }[] {
    const { cache } = this.session()
    const ids = new Set([...this.published.keys(), ...[...this.watched.keys()].filter((id) => this.isWatched(id))])
    return [...ids].flatMap((id) => {
      const stream = cache.get('streams', id)
      if (!stream) return []
      const tournament = cache.get('tournaments', stream.tournament_id)
      return [{ id: stream.id, name: stream.name, tournament: tournament?.name ?? '' }]
    })
  }

  /** Follows a stream's published feed: the current one at once, then each change. */
  subscribe(streamId: string, listener: FeedListener): () => void {
    const feed = this.feed(streamId)
    const set = this.listeners.get(streamId) ?? new Set<FeedListener>()
    set.add(listener)
    this.listeners.set(streamId, set)
    listener(feed)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(streamId)
    }
  }

  close(): void {
    this.follower.close()
  }

  /** A producer's action publishes at once; on a held stream only its structure (on air, queue) changes. */
  private act(stream: Stream, sources: TournamentSources): StreamDesk {
    const desk = this.session().producer.desk(stream.id)
    const current = this.current(stream, sources)
    const shown = this.published.get(stream.id) ?? desk.published
    this.publish(stream.id, desk.held && shown ? heldFeed(shown, current) : current)
    return this.deskOf(stream, sources)
  }

  private deskOf(stream: Stream, sources: TournamentSources): StreamDesk {
    const desk = this.session().producer.desk(stream.id)
    const current = this.current(stream, sources)
    const shown = this.published.get(stream.id) ?? desk.published
    return {
      streamId: stream.id,
      onAir: desk.onAir,
      next: current.next.map((m) => m.id),
      held: desk.held,
      staged: desk.held && shown ? stagedChanges(shown, current) : [],
    }
  }

  /** The service's data changed: each stream someone follows is rebuilt; held ones only restage. */
  private rebuild(tournaments: ReadonlySet<string>): void {
    const session = this.session()
    for (const tournamentId of tournaments) {
      const followed = session.cache
        .list('streams', tournamentId)
        .filter((s) => this.listeners.has(s.id) || this.published.has(s.id) || this.isWatched(s.id))
      if (followed.length === 0) continue
      const sources = this.sourcesOf(tournamentId)
      for (const stream of followed) {
        const desk = session.producer.desk(stream.id)
        if (!desk.held) {
          this.publishCurrent(stream, sources)
          continue
        }
        const shown = this.published.get(stream.id) ?? desk.published
        const staged = JSON.stringify(shown ? stagedChanges(shown, this.current(stream, sources)) : [])
        if (this.staged.get(stream.id) !== staged) {
          this.staged.set(stream.id, staged)
          this.ports.bus.publish('broadcast:changed', { streamId: stream.id })
        }
      }
    }
  }

  /**
   * Reads again what can change on air: the bracket's frontier and every match linked to a stream each time,
   * participants and streams every fourth time.
   */
  private async refreshOnAir(): Promise<void> {
    const session = this.session()
    const full = this.refreshes++ % 4 === 0
    const tournaments = new Set<string>()
    for (const streamId of [...this.listeners.keys(), ...this.published.keys(), ...this.watched.keys()]) {
      if (!this.isWatched(streamId) && !this.listeners.has(streamId)) continue
      const stream = session.cache.get('streams', streamId)
      if (stream) tournaments.add(stream.tournament_id)
    }
    for (const tournamentId of tournaments) {
      const links = [...session.cache.linksOfTournament(tournamentId)]
      const linked = new Set(links.filter(([, streamIds]) => streamIds.length > 0).map(([matchId]) => matchId))
      await session.reads.tick('nodes', tournamentId, false, linked).catch(() => undefined)
      if (!full) continue
      await session.reads.refresh('participants', tournamentId).catch(() => undefined)
      await session.reads.refresh('streams', tournamentId).catch(() => undefined)
    }
  }

  private publishCurrent(stream: Stream, sources: TournamentSources): Feed {
    const feed = this.current(stream, sources)
    this.publish(stream.id, feed)
    return feed
  }

  private publish(streamId: string, feed: Feed): void {
    if (sameFeed(this.published.get(streamId) ?? null, feed)) return
    this.published.set(streamId, feed)
    this.session().producer.setPublished(streamId, feed)
    this.staged.delete(streamId)
    for (const listener of this.listeners.get(streamId) ?? []) listener(feed)
    this.ports.bus.publish('broadcast:changed', { streamId })
  }

  private current(stream: Stream, sources: TournamentSources): Feed {
    const session = this.session()
    return buildFeed({
      ...sources,
      stream,
      desk: this.deskState(stream.id),
      now: this.ports.clock.now(),
      online: session.connectivity.state === 'online',
    })
  }

  private deskState(streamId: string) {
    const store = this.session().producer
    const { onAir, takenAt } = store.desk(streamId)
    return { onAir, takenAt, order: store.order(streamId) }
  }

  private sourcesOf(tournamentId: string): TournamentSources {
    const { cache } = this.session()
    const tournament = cache.get('tournaments', tournamentId)
    return tournamentSources(
      { id: tournamentId, name: tournament?.name ?? '' },
      cache.list('nodes', tournamentId),
      cache.linksOfTournament(tournamentId),
      (participantId) => cache.get('participants', participantId)?.checked_in,
    )
  }

  private stream(streamId: string): Stream {
    const stream = this.session().cache.get('streams', streamId)
    if (!stream)
      throw new AppError('not_found', `Stream ${streamId} is not in the local copy: open its tournament first.`)
    return stream
  }

  private match(sources: TournamentSources, matchId: string): BracketNode {
    const match = sources.nodes.find((n) => n.id === matchId)
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
