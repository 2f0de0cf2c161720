// A held stream's staged changes in a producer's words: "Nova renamed to Nova Prime", "score 2 → 3".
import type { Feed, StagedChange } from '../../../shared/broadcast/feed'
import { dayAndTime } from './broadcast-time'

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '–'
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return `${value}`
  return JSON.stringify(value)
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
    default:
      return `${change.field}: ${shown(change.from)} → ${shown(change.to)}`
  }
}
