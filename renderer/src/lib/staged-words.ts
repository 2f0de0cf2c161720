// A held stream's staged changes in a producer's words: "Nova renamed to Nova Prime", "score 2 → 3".
import type { Feed, FeedGame, FeedMatch, StagedChange } from '../../../shared/broadcast/feed'
import { dayAndTime } from './broadcast-time'

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '–'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return `${value}`
  return JSON.stringify(value)
}

/** A match's games in a line: each game's winner, its map and picks where set ("Bolt (Inferno)"). */
function gamesLine(games: FeedGame[] | null, match: FeedMatch | null | undefined): string {
  if (!games) return "the service's score"
  const played = games.filter((g) => g.winner !== null || g.map || g.picks.some(Boolean))
  if (played.length === 0) return 'none played'
  return played
    .map((g) => {
      const who = g.winner === null ? '–' : (match?.opponents[g.winner]?.name ?? `side ${g.winner + 1}`)
      const extra = [g.map, ...g.picks].filter(Boolean).join(', ')
      return extra ? `${who} (${extra})` : who
    })
    .join(' · ')
}

/** One change as a sentence; `feed` (the published one) names the side whose score or check-in changed. */
export function describeChange(change: StagedChange, feed: Feed | undefined): string {
  const match = [feed?.onAir, ...(feed?.next ?? [])].find((m) => m?.id === change.matchId)
  const [, index, part] = /^opponents\.(\d+)\.(\w+)$/.exec(change.field) ?? []
  const who = index !== undefined ? (match?.opponents[Number(index)]?.name ?? `side ${Number(index) + 1}`) : ''
  switch (part ?? change.field) {
    case 'name':
      return `${shown(change.from)} renamed to ${shown(change.to)}`
    case 'score':
      return `${who}: score ${shown(change.from)} → ${shown(change.to)}`
    case 'result':
      return `${who}: ${shown(change.to)}`
    case 'checkedIn':
      return change.to === true ? `${who} checked in` : `${who} no longer checked in`
    case 'status':
      return `status ${shown(change.from)} → ${shown(change.to)}`
    case 'scheduledAt':
      return `time ${dayAndTime(change.from as string | null)} → ${dayAndTime(change.to as string | null)}`
    case 'games':
      return `games: ${gamesLine(change.from as FeedGame[] | null, match)} → ${gamesLine(change.to as FeedGame[] | null, match)}`
    case 'swapped':
      return change.to === true ? 'sides swapped' : 'sides back in bracket order'
    default:
      return `${change.field}: ${shown(change.from)} → ${shown(change.to)}`
  }
}
