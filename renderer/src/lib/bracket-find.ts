// Finding one's way in a bracket: the matches a search finds (in bracket order), what a match box announces, the
// name of a group as people say it (Winners, Losers, Grand final, Group B), a round's heading.
import { isolate } from '../../../shared/text/hidden-characters'
import type { BracketNode } from '../../../shared/api'
import { slotName, type MatchLabel, type MatchLabels } from '../../../shared/bracket/match-labels'
import { FIT, plain, searchFit } from '../../../shared/bracket/match-search'

const labelOf = (node: BracketNode, labels: MatchLabels): Pick<MatchLabel, 'long' | 'short'> =>
  labels.get(node.id) ?? { long: `Match ${node.number}`, short: `M${node.number}` }

/**
 * The matches a search finds: those whose whole label it is first ("WB R3 M2" before M20–M29 and M200), then whole
 * words of a label, then the rest, each in the order they are drawn; and how many are exact. None for an empty search.
 */
export function findInBracket(
  nodes: readonly BracketNode[],
  labels: MatchLabels,
  text: string,
): { ids: string[]; exact: number } {
  // No search (every view's start) costs nothing: not even the first use of `plain`'s Unicode pattern.
  const query = text.trim() ? plain(text) : ''
  if (!query) return { ids: [], exact: 0 }
  const fits = nodes
    .map((node) => ({
      id: node.id,
      fit: searchFit(
        query,
        labelOf(node, labels),
        node.number,
        node.opponents.map((o) => slotName(o, labels)),
      ),
    }))
    .filter(({ fit }) => fit > FIT.none)
  // A stable sort keeps the drawn order within each kind of fit.
  fits.sort((a, b) => b.fit - a.fit)
  return { ids: fits.map(({ id }) => id), exact: fits.filter(({ fit }) => fit === FIT.exact).length }
}

/** What a screen reader says for a match box: "Winners round 3 match 2, Team A 2, Team B 1, completed". */
export function describeMatch(node: BracketNode, labels: MatchLabels, streamed = false): string {
  const sides = node.opponents.map((o) => `${isolate(slotName(o, labels))}${o.score === null ? '' : ` ${o.score}`}`)
  // What the box shows is in its name, in the order shown (the sides, then "on stream"; the status is not shown):
  // speech-input users say what they see.
  return [
    labelOf(node, labels).long.replace(' · ', ' '),
    ...sides,
    ...(streamed ? ['on stream'] : []),
    node.status,
  ].join(', ')
}

/** A group as people name it, from one of its matches: by its branch in elimination brackets, by letter otherwise. */
export function groupName(match: BracketNode | undefined, index: number): string {
  const branch = match?.branch
  if (branch === 'wb') return 'Winners'
  if (branch === 'lb') return 'Losers'
  if (branch === 'gf') return 'Grand final'
  return `Group ${String.fromCharCode(65 + index)}`
}

/** A round's heading from one of its matches' labels: "Winners round 3 · match 2" → "Winners round 3". */
export function roundHeading(label: MatchLabel | undefined): string {
  return (label?.long ?? '').replace(/ · match \d+$/, '')
}
