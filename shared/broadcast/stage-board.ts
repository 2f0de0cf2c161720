// What the top 8 and standings overlays draw for the stage on air: an elimination stage's last rounds (the top 8: from
// the eight players left, each match with its names and scores), or a league, swiss or pool's standings (wins, losses,
// draws and the ranking they make, for the on-air match's group). Pure: worked out from the bracket's nodes and labels.
import { z } from 'zod'
import type { BracketNode } from '../api'
import { MatchName, SlotWait } from './match-name'

/** Standings drawn at most (a pool of 64 shows its first 16). */
export const STANDINGS_MAX = 16
/** Matches a top 8 holds at most (double elimination with a reset: 2 + 1 + 2 + 2 + 1 + 1 + 2). */
export const TOP8_MAX = 16

export const BoardMatch = z.object({
  id: z.string(),
  label: z.string(),
  name: MatchName.nullable(),
  /** Which row it is drawn in, and which column of that row (0 first). */
  row: z.enum(['winners', 'losers', 'final']),
  column: z.number().int().min(0),
  status: z.enum(['pending', 'running', 'completed']),
  /** The board's matches whose winner plays in this one: the lines drawn between rounds (a loser's drop is not). */
  from: z.array(z.string()).max(2).default([]),
  opponents: z.array(
    z.object({
      name: z.string(),
      score: z.number().nullable(),
      result: z.enum(['win', 'draw', 'loss']).nullable(),
      waitsFor: SlotWait,
    }),
  ),
})
export type BoardMatch = z.infer<typeof BoardMatch>

export const StandingRow = z.object({
  rank: z.number().int().min(1),
  name: z.string(),
  wins: z.number().int().min(0),
  losses: z.number().int().min(0),
  draws: z.number().int().min(0),
})
export type StandingRow = z.infer<typeof StandingRow>

export const StageBoard = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('top8'), stage: z.string(), matches: z.array(BoardMatch).max(TOP8_MAX) }),
  z.object({
    kind: z.literal('standings'),
    stage: z.string(),
    /** The pool's or group's name ("Group A"), null for a league or swiss stage. */
    group: z.string().nullable(),
    rows: z.array(StandingRow).max(STANDINGS_MAX),
    /** How many take part (more than the rows when cut). */
    of: z.number().int().min(0),
  }),
])
export type StageBoard = z.infer<typeof StageBoard>

/** Stage types drawn as a top 8, and as standings. */
const ELIMINATION = new Set(['single_elimination', 'double_elimination', 'bracket_groups', 'custom_bracket'])
const STANDINGS = new Set(['league', 'swiss', 'pools', 'gauntlet', 'simple'])

export interface BoardSources {
  stage: { id: string; name: string; type: string }
  /** The stage's nodes (any order). */
  nodes: readonly BracketNode[]
  label(node: BracketNode): { long: string; name: MatchName } | undefined
  /** The group's name for standings of a stage with groups (pools); null for none. */
  groupName(groupId: string): string | null
  /** The name an empty slot is drawn with ("Winner of WB R2 M3"). */
  slotName(opponent: BracketNode['opponents'][number]): string
  /** What an empty slot waits for, in parts, so an overlay says it in its language. */
  slotWait(opponent: BracketNode['opponents'][number]): SlotWait
}

/** The board of the stage a match is in: its top 8, its standings (of that match's group), or null for other kinds. */
export function stageBoard(sources: BoardSources, groupId: string | null): StageBoard | null {
  const { type } = sources.stage
  if (ELIMINATION.has(type)) return top8(sources)
  if (STANDINGS.has(type)) return standings(sources, groupId)
  return null
}

/**
 * The last rounds with eight players in them: in single elimination the rounds of four matches or fewer; in double
 * elimination the winners' and losers' rounds of two or fewer, and the grand final.
 */
function top8(sources: BoardSources): StageBoard {
  const labelled = sources.nodes.flatMap((node) => {
    const label = sources.label(node)
    return label ? [{ node, label }] : []
  })
  const double = labelled.some(({ label }) => label.name.branch === 'losers')
  const rowOf = (name: MatchName): BoardMatch['row'] =>
    name.kind === 'grand-final' || name.kind === 'grand-final-reset'
      ? 'final'
      : name.branch === 'losers'
        ? 'losers'
        : 'winners'
  // Rounds per row, by their number (a final after the rounds of its row).
  const rounds = new Map<string, { row: BoardMatch['row']; order: number; items: typeof labelled }>()
  for (const item of labelled) {
    const { name } = item.label
    const row = rowOf(name)
    const order =
      row === 'final' ? (name.kind === 'grand-final-reset' ? 1 : 0) : name.kind === 'final' ? 1e6 : name.round
    const key = `${row}:${order}`
    const round = rounds.get(key) ?? { row, order, items: [] }
    round.items.push(item)
    rounds.set(key, round)
  }
  const cap = (row: BoardMatch['row']) => (row === 'final' ? Infinity : double ? 2 : 4)
  const kept = [...rounds.values()]
    .filter((round) => round.items.length <= cap(round.row))
    // Only the rounds after the last one too big: an early round of a small bracket is not the top 8.
    .filter(
      (round) =>
        ![...rounds.values()].some((r) => r.row === round.row && r.order > round.order && r.items.length > cap(r.row)),
    )
    .sort((a, b) => a.order - b.order)
  const columns = new Map<BoardMatch['row'], number>()
  const matches: BoardMatch[] = []
  for (const round of kept) {
    const column = columns.get(round.row) ?? 0
    columns.set(round.row, column + 1)
    for (const { node, label } of round.items.sort((a, b) => a.label.name.match - b.label.name.match))
      matches.push({
        id: node.id,
        label: label.long,
        name: label.name,
        row: round.row,
        column,
        status: node.status,
        from: [],
        opponents: node.opponents.map((o) => ({
          name: sources.slotName(o),
          score: o.score,
          result: o.result,
          waitsFor: sources.slotWait(o),
        })),
      })
  }
  const shown = matches.slice(-TOP8_MAX)
  const onBoard = new Set(shown.map((match) => match.id))
  const nodeOf = new Map(sources.nodes.map((node) => [node.id, node]))
  for (const match of shown)
    match.from = (nodeOf.get(match.id)?.opponents ?? []).flatMap((o) =>
      o.source_type === 'winner' && o.source_node_id && onBoard.has(o.source_node_id) ? [o.source_node_id] : [],
    )
  return { kind: 'top8', stage: sources.stage.name, matches: shown }
}

/** Wins, losses and draws of each participant in the group's completed matches, ranked (equal records share a rank). */
function standings(sources: BoardSources, groupId: string | null): StageBoard {
  const records = new Map<string, StandingRow>()
  for (const node of sources.nodes) {
    if (groupId && node.group_id !== groupId) continue
    for (const o of node.opponents) {
      if (!o.participant) continue
      const row = records.get(o.participant.id) ?? { rank: 1, name: o.participant.name, wins: 0, losses: 0, draws: 0 }
      if (node.status === 'completed') {
        if (o.result === 'win') row.wins++
        else if (o.result === 'loss') row.losses++
        else if (o.result === 'draw') row.draws++
      }
      records.set(o.participant.id, row)
    }
  }
  const rows = [...records.values()].sort(
    (a, b) => b.wins - a.wins || a.losses - b.losses || b.draws - a.draws || a.name.localeCompare(b.name),
  )
  rows.forEach((row, index) => {
    const before = rows[index - 1]
    const tied = before && before.wins === row.wins && before.losses === row.losses && before.draws === row.draws
    row.rank = tied ? before.rank : index + 1
  })
  return {
    kind: 'standings',
    stage: sources.stage.name,
    group: groupId ? sources.groupName(groupId) : null,
    rows: rows.slice(0, STANDINGS_MAX),
    of: rows.length,
  }
}
