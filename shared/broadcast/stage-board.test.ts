// The top 8 and standings boards from two real bracket dumps: the last rounds with eight players left (single and
// double elimination), and a pool's wins and losses ranked (the dumps' pools have no nodes: made here), equal records
// sharing a rank.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BracketNode } from '../api'
import { matchLabels, slotName, slotWait } from '../bracket/match-labels'
import { REAL_FIXTURES_DIR } from '../../tests/support/paths'
import { matchNode } from '../../tests/support/bracket-node'
import { stageBoard, type StageBoard } from './stage-board'

type Dump = { legacy_stages: { id: string; type: string; name: string }[]; bracket_nodes: unknown[] }
const dump = (file: string) => JSON.parse(readFileSync(join(REAL_FIXTURES_DIR, file), 'utf8')) as Dump

function boardOf(file: string, stageName: string): StageBoard | null {
  const data = dump(file)
  const nodes = data.bracket_nodes.map((raw) => BracketNode.parse(raw))
  const labels = matchLabels(nodes)
  const stage = data.legacy_stages.find((s) => s.name === stageName)!
  const stageNodes = nodes.filter((n) => n.stage_id === stage.id)
  return stageBoard(
    {
      stage,
      nodes: stageNodes,
      label: (n) => labels.get(n.id),
      groupName: (id) => labels.get(stageNodes.find((n) => n.group_id === id)!.id)?.name.group ?? null,
      slotName: (o) => slotName(o, labels),
      slotWait: (o) => slotWait(o, labels),
    },
    null,
  )
}

describe('the stage board', () => {
  it('draws a single elimination’s quarter-finals, semi-finals and final as its top 8', () => {
    const board = boardOf('single-elimination-23-pending.json', 'Playoffs')
    expect(board?.kind).toBe('top8')
    if (board?.kind !== 'top8') return
    expect(board.matches.map((m) => `${m.row}${m.column}`)).toEqual([
      ...Array<string>(4).fill('winners0'),
      'winners1',
      'winners1',
      'winners2',
    ])
    expect(board.matches.at(-1)!.name?.kind).toBe('final')
    // Lines between rounds: each semi-final from two quarter-finals, the final from both semis; none into the first.
    const ids = (column: number) => board.matches.filter((m) => m.column === column).map((m) => m.id)
    expect(board.matches.filter((m) => m.column === 0).every((m) => m.from.length === 0)).toBe(true)
    expect(
      board.matches
        .filter((m) => m.column === 1)
        .flatMap((m) => m.from)
        .sort(),
    ).toEqual(ids(0).sort())
    expect(board.matches.at(-1)!.from.sort()).toEqual(ids(1).sort())
    // The final's empty slots say whose winner they wait for, in parts an overlay words in its language.
    expect(board.matches.at(-1)!.opponents.map((o) => o.waitsFor?.match?.kind)).toEqual(['round', 'round'])
    expect(board.matches.at(-1)!.opponents.map((o) => o.waitsFor?.outcome)).toEqual(['winner', 'winner'])
  })

  it('draws a double elimination’s winners semis and final, its last four losers rounds and the grand final', () => {
    const board = boardOf('pools-and-double-elimination-completed.json', 'Tournoi Elite')
    if (board?.kind !== 'top8') throw new Error('not a top 8')
    const count = (row: string) => board.matches.filter((m) => m.row === row).length
    expect([count('winners'), count('losers'), count('final')]).toEqual([3, 6, 1])
    expect(board.matches.filter((m) => m.row === 'losers').map((m) => m.column)).toEqual([0, 0, 1, 1, 2, 3])
    // The grand final's lines come from the winners' final and the losers' final; a loser's drop draws none.
    const last = (row: string) => board.matches.filter((m) => m.row === row).at(-1)!.id
    expect(board.matches.find((m) => m.row === 'final')!.from.sort()).toEqual([last('winners'), last('losers')].sort())
    expect(board.matches.filter((m) => m.row === 'losers' && m.column === 0).every((m) => m.from.length === 0)).toBe(
      true,
    )
    // A completed bracket: every match has both names and a winner.
    for (const match of board.matches) {
      expect(match.opponents.every((o) => o.name.length > 0)).toBe(true)
      expect(match.opponents.some((o) => o.result === 'win')).toBe(true)
    }
  })

  it('ranks a pool by wins and losses, the on-air match’s group only, equal records sharing a rank', () => {
    // Group 1: A beats B and C, B beats C, D draws A's group-mate C; group 2 plays too, and is left out.
    const played = (id: string, group: string, [a, b]: [string, string], result: 'win' | 'loss' | 'draw' | null) => {
      const node = matchNode(id, [a, b], { group_id: group, status: result ? 'completed' : 'pending' })
      const other = result === 'win' ? 'loss' : result === 'loss' ? 'win' : result
      node.opponents[0]!.result = result
      node.opponents[1]!.result = other
      return node
    }
    const nodes = [
      played('m1', 'g1', ['A', 'B'], 'win'),
      played('m2', 'g1', ['A', 'C'], 'win'),
      played('m3', 'g1', ['B', 'C'], 'win'),
      played('m4', 'g1', ['C', 'D'], 'draw'),
      played('m5', 'g1', ['B', 'D'], null),
      played('m6', 'g2', ['E', 'F'], 'win'),
    ]
    const board = stageBoard(
      {
        stage: { id: '1', name: 'Groups', type: 'pools' },
        nodes,
        label: () => undefined,
        groupName: () => 'A',
        slotName: () => '',
        slotWait: () => null,
      },
      'g1',
    )
    expect(board).toEqual({
      kind: 'standings',
      stage: 'Groups',
      group: 'A',
      of: 4,
      rows: [
        { rank: 1, name: 'Player A', wins: 2, losses: 0, draws: 0, tieBreaks: [] },
        { rank: 2, name: 'Player B', wins: 1, losses: 1, draws: 0, tieBreaks: [] },
        { rank: 3, name: 'Player D', wins: 0, losses: 0, draws: 1, tieBreaks: [] },
        { rank: 4, name: 'Player C', wins: 0, losses: 2, draws: 1, tieBreaks: [] },
      ],
      tieBreakers: [],
    })
    // Equal records share a rank.
    const tied = stageBoard(
      {
        stage: { id: '1', name: 'League', type: 'league' },
        nodes: [played('t1', 'g', ['X', 'Y'], 'draw')],
        label: () => undefined,
        groupName: () => null,
        slotName: () => '',
        slotWait: () => null,
      },
      null,
    )
    expect(tied?.kind === 'standings' && tied.rows.map((r) => r.rank)).toEqual([1, 1])
  })

  /** A completed match `a` won `score[0]`–`score[1]` against `b`. */
  const won = (id: string, [a, b]: [string, string], score: [number, number] = [2, 0]) => {
    const node = matchNode(id, [a, b], { status: 'completed' })
    Object.assign(node.opponents[0]!, { result: 'win', score: score[0] })
    Object.assign(node.opponents[1]!, { result: 'loss', score: score[1] })
    return node
  }
  const boardOfStage = (type: string, nodes: BracketNode[], tieBreakers?: string[]) => {
    const board = stageBoard(
      {
        stage: { id: '1', name: 'Swiss', type, tieBreakers },
        nodes,
        label: () => undefined,
        groupName: () => null,
        slotName: () => '',
        slotWait: () => null,
      },
      null,
    )
    if (board?.kind !== 'standings') throw new Error('no standings')
    return board
  }
  const table = (board: Extract<StageBoard, { kind: 'standings' }>) =>
    board.rows.map((row) => `${row.rank} ${row.name.slice(-1)} ${row.tieBreaks.join(',')}`)

  it('parts a swiss’s equal records by Buchholz, the wins of everyone met, and shows that column', () => {
    // X and Y are both 1–0, but X beat P (who won once since) and Y beat Q (who never won).
    const nodes = [
      won('m1', ['X', 'P']),
      won('m2', ['Y', 'Q'], [2, 1]),
      won('m3', ['P', 'Z'], [2, 1]),
      won('m4', ['Z', 'Q']),
    ]
    const board = boardOfStage('swiss', nodes)
    expect(board.tieBreakers).toEqual(['buchholz'])
    expect(table(board)).toEqual(['1 X 1', '2 Y 0', '3 P 2', '4 Z 1', '5 Q 2'])
  })

  it('ranks by the tie-breakers the stage’s settings name, in their order, and knows their other names', () => {
    // A cycle: everyone 1–1 and 1 win among the tied; only the scores part them.
    const cycle = [won('m1', ['A', 'B'], [2, 0]), won('m2', ['B', 'C'], [2, 1]), won('m3', ['C', 'A'], [2, 1])]
    const byDifference = boardOfStage('league', cycle, ['match_result_between', 'game_difference', 'coin_flip'])
    expect(byDifference.tieBreakers).toEqual(['score_difference'])
    expect(table(byDifference)).toEqual(['1 A 1', '2 C 0', '3 B -1'])
    // Head to head first where it parts: A and B are both 2–1, A beat B.
    const league = [
      won('m1', ['A', 'B']),
      won('m2', ['A', 'C']),
      won('m3', ['B', 'C']),
      won('m4', ['B', 'D']),
      won('m5', ['D', 'A']),
      won('m6', ['C', 'D']),
    ]
    const board = boardOfStage('league', league)
    expect(board.tieBreakers).toEqual(['head_to_head'])
    expect(table(board)).toEqual(['1 A 1', '2 B 0', '3 C 1', '4 D 0'])
    // Equal after every tie-breaker: a shared rank, and the next rank skips.
    const even = [won('m1', ['E', 'F']), won('m2', ['G', 'H'])]
    expect(boardOfStage('league', even, ['score_for']).rows.map((row) => row.rank)).toEqual([1, 1, 3, 3])
  })

  it('is nothing for a stage it has no picture of', () => {
    expect(
      stageBoard(
        {
          stage: { id: 's', name: 'FFA', type: 'ffa_league' },
          nodes: [],
          label: () => undefined,
          groupName: () => null,
          slotName: () => '',
          slotWait: () => null,
        },
        null,
      ),
    ).toBeNull()
  })
})
