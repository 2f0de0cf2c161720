// The desk's match list: search by name, label or number, filters, played matches apart, and an order that holds.
import { describe, expect, it } from 'vitest'
import type { BracketNode } from '../../../shared/api'
import { matchLabels } from '../../../shared/bracket/match-labels'
import { holdOrder, listMatches } from './match-list'

const seat = (name: string) => ({
  number: 1,
  position: 1,
  result: null,
  rank: null,
  forfeit: false,
  score: null,
  source_type: 'none' as const,
  source_node_id: null,
  participant: { id: name, name, custom_user_identifier: null, custom_fields: {} },
})
const node = (
  id: string,
  round: number,
  number: number,
  status: BracketNode['status'],
  names: [string, string],
  at?: string,
): BracketNode => ({
  id,
  tournament_id: 't',
  stage_id: 's',
  group_id: 'g',
  round_id: `1${round}`,
  number,
  type: 'duel',
  status,
  scheduled_datetime: `2026-11-22T1${round}:00:00Z`,
  played_at: at ?? null,
  depth: 1,
  branch: null,
  opponents: names.map(seat),
})

const nodes = [
  node('a', 1, 1, 'completed', ['Nova', 'Blaze'], '2026-11-22T10:20:00Z'),
  node('b', 1, 2, 'completed', ['Echo', 'Frost'], '2026-11-22T10:40:00Z'),
  node('c', 2, 1, 'pending', ['Nova', 'Echo']),
  node('d', 2, 2, 'running', ['Kairo', 'Vale']),
]
const labels = matchLabels(nodes)

describe('match list', () => {
  it('lists open matches running first, played ones apart, most recent first', () => {
    const lists = listMatches(nodes, labels, {}, '', 'all')
    expect(lists.open.map((e) => e.node.id)).toEqual(['d', 'c'])
    expect(lists.done.map((e) => e.node.id)).toEqual(['b', 'a'])
  })

  it('finds a match by a player, by its label, or by its number', () => {
    expect(listMatches(nodes, labels, {}, 'nova', 'all').open.map((e) => e.node.id)).toEqual(['c'])
    expect(listMatches(nodes, labels, {}, 'round 2 match 2', 'all').open.map((e) => e.node.id)).toEqual(['d'])
    expect(listMatches(nodes, labels, {}, 'final', 'all').open).toEqual([])
    expect(listMatches(nodes, labels, {}, 'r2 m1', 'all').open.map((e) => e.node.id)).toEqual(['c'])
  })

  it('filters by stream links and status', () => {
    const links = { c: ['s1'] }
    expect(listMatches(nodes, labels, links, '', 'on-stream').open.map((e) => e.node.id)).toEqual(['c'])
    expect(listMatches(nodes, labels, links, '', 'unlinked').open.map((e) => e.node.id)).toEqual(['d'])
    expect(listMatches(nodes, labels, links, '', 'pending').open.map((e) => e.node.id)).toEqual(['c'])
  })

  it('keeps the order the producer sees while they work, and says when a fresh one is waiting', () => {
    const fresh = listMatches(nodes, labels, {}, '', 'all').open // d, c
    const held = holdOrder(['c', 'd'], fresh)
    expect(held.list.map((e) => e.node.id)).toEqual(['c', 'd'])
    expect(held.moved).toBe(true)
    expect(holdOrder(['d', 'c'], fresh).moved).toBe(false)
  })
})
