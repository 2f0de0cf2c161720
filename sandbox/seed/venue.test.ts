// The seeded Demo venue: deterministic per seed, every kind of data the app shows, brackets wired like the real ones.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BracketNode } from '../../shared/api'
import { REAL_FIXTURES_DIR } from '../../tests/support/paths'
import { Store } from '../store/store'
import type { NodeRecord, StageRecord } from '../store/records'
import { buildDoubleElimination, buildSingleElimination, seedingOrder } from './elimination'
import { seedVenue } from './venue'

function venue(seed: number, size: 'small' | 'medium' | 'large' = 'small') {
  const store = new Store(seed, () => new Date('2026-11-22T10:00:00Z'))
  seedVenue(store, seed, size)
  return store
}

/** Each node as (group, round, number, depth, branch, where each opponent comes from), positions by rank. */
function wiring(nodes: NodeRecord[], group: (n: NodeRecord) => number, round: (n: NodeRecord) => number) {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const place = (n: NodeRecord) => `${group(n)}/${round(n)}/${n.number}`
  return nodes
    .map((n) => ({
      at: place(n),
      depth: n.depth,
      branch: n.branch,
      from: n.opponents.map(
        (o) => `${o.source_type}${o.source_node_id ? ' ' + place(byId.get(o.source_node_id)!) : ''}`,
      ),
    }))
    .sort((a, b) => a.at.localeCompare(b.at, 'en', { numeric: true }))
}

function realWiring(file: string, stageId: string) {
  const dump = JSON.parse(readFileSync(join(REAL_FIXTURES_DIR, file), 'utf8')) as { bracket_nodes: unknown[] }
  const nodes = dump.bracket_nodes.map((raw) => BracketNode.parse(raw)).filter((n) => n.stage_id === stageId)
  const rank = (ids: string[]) =>
    new Map([...new Set(ids)].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)).map((id, i) => [id, i + 1]))
  const groups = rank(nodes.map((n) => n.group_id))
  const rounds = new Map(
    [...groups.keys()].flatMap((g) => [...rank(nodes.filter((n) => n.group_id === g).map((n) => n.round_id))]),
  )
  return wiring(
    nodes,
    (n) => groups.get(n.group_id)!,
    (n) => rounds.get(n.round_id)!,
  )
}

function builtWiring(build: (store: Store, stage: StageRecord) => void) {
  const store = new Store(1)
  const stage = { id: 'stage', tournament_id: 't' } as StageRecord
  build(store, stage)
  return wiring(
    [...store.nodes.values()],
    (n) => store.groups.get(n.group_id)!.number,
    (n) => store.rounds.get(n.round_id)!.number,
  )
}

describe('brackets are wired like the public service wires them', () => {
  it('single elimination of 23: play-ins only where both seeds exist, byes in round 2, same depths', () => {
    const built = builtWiring((store, stage) =>
      buildSingleElimination(
        store,
        stage,
        Array.from({ length: 23 }, () => null),
      ),
    )
    expect(built).toEqual(realWiring('single-elimination-23-pending.json', '4132980846783193088'))
  })

  it('double elimination of 16 with a simple grand final: losers drop in swapped pairs, same depths', () => {
    const built = builtWiring((store, stage) =>
      buildDoubleElimination(
        store,
        stage,
        Array.from({ length: 16 }, () => null),
        'simple',
      ),
    )
    expect(built).toEqual(realWiring('pools-and-double-elimination-completed.json', '3077722670113628160'))
  })

  it('seeding order puts seed 1 against the last seed and mirrors halves', () => {
    expect(seedingOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6])
  })
})

describe('the Demo venue', () => {
  it('is the same for the same seed and different for another', () => {
    expect(venue(1).snapshot()).toBe(venue(1).snapshot())
    expect(venue(2).snapshot()).not.toBe(venue(1).snapshot())
  })

  it('has tournaments of several disciplines, players and teams with lineups, and some check-ins', () => {
    const store = venue(1)
    const tournaments = [...store.tournaments.values()]
    expect(new Set(tournaments.map((t) => t.discipline)).size).toBeGreaterThanOrEqual(4)
    const participants = [...store.participants.values()]
    expect(new Set(participants.map((p) => p.type))).toEqual(new Set(['player', 'team']))
    expect(participants.filter((p) => p.type === 'team').every((p) => p.lineup.length > 0)).toBe(true)
    const checkedIn = participants.filter((p) => p.checked_in).length
    expect(checkedIn).toBeGreaterThan(0)
    expect(checkedIn).toBeLessThan(participants.length)
    expect(new Set(participants.map((p) => p.custom_user_identifier)).size).toBe(participants.length)
  })

  it('has every stage type the app draws, both grand finals, streams in several languages and match links', () => {
    const store = venue(1)
    const stages = [...store.stages.values()]
    expect(new Set(stages.map((s) => s.type))).toEqual(
      new Set(['single_elimination', 'double_elimination', 'pools', 'swiss', 'league']),
    )
    expect(new Set(stages.filter((s) => s.type === 'double_elimination').map((s) => s.settings.grand_final))).toEqual(
      new Set(['simple', 'double']),
    )
    expect(new Set([...store.streams.values()].map((s) => s.language)).size).toBeGreaterThanOrEqual(4)
    expect(store.matchStreams.size).toBeGreaterThan(0)
    for (const [matchId, streamIds] of store.matchStreams) {
      const node = store.nodes.get(matchId)!
      for (const id of streamIds) expect(store.streams.get(id)!.tournament_id).toBe(node.tournament_id)
    }
  })

  it('plays matches consistently: a completed match has a winner, and it sits in the node that names it', () => {
    const store = venue(3)
    const nodes = [...store.nodes.values()]
    const completed = nodes.filter((n) => n.status === 'completed')
    expect(completed.length).toBeGreaterThan(10)
    for (const node of completed) {
      expect(node.played_at).not.toBeNull()
      expect(node.opponents.map((o) => o.result).sort()).toSatisfy(
        (r: string[]) => r.join() === 'loss,win' || r.join() === 'draw,draw',
      )
    }
    for (const node of nodes) {
      for (const o of node.opponents) {
        const source = o.source_node_id ? store.nodes.get(o.source_node_id) : undefined
        if (source?.status !== 'completed') continue
        const expected = source.opponents.find(
          (x) => x.result === (o.source_type === 'winner' ? 'win' : 'loss'),
        )!.participant
        expect(o.participant?.id).toBe(expected?.id)
      }
    }
  })

  it('large: a tournament of 5,000 participants and a 2,048-entrant double elimination', () => {
    const store = venue(1, 'large')
    const counts = new Map<string, number>()
    for (const p of store.participants.values()) counts.set(p.tournament_id, (counts.get(p.tournament_id) ?? 0) + 1)
    expect(Math.max(...counts.values())).toBeGreaterThanOrEqual(5000)
    const big = [...store.stages.values()].find((s) => s.settings.size === 2048)!
    const nodes = [...store.nodes.values()].filter((n) => n.stage_id === big.id)
    expect(nodes.length).toBe(2047 + 2046 + 1)
    const firstRound = nodes.filter(
      (n) => store.groups.get(n.group_id)!.number === 1 && store.rounds.get(n.round_id)!.number === 1,
    )
    expect(firstRound).toHaveLength(1024)
    expect(Math.max(...nodes.map((n) => n.depth))).toBe(2 * 11)
  })

  it.each(['small', 'medium', 'large'] as const)('%s: has an unpublished tournament', (size) => {
    const store = venue(1, size)
    expect([...store.tournaments.values()].filter((t) => !t.public).map((t) => t.name)).toEqual(['Staff Scrim Night'])
  })
})

describe('series scores', () => {
  it('scores a best-of match in games won, as the service reports it: a Bo3 ends 2–0 or 2–1', () => {
    const store = venue(1, 'medium')
    const finished = [...store.nodes.values()].filter(
      (n) => n.status === 'completed' && n.opponents.every((o) => o.participant && !o.forfeit),
    )
    expect(finished.length).toBeGreaterThan(20)
    for (const node of finished) {
      const sets = store.stages.get(node.stage_id)!.match_settings.format?.options?.nb_match_sets
      expect(sets).toBe(3)
      const scores = node.opponents.map((o) => o.score!)
      if (node.opponents.some((o) => o.result === 'draw')) continue
      expect(Math.max(...scores), `${node.id}: ${scores.join('–')}`).toBe(2)
      expect(Math.min(...scores)).toBeLessThan(2)
    }
  })
})
