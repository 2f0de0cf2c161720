// What the top 8 and standings overlays draw for the stage on air: an elimination stage's last rounds (the top 8: from
// the eight players left, each match with its names and scores), or a league, swiss or pool's standings (wins, losses,
// draws, the tie-breakers the stage names, and the ranking they make, for the on-air match's group). Pure: worked out
// from the bracket's nodes and labels.
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

/**
 * Tie-breakers the standings work out, as a stage's settings name them: the matches won among the tied ("head to
 * head"), the scores' difference and sum over every completed match, and the wins of everyone met (Buchholz).
 */
export const TIE_BREAKERS = ['head_to_head', 'score_difference', 'score_for', 'buchholz'] as const
export type TieBreaker = (typeof TIE_BREAKERS)[number]

/** The other names a stage's settings may give a tie-breaker by. */
const TIE_BREAKER_NAMES: Record<string, TieBreaker> = {
  head_to_head: 'head_to_head',
  match_result_between: 'head_to_head',
  direct_encounter: 'head_to_head',
  score_difference: 'score_difference',
  game_difference: 'score_difference',
  score_for: 'score_for',
  buchholz: 'buchholz',
}

/** What a stage that names none is ranked by after its records: a swiss by its opponents' strength, others as met. */
const DEFAULT_TIE_BREAKERS: Record<string, TieBreaker[]> = {
  swiss: ['buchholz', 'score_difference'],
  default: ['head_to_head', 'score_difference'],
}

export const StandingRow = z.object({
  rank: z.number().int().min(1),
  name: z.string(),
  wins: z.number().int().min(0),
  losses: z.number().int().min(0),
  draws: z.number().int().min(0),
  /** This row's value of each of the board's `tieBreakers`, in order; null where it was not worked out for it. */
  tieBreaks: z.array(z.number().nullable()).max(TIE_BREAKERS.length).default([]),
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
    /** The tie-breakers that decided a place among equal records, in the stage's order: one column each. */
    tieBreakers: z.array(z.enum(TIE_BREAKERS)).max(TIE_BREAKERS.length).default([]),
    /** How many take part (more than the rows when cut). */
    of: z.number().int().min(0),
  }),
])
export type StageBoard = z.infer<typeof StageBoard>

/** Stage types drawn as a top 8, and as standings. */
const ELIMINATION = new Set(['single_elimination', 'double_elimination', 'bracket_groups', 'custom_bracket'])
const STANDINGS = new Set(['league', 'swiss', 'pools', 'gauntlet', 'simple'])

export interface BoardSources {
  /** `tieBreakers`: the names the stage's settings give, in order (none: what its type is usually ranked by). */
  stage: { id: string; name: string; type: string; tieBreakers?: readonly string[] }
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

/** A participant's record in a group, with what its tie-breakers are worked out from. */
interface StandingRecord {
  row: StandingRow
  id: string
  scoreFor: number
  scoreAgainst: number
  /** Whom they met in completed matches (once per match), and whom they beat. */
  met: string[]
  beat: string[]
}

/**
 * Wins, losses and draws of each participant in the group's completed matches, ranked by them; equal records are
 * parted by the stage's tie-breakers in order (the ones that parted any are the board's columns), and share a rank
 * when every tie-breaker leaves them equal.
 */
function standings(sources: BoardSources, groupId: string | null): StageBoard {
  const records = new Map<string, StandingRecord>()
  const recordOf = (participant: { id: string; name: string }) => {
    const known = records.get(participant.id)
    if (known) return known
    const made: StandingRecord = {
      row: { rank: 1, name: participant.name, wins: 0, losses: 0, draws: 0, tieBreaks: [] },
      id: participant.id,
      scoreFor: 0,
      scoreAgainst: 0,
      met: [],
      beat: [],
    }
    records.set(participant.id, made)
    return made
  }
  for (const node of sources.nodes) {
    if (groupId && node.group_id !== groupId) continue
    for (const o of node.opponents) if (o.participant) recordOf(o.participant)
    if (node.status !== 'completed') continue
    for (const o of node.opponents) {
      if (!o.participant) continue
      const record = recordOf(o.participant)
      if (o.result === 'win') record.row.wins++
      else if (o.result === 'loss') record.row.losses++
      else if (o.result === 'draw') record.row.draws++
      record.scoreFor += o.score ?? 0
      for (const other of node.opponents) {
        if (other === o || !other.participant) continue
        record.met.push(other.participant.id)
        if (o.result === 'win') record.beat.push(other.participant.id)
        record.scoreAgainst += other.score ?? 0
      }
    }
  }
  const breakers = tieBreakersOf(sources.stage)
  const used = new Set<TieBreaker>()
  const values = new Map<StandingRecord, Map<TieBreaker, number>>()
  const valueOf = (breaker: TieBreaker, record: StandingRecord, tied: readonly StandingRecord[]): number => {
    const value = tieBreakValue(breaker, record, tied, records)
    const kept = values.get(record) ?? new Map<TieBreaker, number>()
    kept.set(breaker, value)
    values.set(record, kept)
    return value
  }
  /** The tied records parted by the tie-breakers from `level` on: groups of still-equal records, best first. */
  const part = (tied: StandingRecord[], level: number): StandingRecord[][] => {
    if (tied.length < 2 || level >= breakers.length) return [tied]
    const breaker = breakers[level]!
    const scored = tied.map((record) => ({ record, value: valueOf(breaker, record, tied) }))
    const groups = groupBy(
      scored.sort((a, b) => b.value - a.value),
      (a, b) => a.value === b.value,
    ).map((group) => group.map(({ record }) => record))
    if (groups.length > 1) used.add(breaker)
    return groups.flatMap((group) => part(group, level + 1))
  }
  const byRecord = groupBy(
    [...records.values()].sort(
      (a, b) => b.row.wins - a.row.wins || a.row.losses - b.row.losses || b.row.draws - a.row.draws,
    ),
    (a, b) => a.row.wins === b.row.wins && a.row.losses === b.row.losses && a.row.draws === b.row.draws,
  )
  const ranked = byRecord.flatMap((tied) => part(tied, 0))
  const columns = breakers.filter((breaker) => used.has(breaker))
  const rows: StandingRow[] = []
  for (const equal of ranked) {
    const rank = rows.length + 1
    for (const record of equal.sort((a, b) => a.row.name.localeCompare(b.row.name))) {
      const kept = values.get(record)
      // Head to head counts among the tied only; the others are every row's own figure.
      const tieBreaks = columns.map((breaker) =>
        breaker === 'head_to_head'
          ? (kept?.get(breaker) ?? null)
          : (kept?.get(breaker) ?? tieBreakValue(breaker, record, equal, records)),
      )
      rows.push({ ...record.row, rank, tieBreaks })
    }
  }
  return {
    kind: 'standings',
    stage: sources.stage.name,
    group: groupId ? sources.groupName(groupId) : null,
    rows: rows.slice(0, STANDINGS_MAX),
    tieBreakers: columns,
    of: rows.length,
  }
}

/** The tie-breakers a stage is ranked by: those its settings name that the board knows, else its type's usual ones. */
function tieBreakersOf(stage: BoardSources['stage']): TieBreaker[] {
  const named = (stage.tieBreakers ?? []).flatMap((name) => {
    const breaker = TIE_BREAKER_NAMES[name.toLowerCase()]
    return breaker ? [breaker] : []
  })
  if (stage.tieBreakers?.length) return [...new Set(named)]
  return DEFAULT_TIE_BREAKERS[stage.type] ?? DEFAULT_TIE_BREAKERS.default!
}

function tieBreakValue(
  breaker: TieBreaker,
  record: StandingRecord,
  tied: readonly StandingRecord[],
  records: ReadonlyMap<string, StandingRecord>,
): number {
  switch (breaker) {
    case 'head_to_head': {
      const among = new Set(tied.map((other) => other.id))
      return record.beat.filter((id) => among.has(id)).length
    }
    case 'score_difference':
      return record.scoreFor - record.scoreAgainst
    case 'score_for':
      return record.scoreFor
    case 'buchholz':
      return record.met.reduce((sum, id) => sum + (records.get(id)?.row.wins ?? 0), 0)
  }
}

/** Runs of neighbours `same` holds for, in order. */
function groupBy<T>(items: readonly T[], same: (a: T, b: T) => boolean): T[][] {
  const groups: T[][] = []
  for (const item of items) {
    const last = groups.at(-1)
    if (last && same(last[0]!, item)) last.push(item)
    else groups.push([item])
  }
  return groups
}
