// The stream desk's list of matches: search by player, label or number, filters, and an order that holds still while
// the producer works in it.
import type { BracketNode } from '../../../shared/api'
import { slotName, type MatchLabel, type MatchLabels } from '../../../shared/bracket/match-labels'
import { matchOrder } from '../../../shared/bracket/match-order'
import { fitsSearch, plain } from '../../../shared/bracket/match-search'

export const MATCH_FILTERS = ['all', 'unlinked', 'on-stream', 'running', 'pending'] as const
export type MatchFilter = (typeof MATCH_FILTERS)[number]

export interface ListedMatch {
  node: BracketNode
  label: Pick<MatchLabel, 'long' | 'short'>
  /** Both slots as people read them: names, or what they wait for. */
  names: string[]
  streamIds: string[]
}

export interface MatchLists {
  /** Not played yet, in working order. */
  open: ListedMatch[]
  /** Played, most recent first (shown collapsed). */
  done: ListedMatch[]
}

function matches(entry: ListedMatch, query: string): boolean {
  return fitsSearch(query, entry.label, entry.node.number, entry.names)
}

function passes(entry: ListedMatch, filter: MatchFilter): boolean {
  switch (filter) {
    case 'unlinked':
      return entry.streamIds.length === 0
    case 'on-stream':
      return entry.streamIds.length > 0
    case 'running':
    case 'pending':
      return entry.node.status === filter
    default:
      return true
  }
}

export function listMatches(
  nodes: readonly BracketNode[],
  labels: MatchLabels,
  links: Readonly<Record<string, string[]>>,
  query: string,
  filter: MatchFilter,
): MatchLists {
  const wanted = plain(query)
  const entries = nodes
    .filter((n) => n.opponents.length > 0)
    .map((node) => ({
      node,
      label: labels.get(node.id) ?? { long: `Match ${node.number}`, short: `M${node.number}` },
      names: node.opponents.map((o) => slotName(o, labels)),
      streamIds: links[node.id] ?? [],
    }))
    .filter((entry) => matches(entry, wanted) && passes(entry, filter))
  return {
    open: entries.filter((e) => e.node.status !== 'completed').sort((a, b) => matchOrder(a.node, b.node)),
    done: entries
      .filter((e) => e.node.status === 'completed')
      .sort((a, b) => (b.node.played_at ?? '').localeCompare(a.node.played_at ?? '')),
  }
}

/**
 * The list as the producer last saw it while they work in it: the matches already shown keep their places (with
 * fresh data), new ones come after; those gone leave. `moved` says whether the fresh order differs.
 */
export function holdOrder(shown: readonly string[], fresh: ListedMatch[]): { list: ListedMatch[]; moved: boolean } {
  const byId = new Map(fresh.map((entry) => [entry.node.id, entry]))
  const kept = shown.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
  const keptIds = new Set(kept.map((entry) => entry.node.id))
  const list = [...kept, ...fresh.filter((entry) => !keptIds.has(entry.node.id))]
  const moved = list.some((entry, index) => fresh[index]?.node.id !== entry.node.id)
  return { list, moved }
}
