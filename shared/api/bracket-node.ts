// Bracket nodes (a match plus its place in the bracket) and their opponents, as the public service sends them.
import { z } from 'zod'
import { BRANCHES, MATCH_STATUSES, NODE_TYPES, OPPONENT_RESULTS, SOURCE_TYPES } from './enums'
import { Id, OpenObject } from './formats'

export const OpponentParticipant = z.looseObject({
  id: Id,
  name: z.string(),
  custom_user_identifier: z.string().nullable().optional(),
  custom_fields: OpenObject.optional(),
})

export const Opponent = z.looseObject({
  number: z.number().int(),
  position: z.number().int().nullable(),
  result: z.enum(OPPONENT_RESULTS).nullable(),
  rank: z.number().int().nullable(),
  forfeit: z.boolean(),
  score: z.number().nullable(),
  source_type: z.enum(SOURCE_TYPES),
  source_node_id: z.string().nullable(),
  participant: OpponentParticipant.nullable(),
})

export const BracketNode = z.looseObject({
  id: Id,
  tournament_id: Id,
  stage_id: Id,
  group_id: Id,
  round_id: Id,
  number: z.number().int(),
  type: z.enum(NODE_TYPES),
  status: z.enum(MATCH_STATUSES),
  scheduled_datetime: z.string().nullable(),
  played_at: z.string().nullable(),
  depth: z.number().int(),
  branch: z.enum(BRANCHES).nullable(),
  opponents: z.array(Opponent),
})

export type Opponent = z.infer<typeof Opponent>
export type BracketNode = z.infer<typeof BracketNode>
