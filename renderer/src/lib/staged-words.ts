// A held stream's staged changes in a producer's words: "Nova renamed to Nova Prime", "score 2 → 3".
import type { Feed, FeedGame, FeedMatch, StagedChange } from '../../../shared/broadcast/feed'
import { dayAndTime } from './broadcast-time'

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '–'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return `${value}`
  return JSON.stringify(value)
}

/**
 * What a change of the games did, game by game, only where it differs: "game 3 won by Ghent Vipers, map Inferno,
 * Madrid Rhinos picks AWP-heavy"; games back to the service's score when the live layer is gone.
 */
function gamesChange(from: FeedGame[] | null, to: FeedGame[] | null, match: FeedMatch | null | undefined): string {
  if (!to) return "games: back to the service's score"
  const name = (side: 0 | 1) => match?.opponents[side]?.name ?? `side ${side + 1}`
  const said = to.flatMap((game, i) => {
    const was = from?.[i]
    const parts: string[] = []
    if ((was?.winner ?? null) !== game.winner)
      parts.push(game.winner === null ? 'no winner' : `won by ${name(game.winner)}`)
    if ((was?.map ?? null) !== game.map) parts.push(game.map ? `map ${game.map}` : 'no map')
    if (JSON.stringify(was?.rounds ?? null) !== JSON.stringify(game.rounds ?? null))
      parts.push(game.rounds ? `rounds ${game.rounds.join('–')}` : 'no rounds')
    for (const side of [0, 1] as const)
      if ((was?.picks[side] ?? null) !== game.picks[side])
        parts.push(game.picks[side] ? `${name(side)} picks ${game.picks[side]}` : `no pick for ${name(side)}`)
    return parts.length ? [`game ${i + 1} ${parts.join(', ')}`] : []
  })
  return said.length ? said.join('; ') : 'games as they were'
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
      return gamesChange(change.from as FeedGame[] | null, change.to as FeedGame[] | null, match)
    case 'swapped':
      return change.to === true ? 'sides swapped' : 'sides back in bracket order'
    default:
      return `${change.field}: ${shown(change.from)} → ${shown(change.to)}`
  }
}
