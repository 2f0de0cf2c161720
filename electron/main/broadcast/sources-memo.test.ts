// A tournament's feed sources are worked out again only for what changed: the same parts give the same sources, a new
// participant list keeps the bracket's part but says the new check-ins, and new nodes or links give a new bracket part.
import { describe, expect, it } from 'vitest'
import type { BracketNode } from '../../../shared/api'
import { SourcesMemo, type SourceParts } from './sources-memo'
import { node, seat } from '../../../tests/support/bracket-node'

/** The kept stages list: the cache hands out the same one until stages are written. */
const stages: SourceParts['stages'] = []

function partsOf(
  nodes: readonly BracketNode[],
  links: ReadonlyMap<string, readonly string[]>,
  checkedIn: ReadonlyMap<string, boolean>,
): SourceParts {
  return {
    nodes,
    links,
    tournament: { id: 't', name: 'Cup', locale: null, logo: null },
    stages,
    participants: checkedIn,
    checkedIn: (id) => checkedIn.get(id),
    countryOf: () => null,
  }
}

describe('sources kept per tournament', () => {
  const nodes = [node('m1', 1, 1, 'pending'), node('m2', 1, 2, 'pending')]
  const links = new Map([['m1', ['s1']]])

  it('answers the same sources while nothing changed, even through new closures', () => {
    const memo = new SourcesMemo()
    const checkedIn = new Map([['p-Am1', true]])
    const first = memo.of('t', partsOf(nodes, links, checkedIn))
    expect(memo.of('t', partsOf(nodes, links, checkedIn))).toBe(first)
    expect(first.linkedTo.get('s1')?.map((n) => n.id)).toEqual(['m1'])
  })

  it('says new check-ins from a new participant list, keeping the bracket worked out', () => {
    const memo = new SourcesMemo()
    const before = memo.of('t', partsOf(nodes, links, new Map([['p-Am1', false]])))
    const after = memo.of('t', partsOf(nodes, links, new Map([['p-Am1', true]])))
    expect(after).not.toBe(before)
    expect(after.checkedIn('p-Am1')).toBe(true)
    expect(after.labels).toBe(before.labels)
  })

  it('works the bracket out again for new nodes or links, and for each tournament on its own', () => {
    const memo = new SourcesMemo()
    const checkedIn = new Map<string, boolean>()
    const before = memo.of('t', partsOf(nodes, links, checkedIn))
    const relinked = memo.of('t', partsOf(nodes, new Map([['m2', ['s1']]]), checkedIn))
    expect(relinked.linkedTo.get('s1')?.map((n) => n.id)).toEqual(['m2'])
    const renamed = [nodes[0]!, node('m2', 1, 2, 'pending', { opponents: [seat('Cy'), seat('Ed')] })]
    const replayed = memo.of('t', partsOf(renamed, relinked.links, checkedIn))
    expect(replayed.byId.get('m2')?.opponents[1]?.participant?.name).toBe('Ed')
    // Another tournament is kept beside it: neither is worked out again for the other.
    const other = memo.of('other', partsOf(nodes, links, checkedIn))
    expect(other).not.toBe(before)
    expect(memo.of('t', partsOf(renamed, relinked.links, checkedIn))).toBe(replayed)
    expect(memo.of('other', partsOf(nodes, links, checkedIn))).toBe(other)
    memo.forget()
    expect(memo.of('t', partsOf(renamed, relinked.links, checkedIn))).not.toBe(replayed)
  })
})
