// What each OBS field says for a stream's feed: a pure function, the same texts for OBS's text sources and the
// text files (names, scores, round, up next, the countdown and the last result).
import { countdownText, nextMatchOf, versus } from '../../../shared/broadcast/countdown'
import type { Feed, FeedMatch } from '../../../shared/broadcast/feed'
import type { ObsField } from '../../../shared/broadcast/obs'

/** "Lille Vipers 2 – 1 Bilbao Comets": a finished match as a line of text. */
export function resultLine(match: FeedMatch): string {
  const [left, right] = match.opponents
  if (!left || !right) return match.opponents.map((o) => `${o.name} ${o.score ?? ''}`.trim()).join(', ')
  return `${left.name} ${left.score ?? 0} – ${right.score ?? 0} ${right.name}`
}

/** The stream's last finished match: the one on air once it has its result, else none known. */
export function lastResultOf(feed: Feed): FeedMatch | null {
  return feed.onAir?.status === 'completed' ? feed.onAir : null
}

export function obsFields(feed: Feed, now: number): Record<ObsField, string> {
  const onAir = feed.onAir
  const [left, right] = onAir?.opponents ?? []
  const next = nextMatchOf(feed.next)
  const last = lastResultOf(feed)
  return {
    'left-name': left?.name ?? '',
    'right-name': right?.name ?? '',
    'left-score': left?.score === null || left?.score === undefined ? '' : String(left.score),
    'right-score': right?.score === null || right?.score === undefined ? '' : String(right.score),
    round: onAir?.label ?? '',
    'up-next': next ? versus(next) : '',
    countdown: countdownText(next, now),
    'last-result': last ? resultLine(last) : '',
  }
}
