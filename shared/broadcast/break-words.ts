// The words of a break, as OBS's text sources, the text files and the break overlay say them: the countdown to the
// next match ("Lille Vipers vs Bilbao Comets in ~8 min", or "… next" when it is due or not known) and the last result.
import type { Feed, FeedMatch } from './feed'

const MINUTE = 60_000

/** The match the break waits for: the first decided one in the queue (the one Take next would take). */
export function nextMatchOf(queue: readonly FeedMatch[]): FeedMatch | null {
  return queue.find((match) => match.decided) ?? null
}

export const versus = (match: Pick<FeedMatch, 'opponents'>): string => match.opponents.map((o) => o.name).join(' vs ')

/** Minutes until the match is expected (at least 1), or null when it is due or not known. */
export function minutesUntil(match: Pick<FeedMatch, 'estimatedStart'>, now: number): number | null {
  if (!match.estimatedStart) return null
  const minutes = Math.ceil((Date.parse(match.estimatedStart) - now) / MINUTE)
  return minutes >= 1 ? minutes : null
}

export function countdownText(match: FeedMatch | null, now: number): string {
  if (!match) return ''
  const minutes = minutesUntil(match, now)
  return minutes === null ? `${versus(match)} next` : `${versus(match)} in ~${minutes} min`
}

/** "Lille Vipers 2 – 1 Bilbao Comets": a finished match as a line of text. */
export function resultLine(match: Pick<FeedMatch, 'opponents'>): string {
  const [left, right] = match.opponents
  if (!left || !right) return match.opponents.map((o) => `${o.name} ${o.score ?? ''}`.trim()).join(', ')
  return `${left.name} ${left.score ?? 0} – ${right.score ?? 0} ${right.name}`
}

/** The stream's last finished match: the one on air once it has its result, else none known. */
export function lastResultOf(feed: Pick<Feed, 'onAir'>): FeedMatch | null {
  return feed.onAir?.status === 'completed' ? feed.onAir : null
}
