// The live layer's presses on a stream's on-air duel (+1, −1, a game's winner, map, picks, rounds, the best-of, the
// veto, swap, adopt or keep the service's score) and their undo, as the producer's desk runs them: checked, journalled
// by `store/live-layers.ts`, and published through the desk's own actions.
import type { Stream } from '../../../shared/api'
import { waitsOnHold, type PressedBy, type ScoreSource, type StreamState } from '../../../shared/broadcast/feed'
import {
  inAnswerOrder,
  refusal,
  seedLayer,
  sideOnScreen,
  type LiveLayer,
  type LivePress,
  type ScreenSide,
  type Side,
} from '../../../shared/broadcast/live-layer'
import { AppError } from '../app-error'
import type { TournamentSources } from './feed-builder'
import { heldFeed } from './hold'
import type { DeskCommandPorts } from './desk-actions'

/** The on-air score fields a press changes, approved with it on a held stream. */
const LIVE_FIELDS = ['opponents.0.score', 'opponents.1.score', 'games', 'swapped']

export class LiveScore {
  constructor(private readonly ports: DeskCommandPorts) {}

  /**
   * A press on the live layer of the stream's on-air match: the desk's and Companion's go on air at once, held or not,
   * since the room's score is the producer's own; a tablet's wait in Hold's list on a held stream.
   */
  live(streamId: string, press: LivePress, by: PressedBy): StreamState {
    const { stream, sources, onAir } = this.target(streamId)
    return this.ports.desk.inOneTransaction(() => {
      this.pressOn(stream, sources, onAir, press, by)
      return this.act(stream, sources, onAir, by)
    })
  }

  /** Presses made together (a game's reading: its map, rounds and winner), journalled and published as one. */
  liveAll(streamId: string, presses: readonly LivePress[], by: PressedBy): StreamState {
    const { stream, sources, onAir } = this.target(streamId)
    return this.ports.desk.inOneTransaction(() => {
      for (const press of presses) this.pressOn(stream, sources, onAir, press, by)
      return this.act(stream, sources, onAir, by)
    })
  }

  /**
   * The live layer of the stream's on-air duel and its opponents' names in bracket order (seeded if it had none);
   * null when nothing is on air, the match is not a duel, or the stream's scores are the service's.
   */
  onAirLayer(streamId: string): { layer: LiveLayer; names: [string, string] } | null {
    const stream = this.ports.feeds.stream(streamId)
    const desk = this.ports.session().producer.desk(stream.id)
    if (!desk.onAir || desk.scores === 'service') return null
    const sources = this.ports.feeds.sourcesOf(stream.tournament_id)
    const match = this.ports.feeds.current(stream, sources).onAir
    if (!match || match.id !== desk.onAir || match.opponents.length !== 2) return null
    const layer = this.ports.session().liveLayers.layer(stream.id, desk.onAir) ?? seedLayer(match)
    return { layer, names: [match.opponents[0]!.name, match.opponents[1]!.name] }
  }

  /** Every line where the service and the room disagree, answered with the service's score. */
  adoptAll(streamId: string, by: PressedBy): StreamState {
    const { stream, sources, onAir } = this.target(streamId)
    return this.ports.desk.inOneTransaction(() => {
      this.ports.feeds.current(stream, sources)
      const lines = this.ports.feeds.liveDesk(stream.id)?.disputes ?? []
      if (lines.length === 0)
        throw new AppError('validation', 'Nothing to adopt: the service and the room agree on the score.')
      for (const line of inAnswerOrder(lines))
        this.pressOn(stream, sources, onAir, { kind: 'adopt', side: line.side, score: line.service }, by)
      return this.act(stream, sources, onAir, by)
    })
  }

  /** Where a stream's on-air scores come from: the room's live layer, or the service only. */
  scoreSource(streamId: string, scores: ScoreSource): StreamState {
    const { desk, feeds } = this.ports
    const stream = desk.ownStream(streamId)
    const sources = feeds.sourcesOf(stream.tournament_id)
    const onAir = this.ports.session().producer.desk(stream.id).onAir
    return desk.inOneTransaction(() => {
      this.ports.session().producer.setScores(stream.id, scores)
      return onAir ? this.act(stream, sources, onAir, 'desk') : desk.act(stream, sources)
    })
  }

  /** The bracket side drawn on a screen side of the stream's on-air match (the producer may have swapped them). */
  sideOnScreen(streamId: string, screen: ScreenSide): Side {
    const stream = this.ports.feeds.stream(streamId)
    const session = this.ports.session()
    const onAir = session.producer.desk(stream.id).onAir
    const layer = onAir ? session.liveLayers.layer(stream.id, onAir) : undefined
    return sideOnScreen(layer ?? { swapped: false }, screen)
  }

  /** Takes back the last press on the on-air match's live layer, whoever made it. */
  undo(streamId: string, by: PressedBy): StreamState {
    const { stream, sources, onAir } = this.target(streamId)
    return this.ports.desk.inOneTransaction(() => {
      if (!this.ports.session().liveLayers.undo(stream.id, onAir))
        throw new AppError('validation', 'Nothing to undo: no press on this match still holds.')
      return this.act(stream, sources, onAir, by)
    })
  }

  /** Seeds the on-air match's layer from the service's data (kept if it has one already); answers the layer. */
  seed(stream: Stream, sources: TournamentSources) {
    const { onAir } = this.ports.feeds.current(stream, sources)
    if (!onAir || onAir.opponents.length !== 2) return undefined
    const layers = this.ports.session().liveLayers
    layers.seed(stream.id, seedLayer(onAir))
    return layers.layer(stream.id, onAir.id)
  }

  /** The stream, its sources and its on-air match, for a press; refused when nothing is on air or scores are the service's. */
  private target(streamId: string) {
    const stream = this.ports.desk.ownStream(streamId)
    const sources = this.ports.feeds.sourcesOf(stream.tournament_id)
    const desk = this.ports.session().producer.desk(stream.id)
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
    const layers = this.ports.session().liveLayers
    // A match put on air before the live layer existed is seeded now, from what the service says.
    const layer = layers.layer(stream.id, onAir) ?? this.seed(stream, sources)
    if (!layer) throw new AppError('validation', 'The live score is for duels: this match has more than two sides.')
    const refused = refusal(layer, press)
    if (refused) throw new AppError('validation', `Not changed: ${refused}.`, { [press.kind]: refused })
    layers.press(stream.id, onAir, press, by, this.ports.clock.now())
  }

  /**
   * A press publishes at once: on a held stream, the on-air match's scores, games and sides are approved with it —
   * unless a tablet pressed, whose edits wait in Hold's list like the service's changes.
   */
  private act(stream: Stream, sources: TournamentSources, onAir: string, by: PressedBy): StreamState {
    const { desk, feeds } = this.ports
    const held = this.ports.session().producer.desk(stream.id).held
    const shown = desk.shown(stream.id)
    if (!held || !shown || waitsOnHold(by)) return desk.act(stream, sources)
    const current = feeds.current(stream, sources)
    const approved = LIVE_FIELDS.map((field) => ({ matchId: onAir, field }))
    return desk.answer(stream.id, current, heldFeed(shown, current, approved))
  }
}
