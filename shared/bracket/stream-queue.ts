// A stream's queue: which linked matches it plays next and in what order, and which of them are decided. Shared by
// the producer's desk (what a stream publishes) and the venue floor (what a stream's station plays).
import type { BracketNode } from '../api'
import { matchOrder } from './match-order'

export interface QueueSources {
  stream: { id: string }
  nodes: readonly BracketNode[]
  /** Match id → the stream ids linked to it. */
  links: ReadonlyMap<string, readonly string[]>
  /** The stream's match on air, and the producer's order of its queue (match ids; empty until reordered). */
  desk: { onAir: string | null; order: readonly string[] }
}

/** Every opponent of a match is known (a duel's two, an FFA's all): only such a match goes on air by itself. */
export function isDecided(node: BracketNode): boolean {
  return node.opponents.length >= 2 && node.opponents.every((o) => o.participant !== null)
}

/**
 * The stream's queue: its linked matches not yet played and not on air, in the producer's order where given, else
 * decided matches first (an early-scheduled final between two "winner of …" slots waits its turn), then by bracket
 * order.
 */
export function queueOf(sources: QueueSources): BracketNode[] {
  const { stream, nodes, links, desk } = sources
  const queued = nodes.filter(
    (n) => n.status !== 'completed' && n.id !== desk.onAir && (links.get(n.id) ?? []).includes(stream.id),
  )
  const position = new Map(desk.order.map((id, index) => [id, index]))
  return queued.sort((a, b) => {
    const pa = position.get(a.id)
    const pb = position.get(b.id)
    if (pa !== undefined && pb !== undefined) return pa - pb
    if (pa !== undefined) return -1
    if (pb !== undefined) return 1
    return Number(isDecided(b)) - Number(isDecided(a)) || matchOrder(a, b)
  })
}
