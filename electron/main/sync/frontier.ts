// Which bracket nodes a live tick reads again: the frontier (what can change next) as a few Range windows of a
// round-filtered list, the matches a finished one feeds, and a rolling window so every node is read again in a cycle.
import { rangeMax, type BracketNode } from '../../../shared/api'

/** One request of a tick: a window of the list the filter gives, and the node ids the cache expects there. */
export interface NodeWindow {
  /** Round ids to filter by; null: the tournament's whole list. */
  roundIds: string[] | null
  first: number
  last: number
  expected: string[]
}

export interface FrontierOptions {
  /** Ready matches (both sides known, not started) watched per stage: those called next. Default 16. */
  nextReady?: number
  /** Nodes someone watches whatever their state (the matches queued on streams): always read. */
  also?: ReadonlySet<string>
}

const WIDTH = rangeMax('nodes')

/**
 * The nodes that can change before the next tick: running matches and the next ready ones of each stage (by
 * scheduled time, then number, as matches are called). The matches they feed change only when one finishes: see
 * `fedBy`.
 */
export function frontierIds(nodes: readonly BracketNode[], options: FrontierOptions = {}): Set<string> {
  const nextReady = options.nextReady ?? 16
  const base = new Set<string>()
  const readyByStage = new Map<string, BracketNode[]>()
  for (const node of nodes) {
    if (node.status === 'running') base.add(node.id)
    else if (node.status === 'pending' && node.opponents.length === 2 && node.opponents.every((o) => o.participant)) {
      const list = readyByStage.get(node.stage_id)
      if (list) list.push(node)
      else readyByStage.set(node.stage_id, [node])
    }
  }
  for (const ready of readyByStage.values()) {
    ready.sort((a, b) => (a.scheduled_datetime ?? '').localeCompare(b.scheduled_datetime ?? '') || a.number - b.number)
    for (const node of ready.slice(0, nextReady)) base.add(node.id)
  }
  for (const id of options.also ?? []) base.add(id)
  return base
}

/** The matches that receive the winner or loser of `finished`: what a finished match changes elsewhere. */
export function fedBy(nodes: readonly BracketNode[], finished: ReadonlySet<string>): Set<string> {
  const fed = new Set<string>()
  for (const node of nodes)
    if (node.opponents.some((o) => o.source_node_id !== null && finished.has(o.source_node_id))) fed.add(node.id)
  return fed
}

/** The frontier's windows: see `windowsOver`. */
export function frontierWindows(nodes: readonly BracketNode[], options: FrontierOptions = {}): NodeWindow[] {
  return windowsOver(nodes, frontierIds(nodes, options))
}

/** Covers `hot` with as few windows as it takes, over the list of the rounds that hold it. */
export function windowsOver(nodes: readonly BracketNode[], hot: ReadonlySet<string>): NodeWindow[] {
  if (hot.size === 0) return []
  const rounds = new Set<string>()
  for (const node of nodes) if (hot.has(node.id)) rounds.add(node.round_id)
  // The service lists nodes in bracket order; filtered by round, the cache's order restricted to those rounds.
  const listed = nodes.filter((node) => rounds.has(node.round_id))
  const roundIds = [...rounds]
  const windows: NodeWindow[] = []
  for (let i = 0; i < listed.length; i++) {
    if (!hot.has(listed[i]!.id)) continue
    const last = Math.min(i + WIDTH - 1, listed.length - 1)
    windows.push({ roundIds, first: i, last, expected: listed.slice(i, last + 1).map((n) => n.id) })
    i = last
  }
  return windows
}

/** The rolling window of a tick: `cursor` counts ticks; the whole list is read again every ceil(n / 128) ticks. */
export function sweepWindow(nodes: readonly BracketNode[], cursor: number): NodeWindow | null {
  if (nodes.length === 0) return null
  const count = Math.ceil(nodes.length / WIDTH)
  const first = (cursor % count) * WIDTH
  const last = Math.min(first + WIDTH - 1, nodes.length - 1)
  return { roundIds: null, first, last, expected: nodes.slice(first, last + 1).map((n) => n.id) }
}
