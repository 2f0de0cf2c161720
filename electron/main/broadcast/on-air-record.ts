// What went on air on each stream, recorded as it happens for the VOD's chapters: every published feed whose match
// is a new one (a Take, held or not, from the desk, Companion or the floor), the technical-difficulties key and its
// release (with an OBS connected, what OBS goes back to), OBS's break scene, the match scene back after a break, and
// the highlights (each replay, each game won and the match's end). Records only: it never changes what is shown.
import type { Feed, FeedMatch } from '../../../shared/broadcast/feed'
import { vodChapters, type VodChapters } from '../../../shared/broadcast/vod-chapters'
import type { Clock } from '../clock'
import type { OnAirLog } from '../store/on-air-log'
import type { PublicationTarget } from './publication'

export interface OnAirRecordPorts {
  clock: Clock
  /** The active connection's record. */
  log(): OnAirLog
  /** What the stream publishes now (for the match back on after a break). */
  currentFeed(streamId: string): Feed | undefined
  /** Where the stream's OBS goes back to when the technical-difficulties key comes up; null without one connected. */
  obsReturnsTo(streamId: string): 'break' | 'match' | null
}

/** What the break and the technical-difficulties key are called in the chapters. */
export const BREAK_TITLE = 'Break'
export const DIFFICULTIES_TITLE = 'Technical difficulties'

/** A match's chapter title: its label and its opponents, "Winners round 3 · match 2: A vs B". */
export function chapterTitle(match: FeedMatch): string {
  const names = match.opponents.map((opponent) => opponent.name).join(' vs ')
  return names ? `${match.label}: ${names}` : match.label
}

/**
 * A game event as a highlight's title: "Game 2 · Ancient: Bremen Ravens 13–9" (the game just won, its map and rounds
 * where the layer has them), "Winners final: Bremen Ravens wins 2–1" (the match's end); null without a match on air.
 */
export function gameEventTitle(event: 'game-end' | 'match-end', feed: Feed): string | null {
  const onAir = feed.onAir
  if (!onAir) return null
  const name = (side: number | null | undefined) => (side === 0 || side === 1 ? onAir.opponents[side]?.name : undefined)
  if (event === 'match-end') {
    const scores = onAir.opponents.map((o) => o.score ?? 0)
    const winner = scores[0] === scores[1] ? undefined : name(scores[0]! > scores[1]! ? 0 : 1)
    return winner ? `${onAir.label}: ${winner} wins ${scores.join('–')}` : `${onAir.label}: ${chapterTitle(onAir)} ends`
  }
  const games = onAir.games ?? []
  const index = games.map((game) => game.winner !== null).lastIndexOf(true)
  const game = games[index]
  if (!game) return `${chapterTitle(onAir)} · ${onAir.opponents.map((o) => o.score ?? 0).join('–')}`
  const rounds = game.rounds ? ` ${game.rounds.join('–')}` : ''
  return `Game ${index + 1}${game.map ? ` · ${game.map}` : ''}: ${name(game.winner) ?? '?'}${rounds}`
}

export class OnAirRecord implements PublicationTarget {
  constructor(private readonly ports: OnAirRecordPorts) {}

  published(streamId: string, feed: Feed): void {
    const [log, at] = [this.ports.log(), this.ports.clock.now()]
    if (feed.difficulties) return void log.pause(streamId, at, 'difficulties', DIFFICULTIES_TITLE)
    const onAir = feed.onAir
    if (!onAir) return
    // The key released: the match on air (perhaps one taken meanwhile) is a chapter again, unless the stream's OBS
    // goes back to the break it showed before the card.
    if (log.last(streamId)?.kind === 'difficulties' && this.ports.obsReturnsTo(streamId) === 'break')
      log.pause(streamId, at, 'break', BREAK_TITLE)
    else log.resumed(streamId, at, onAir.id, chapterTitle(onAir), 'difficulties')
    log.match(streamId, at, onAir.id, chapterTitle(onAir))
  }

  /** OBS showed the break scene, or the match scene again (by hand, or a break's end). */
  sceneShown(streamId: string, shown: 'break' | 'match'): void {
    const at = this.ports.clock.now()
    if (shown === 'break') {
      this.ports.log().pause(streamId, at, 'break', BREAK_TITLE)
      return
    }
    const onAir = this.ports.currentFeed(streamId)?.onAir
    if (onAir) this.ports.log().resumed(streamId, at, onAir.id, chapterTitle(onAir))
  }

  /** A replay went on air (pressed at `at`): a highlight. */
  highlight(streamId: string, title: string, at: number): void {
    this.ports.log().highlight(streamId, at, 'replay', title)
  }

  /** A game event of the match on air (a game won, the match's end): a highlight, titled by what happened. */
  happened(streamId: string, event: 'game-end' | 'match-end', feed: Feed): void {
    const title = gameEventTitle(event, feed)
    if (title) this.ports.log().highlight(streamId, this.ports.clock.now(), 'game', title)
  }

  /** The stream's chapters and highlights from the start marked last. */
  chapters(streamId: string): VodChapters {
    const { startAt, entries, highlights } = this.ports.log().since(streamId)
    return vodChapters(entries, startAt, highlights)
  }

  /** Marks now as the stream's start. */
  markStart(streamId: string): VodChapters {
    this.ports.log().markStart(streamId, this.ports.clock.now())
    return this.chapters(streamId)
  }

  follows(): boolean {
    return false
  }

  switched(): void {}
}
