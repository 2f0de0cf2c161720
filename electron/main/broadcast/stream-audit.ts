// What a producer did to a stream, in words for the venue's audit log, read from two of its states in a row: a Take
// or taking off air, Hold and its release, the difficulties key, the queue, the casters, and each live press.
import type { FeedMatch, PressedBy, StreamState } from '../../../shared/broadcast/feed'

/** "Ghent Vipers vs Brno Bears (Winners round 3 · match 2)". */
export function matchWords(match: FeedMatch): string {
  return `${match.opponents.map((o) => o.name).join(' vs ')} (${match.label})`
}

/** Where a live press came from, when not the desk's own page: the audit log names the desk's operator either way. */
const FROM: Record<PressedBy, string> = {
  desk: '',
  companion: ' (from Companion)',
  tablet: ' (from a tablet)',
  // The game's and the players' presses are no person's at the desk: the audit log gives their cause instead.
  game: '',
  players: '',
}

/** Each change from `before` (undefined: the first state this desk shares) to `after`, oldest first. */
export function streamChanges(before: StreamState | undefined, after: StreamState): string[] {
  const [was, now] = [before?.feed.onAir ?? null, after.feed.onAir]
  const said: string[] = []
  if (was?.id !== now?.id) {
    if (was) said.push(`Took ${matchWords(was)} off air`)
    if (now) said.push(`Took ${matchWords(now)} on air`)
  }
  if (!before) return said
  if (before.held !== after.held) said.push(after.held ? 'Held the stream' : 'Released the hold')
  if (before.difficulties !== after.difficulties)
    said.push(after.difficulties ? 'Technical difficulties on' : 'Technical difficulties off')
  if (was?.id === now?.id && before.next.join() !== after.next.join()) said.push('Changed the queue')
  const casters = (state: StreamState) => state.feed.casters.map((c) => c.name).join(', ')
  if (casters(before) !== casters(after)) said.push(casters(after) ? `Casters: ${casters(after)}` : 'No casters')
  // Each press made since (the journal is newest first), and each undone since.
  const journal = after.live?.journal ?? []
  const earlier = before.live?.journal ?? []
  const lastBefore = Math.max(-Infinity, ...earlier.map((entry) => entry.at))
  const undoneBefore = new Set(earlier.filter((e) => e.undone).map((e) => `${e.at}\u0000${e.words}`))
  for (const entry of [...journal].reverse()) {
    if (entry.at > lastBefore) said.push(`Pressed: ${entry.words}${FROM[entry.by]}`)
    else if (entry.undone && !undoneBefore.has(`${entry.at}\u0000${entry.words}`)) said.push(`Undid: ${entry.words}`)
  }
  return said
}
