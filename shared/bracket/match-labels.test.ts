// Match labels on the real dumps of the public service and on the Demo venue's stage shapes.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BracketNode } from '../api'
import { REAL_FIXTURES_DIR } from '../../tests/support/paths'
import { seedVenue } from '../../sandbox/seed/venue'
import { Store } from '../../sandbox/store/store'
import { matchLabels, slotName } from './match-labels'

const dump = (file: string) =>
  (JSON.parse(readFileSync(join(REAL_FIXTURES_DIR, file), 'utf8')) as { bracket_nodes: unknown[] }).bracket_nodes.map(
    (raw) => BracketNode.parse(raw),
  )

describe('match labels', () => {
  it('names a real double elimination by branch, round and match, and its grand final', () => {
    const nodes = dump('pools-and-double-elimination-completed.json')
    const labels = matchLabels(nodes)
    const stage = nodes[0]!.stage_id
    const of = (branch: string) => nodes.filter((n) => n.stage_id === stage && n.branch === branch)
    const deepestWb = of('wb').reduce((a, b) => (a.depth >= b.depth ? a : b))
    expect(labels.get(deepestWb.id)).toEqual({
      long: `Winners round 1 · match ${deepestWb.number}`,
      short: `WB R1 M${deepestWb.number}`,
      name: { kind: 'round', branch: 'winners', group: null, round: 1, match: deepestWb.number },
    })
    expect(of('lb').map((n) => labels.get(n.id)!.long)).toContain('Losers round 6 · match 1')
    expect(labels.get(of('gf')[0]!.id)).toMatchObject({
      long: 'Grand final',
      short: 'GF',
      name: { kind: 'grand-final' },
    })
    // Each label is used once per stage: a producer can find any match by it.
    const stageLabels = nodes.filter((n) => n.stage_id === stage).map((n) => labels.get(n.id)!.long)
    expect(new Set(stageLabels).size).toBe(stageLabels.length)
  })

  it('names the slot of a match still to be decided by the match it waits for', () => {
    const nodes = dump('single-elimination-23-pending.json')
    const labels = matchLabels(nodes)
    const waiting = nodes.flatMap((n) => n.opponents).find((o) => !o.participant && o.source_node_id)!
    const source = labels.get(waiting.source_node_id!)!
    expect(slotName(waiting, labels)).toBe(`Winner of ${source.short}`)
    const final = nodes.find(
      (n) =>
        n.opponents.every((o) => o.source_node_id) &&
        !nodes.some((m) => m.opponents.some((o) => o.source_node_id === n.id)),
    )!
    expect(labels.get(final.id)!.long).toBe('Final')
  })

  it('names pools by group, league and swiss by round, and a loser slot by its source', () => {
    const store = new Store(1, () => new Date('2026-11-22T10:00:00Z'))
    seedVenue(store, 1, 'small')
    const labels = matchLabels([...store.nodes.values()])
    const stageOf = (name: string) => [...store.stages.values()].find((s) => s.name === name)!.id
    const nodesOf = (name: string) => [...store.nodes.values()].filter((n) => n.stage_id === stageOf(name))
    expect(nodesOf('Groups').map((n) => labels.get(n.id)!.long)).toContain('Group B · round 2 · match 1')
    expect(nodesOf('Swiss').map((n) => labels.get(n.id)!.long)).toContain('Round 3 · match 2')
    const loserSlot = nodesOf('Playoffs')
      .flatMap((n) => n.opponents)
      .find((o) => o.source_type === 'loser' && !o.participant)
    expect(slotName(loserSlot!, labels)).toMatch(/^Loser of WB R\d M\d$/)
  })
})
