// When a queued match is expected on a stream: from the queue position and how long this stage's matches have taken
// on streams so far; the scheduled time while nothing was observed; nothing when that cannot be known either.
import type { BracketNode } from '../../../shared/api'

const MINUTE = 60_000
/** A gap longer than this between two results on one stream is a break, not a match. */
const BREAK_MS = 2 * 60 * MINUTE

/**
 * How long a match of each stage takes on a stream: the median gap between consecutive results (played_at) of the
 * completed matches linked to one stream, over every stream. Stages with no two results on a stream are absent.
 */
export function observedMatchMs(
  nodes: readonly BracketNode[],
  links: ReadonlyMap<string, readonly string[]>,
): Map<string, number> {
  const perStream = new Map<string, { stage: string; at: number }[]>()
  for (const node of nodes) {
    if (node.status !== 'completed' || !node.played_at) continue
    const at = Date.parse(node.played_at)
    for (const streamId of links.get(node.id) ?? []) {
      perStream.set(streamId, [...(perStream.get(streamId) ?? []), { stage: node.stage_id, at }])
    }
  }
  const gaps = new Map<string, number[]>()
  for (const results of perStream.values()) {
    results.sort((a, b) => a.at - b.at)
    for (let i = 1; i < results.length; i++) {
      const gap = results[i]!.at - results[i - 1]!.at
      const stage = results[i]!.stage
      if (stage === results[i - 1]!.stage && gap > 0 && gap <= BREAK_MS)
        gaps.set(stage, [...(gaps.get(stage) ?? []), gap])
    }
  }
  return new Map([...gaps].map(([stage, values]) => [stage, median(values)]))
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export interface EstimateInput {
  onAir: BracketNode | null
  /** When the on-air match was taken. */
  takenAt: number | null
  queue: readonly BracketNode[]
  observed: ReadonlyMap<string, number>
  now: number
}

/**
 * Expected start of each queued match (RFC 3339, to the minute), in queue order: no match is expected before the one
 * ahead of it. The on-air match ends when its stage's observed duration since it was taken has passed (now, if it ran
 * over or is over); each queued one starts when the one before it ends. A match of a stage with nothing observed yet,
 * and every match after a duration that is unknown, gets its scheduled time instead — never earlier than the one
 * before it.
 */
export function estimateStarts({ onAir, takenAt, queue, observed, now }: EstimateInput): Map<string, string | null> {
  const estimates = new Map<string, string | null>()
  let at: number | null = now
  if (onAir && onAir.status !== 'completed') {
    const duration = observed.get(onAir.stage_id)
    at = duration === undefined ? null : Math.max(now, (takenAt ?? now) + duration)
  }
  /** The latest start given to a match ahead in the queue. */
  let floor: number | null = null
  for (const node of queue) {
    const duration = observed.get(node.stage_id)
    const chained = at !== null && duration !== undefined ? at : null
    const scheduled = node.scheduled_datetime === null ? null : Date.parse(node.scheduled_datetime)
    const start = chained ?? scheduled
    if (start === null) estimates.set(node.id, null)
    else if (floor !== null && start < floor) estimates.set(node.id, toMinute(floor))
    else estimates.set(node.id, chained === null ? node.scheduled_datetime : toMinute(start))
    if (start !== null) floor = Math.max(floor ?? start, start)
    at = chained !== null ? chained + duration! : null
  }
  return estimates
}

const toMinute = (ms: number) => new Date(Math.ceil(ms / MINUTE) * MINUTE).toISOString().replace(/\.\d{3}Z$/, 'Z')
