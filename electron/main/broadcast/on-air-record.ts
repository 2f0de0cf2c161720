// What went on air on each stream, recorded as it happens for the VOD's chapters: every published feed whose match
// is a new one (a Take, held or not, from the desk, Companion or the floor), the technical-difficulties key and its
// release (with an OBS connected, what OBS goes back to), OBS's break scene, and the match scene back after a break.
// Records only: it never changes what is shown.
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

  /** The stream's chapters from the start marked last. */
  chapters(streamId: string): VodChapters {
    const { startAt, entries } = this.ports.log().since(streamId)
    return vodChapters(entries, startAt)
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
