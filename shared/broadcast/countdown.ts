// The countdown to a stream's next match, as OBS's text source, the text files and the break overlay say it:
// "Lille Vipers vs Bilbao Comets in ~8 min", or "… next" when it is due or its time is not known.
import type { FeedMatch } from './feed'

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
