// Stages: full, legacy and public v1 read forms; create and update bodies; settings with the keys seen typed.
import { z } from 'zod'
import { LIMITS } from './limits'
import { GRAND_FINALS, STAGE_STATUSES, STAGE_TYPES, V1_STAGE_TYPES } from './enums'
import { Id, IdInput, boundedJson, oneOf, requiredText } from './formats'

const NamedOptions = z.looseObject({ name: z.string(), options: z.unknown() })

export const StageSettings = z.looseObject({
  size: z.number().int().optional(),
  threshold: z.number().int().optional(),
  grand_final: oneOf('settings.grand_final', GRAND_FINALS).optional(),
  skip_round1: z.boolean().optional(),
  round_naming: z.string().optional(),
  third_decider: z.boolean().optional(),
  nb_groups: z.number().int().optional(),
  pairing_method: z.string().optional(),
  arrival: z.string().optional(),
  departure: z.string().optional(),
  group_naming: z.string().optional(),
  calculators: z.array(NamedOptions).optional(),
  tiebreakers: z.array(NamedOptions).optional(),
})

export const MatchSettings = z.looseObject({
  format: z
    .looseObject({
      type: z.string().optional(),
      options: z.looseObject({ nb_match_sets: z.number().int().optional() }).optional(),
    })
    .optional(),
  report: z.looseObject({ enabled: z.boolean().optional() }).optional(),
})

export const Stage = z.looseObject({
  id: Id,
  tournament_id: Id,
  number: z.number().int(),
  name: z.string(),
  type: z.enum(STAGE_TYPES),
  status: z.enum(STAGE_STATUSES),
  closed: z.boolean(),
  settings: StageSettings,
  match_settings: MatchSettings.optional(),
  auto_placement_enabled: z.boolean().optional(),
})

export const LegacyStage = z.looseObject({
  id: Id,
  number: z.number().int(),
  name: z.string(),
  type: z.enum(STAGE_TYPES),
  closed: z.boolean(),
  settings: StageSettings,
  status: z.enum(STAGE_STATUSES).optional(),
})

export const V1Stage = z.looseObject({
  number: z.number().int(),
  name: z.string(),
  type: z.enum(V1_STAGE_TYPES),
  size: z.number().int(),
})

const stageNumber = z
  .number({ error: 'number must be an integer' })
  .int('number must be an integer')
  .min(1, 'number must be at least 1')
const editable = {
  number: stageNumber,
  name: requiredText('name', LIMITS.stageName),
  settings: boundedJson('settings', StageSettings),
  match_settings: boundedJson('match_settings', MatchSettings).optional(),
  auto_placement_enabled: z.boolean({ error: 'auto_placement_enabled must be true or false' }).optional(),
}

export const StageCreate = z.strictObject({ tournament_id: IdInput, type: oneOf('type', STAGE_TYPES), ...editable })

export const StageUpdate = z.strictObject({
  ...z.object(editable).partial().shape,
  type: z.never({ error: 'type cannot be changed after the stage is created' }).optional(),
  tournament_id: z.never({ error: 'tournament_id cannot be changed after the stage is created' }).optional(),
})

export type Stage = z.infer<typeof Stage>
export type LegacyStage = z.infer<typeof LegacyStage>
export type V1Stage = z.infer<typeof V1Stage>
export type StageCreate = z.infer<typeof StageCreate>
export type StageUpdate = z.infer<typeof StageUpdate>
