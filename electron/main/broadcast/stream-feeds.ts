// A stream's feed as the local copy has it now, and the desk's state of it: the tournament's sources (worked out again
// only for what changed), the feed built from them with the on-air duel's live layer laid over, and each state's
// revision. Builds and describes; publishing is `publication.ts`'s, the commands are `broadcast-desk.ts`'s.
import type { BracketNode, Stream } from '../../../shared/api'
import type { Feed, FeedMatch, LiveDesk, StreamState } from '../../../shared/broadcast/feed'
import { countryOfParticipant } from '../../../shared/broadcast/country'
import { disputes, layerHolds, pressWords, withLayer, withServiceResult } from '../../../shared/broadcast/live-layer'
import type { SponsorRotation } from '../../../shared/broadcast/sponsors'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { OfflineSession } from '../services/offline-session'
import { buildFeed, type TournamentSources } from './feed-builder'
import { stagedChanges } from './hold'
import { pickImagesOf } from './pick-images'
import type { Publication } from './publication'
import type { SequenceView } from './sequence-runner'
import { SourcesMemo } from './sources-memo'
import type { RunElsewhere } from './stream-runs'

/** How many of the journal's last presses the desk shows. */
const JOURNAL_SHOWN = 8

export interface StreamFeedsPorts {
  session(): OfflineSession
  clock: Clock
  publication: Publication
  sequences?: SequenceView | undefined
  sponsors?: (() => SponsorRotation | null) | undefined
}

/** A short, stable version of a logo's address (FNV-1a), so the logo's URL changes only when the logo does. */
function versionOf(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(36)
}

export class StreamFeeds {
  private readonly sources = new SourcesMemo()
  /** Each stream's live layer as its feed was last built (`current`), for the desk's state. */
  private readonly liveDesks = new Map<string, LiveDesk | null>()
  /** The next state's revision (see StreamState): microseconds of the clock at start, then one more each state. */
  private revision: number

  constructor(private readonly ports: StreamFeedsPorts) {
    this.revision = Math.max(0, Math.floor(ports.clock.now())) * 1000
  }

  /** Another connection became the active one: nothing worked out for the last one holds. */
  forget(): void {
    this.sources.forget()
  }

  /** A stream of the active connection, or a refusal naming it. */
  stream(streamId: string): Stream {
    const stream = this.ports.session().cache.get('streams', streamId)
    if (!stream)
      throw new AppError('not_found', `Stream ${streamId} is not in the local copy: open its tournament first.`)
    return stream
  }

  match(sources: TournamentSources, matchId: string): BracketNode {
    const match = sources.byId.get(matchId)
    if (!match)
      throw new AppError('not_found', `Match ${matchId} is not in the local copy of this tournament's bracket.`)
    return match
  }

  /** What the live layer of the stream's on-air duel showed the desk when its feed was last built. */
  liveDesk(streamId: string): LiveDesk | null {
    return this.liveDesks.get(streamId) ?? null
  }

  /** The stream's on air, taken-at and queue order, as the feed builder takes them. */
  deskState(streamId: string) {
    const store = this.ports.session().producer
    const { onAir, takenAt } = store.desk(streamId)
    return { onAir, takenAt, order: store.order(streamId) }
  }

  /**
   * The stream's feed as the local copy has it now (built once per action): the on-air duel's scores from the live
   * layer once pressed on (until then, the service's), unless the stream takes scores from the service only or the
   * service's final result ended the layer. What the desk shows of the layer is kept for `stateOf`.
   */
  current(stream: Stream, sources: TournamentSources): Feed {
    const session = this.ports.session()
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

  /** A stream's desk from its current feed and what it shows (nothing is built here). */
  stateOf(streamId: string, current: Feed, shown: Feed): StreamState {
    const desk = this.ports.session().producer.desk(streamId)
    return {
      streamId,
      onAir: desk.onAir,
      next: current.next.map((m) => m.id),
      held: desk.held,
      difficulties: desk.difficulties,
      sequence: this.ports.sequences?.state(streamId) ?? null,
      staged: desk.held ? stagedChanges(shown, current) : [],
      sources: this.ports.publication.sources(streamId),
      live: this.liveDesks.get(streamId) ?? null,
      runBy: null,
      feed: shown,
      revision: this.revision++,
    }
  }

  /** What another desk published of a stream, as this desk shows it: its own followers and revision. */
  shownFrom({ state, by }: RunElsewhere): StreamState {
    return {
      ...state,
      runBy: by,
      sources: this.ports.publication.sources(state.streamId),
      revision: this.revision++,
    }
  }

  /** The tournament's sources, worked out again only for what changed in the local copy since the last time. */
  sourcesOf(tournamentId: string): TournamentSources {
    const { cache, looks } = this.ports.session()
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

  /** The on-air duel's live layer: what the desk shows of it, and the match as it goes on air when the layer holds. */
  private liveOf(streamId: string, service: FeedMatch): { desk: LiveDesk; shown: FeedMatch | null } {
    const session = this.ports.session()
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
}
