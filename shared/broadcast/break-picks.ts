// What a break shows, as OBS's text sources, the text files and the break overlay pick it: the match the break
// waits for and the stream's last result. How they are said is ./words'.
import type { Feed, FeedMatch } from './feed'

/** The match the break waits for: the first decided one in the queue (the one Take next would take). */
export function nextMatchOf(queue: readonly FeedMatch[]): FeedMatch | null {
  return queue.find((match) => match.decided) ?? null
}

/** The stream's last finished match: the one on air once it has its result, else none known. */
export function lastResultOf(feed: Pick<Feed, 'onAir'>): FeedMatch | null {
  return feed.onAir?.status === 'completed' ? feed.onAir : null
}
