// A match's series as a broadcast says it: "Bo3 · 1–0" where the stage's format gives the best-of (and the games won
// so far when the scores are there), nothing where it does not.
import type { FeedMatch } from './feed'

export function seriesText(match: Pick<FeedMatch, 'bestOf' | 'opponents'>): string | null {
  if (match.bestOf === null || match.bestOf < 2) return null
  const [left, right] = match.opponents
  const scored =
    left?.score !== null && left?.score !== undefined && right?.score !== null && right?.score !== undefined
  return scored ? `Bo${match.bestOf} · ${left.score}–${right.score}` : `Bo${match.bestOf}`
}
