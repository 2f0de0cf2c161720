// What each OBS field says for a stream's feed: a pure function, the same texts for OBS's text sources and the
// text files (names, scores, round, up next, the countdown and the last result).
import { countdownText, lastResultOf, nextMatchOf, resultLine, versus } from '../../../shared/broadcast/break-words'
import type { Feed } from '../../../shared/broadcast/feed'
import type { ObsField } from '../../../shared/broadcast/obs'

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
