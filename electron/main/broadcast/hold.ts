// Hold, the on-air lock: a held stream keeps its last published feed; what the service (or a tablet) changed since is
// listed as staged changes, applied by the producer one match at a time or all at once. The stream's casters are a
// change of the stream itself: its `matchId` is the stream's id.
import type { Feed, FeedMatch, StagedChange } from '../../../shared/broadcast/feed'

const matchesOf = (feed: Feed) => [...(feed.onAir ? [feed.onAir] : []), ...feed.next]

/**
 * The fields a producer sees change, as [field, value] pairs: status, label, time, each opponent's values, and the
 * live layer's games and sides (a tablet's edits wait like the service's).
 */
function fieldsOf(match: FeedMatch): [string, unknown][] {
  return [
    ['label', match.label],
    ['status', match.status],
    ['scheduledAt', match.scheduledAt],
    ['games', match.games],
    ['swapped', match.swapped],
    ...match.opponents.flatMap((o, i): [string, unknown][] => [
      [`opponents.${i}.name`, o.name],
      [`opponents.${i}.score`, o.score],
      [`opponents.${i}.result`, o.result],
      [`opponents.${i}.checkedIn`, o.checkedIn],
    ]),
  ]
}

/** The casters as a staged change says them: "Ana (she/her), Bo". */
const castersOf = (feed: Feed) => feed.casters.map((c) => c.name).join(', ')

/** What differs between the published feed and the current one: the casters, and fields of matches both show. */
export function stagedChanges(published: Feed, current: Feed): StagedChange[] {
  const before = new Map(matchesOf(published).map((m) => [m.id, m]))
  const changes: StagedChange[] = []
  if (JSON.stringify(published.casters) !== JSON.stringify(current.casters))
    changes.push({ matchId: current.stream.id, field: 'casters', from: castersOf(published), to: castersOf(current) })
  for (const match of matchesOf(current)) {
    const old = before.get(match.id)
    if (!old) continue
    const was = new Map(fieldsOf(old))
    for (const [field, to] of fieldsOf(match)) {
      const from = was.get(field)
      if (JSON.stringify(from) !== JSON.stringify(to)) changes.push({ matchId: match.id, field, from, to })
    }
  }
  return changes
}

/**
 * The games and the scores are one edit where the games changed: a game won moves both, and one shown without the
 * other contradicts it. (A score the service changed with no game of the room's moving stays its own line.)
 */
const isScorePart = (field: string) => field === 'games' || /^opponents\.\d+\.score$/.test(field)

/** How many edits wait: a press that moved a score and its game is one, as the person who pressed it counts. */
export function waitingEdits(changes: readonly StagedChange[]): number {
  const gamesMoved = new Set(changes.filter((c) => c.field === 'games').map((c) => c.matchId))
  return new Set(
    changes.map((c) => `${c.matchId}|${gamesMoved.has(c.matchId) && isScorePart(c.field) ? 'score' : c.field}`),
  ).size
}

/** One staged change the producer approves: a match's field ("opponents.0.name"), or every change of the match. */
export interface Approval {
  matchId: string
  field?: string
}

/** A match as shown, with the approved fields taken from its current version. */
function approved(old: FeedMatch, current: FeedMatch, fields: ReadonlySet<string>): FeedMatch {
  const opponents = old.opponents.map((o, i) => {
    const now = current.opponents[i]
    if (!now) return o
    const take = <K extends keyof typeof o>(key: K) => (fields.has(`opponents.${i}.${key}`) ? now[key] : o[key])
    return {
      name: take('name'),
      score: take('score'),
      result: take('result'),
      checkedIn: take('checkedIn'),
      country: take('country'),
      waitsFor: fields.has(`opponents.${i}.name`) ? now.waitsFor : o.waitsFor,
    }
  })
  return {
    ...old,
    label: fields.has('label') ? current.label : old.label,
    name: fields.has('label') ? current.name : old.name,
    status: fields.has('status') ? current.status : old.status,
    scheduledAt: fields.has('scheduledAt') ? current.scheduledAt : old.scheduledAt,
    opponents,
    estimatedStart: current.estimatedStart,
    decided: current.decided,
    games: fields.has('games') ? current.games : old.games,
    swapped: fields.has('swapped') ? current.swapped : old.swapped,
  }
}

/**
 * The feed a held stream publishes: the structure (on air, queue order, estimates, path) from `current`, as the
 * producer's own actions publish at once; each match's content from `published` where it was shown already, except
 * what the producer approves (`apply`: single changes or whole matches, or everything).
 */
export function heldFeed(published: Feed, current: Feed, apply: readonly Approval[] | 'all' = []): Feed {
  if (apply === 'all') return { ...current, held: true }
  const castersApproved = apply.some((a) => a.matchId === current.stream.id && (a.field ?? 'casters') === 'casters')
  const shown = new Map(matchesOf(published).map((m) => [m.id, m]))
  const whole = new Set(apply.filter((a) => a.field === undefined).map((a) => a.matchId))
  const keep = (match: FeedMatch): FeedMatch => {
    const old = shown.get(match.id)
    if (!old || whole.has(match.id)) return match
    const fields = new Set(apply.filter((a) => a.matchId === match.id && a.field).map((a) => a.field!))
    // Where the games moved, a score approved brings them, and the games their scores.
    if ([...fields].some(isScorePart) && JSON.stringify(old.games ?? null) !== JSON.stringify(match.games ?? null))
      for (const [field] of fieldsOf(match)) if (isScorePart(field)) fields.add(field)
    return approved(old, match, fields)
  }
  return {
    ...current,
    casters: castersApproved ? current.casters : published.casters,
    // The top 8 and standings stand still too (Apply all brings them up to date).
    board: published.board,
    onAir: current.onAir && keep(current.onAir),
    next: current.next.map(keep),
    held: true,
  }
}

/** Two feeds say the same thing (the time they were made aside). */
export function sameFeed(a: Feed | null, b: Feed | null): boolean {
  return JSON.stringify(a && { ...a, updatedAt: '' }) === JSON.stringify(b && { ...b, updatedAt: '' })
}
