// Disciplines: the list summary and the detail form (platforms, team size, features).
import { z } from 'zod'
import { DISCIPLINE_PLATFORMS } from './enums'
import { Id } from './formats'

export const DisciplineSummary = z.looseObject({
  id: Id,
  name: z.string(),
  shortname: z.string(),
  fullname: z.string(),
  copyrights: z.string(),
})

export const DisciplineDetail = DisciplineSummary.extend({
  platforms_available: z.array(z.enum(DISCIPLINE_PLATFORMS)),
  team_size: z.looseObject({ min: z.number().int(), max: z.number().int() }),
  features: z.array(z.looseObject({ name: z.string(), type: z.string(), options: z.record(z.string(), z.unknown()) })),
})

export type DisciplineSummary = z.infer<typeof DisciplineSummary>
export type DisciplineDetail = z.infer<typeof DisciplineDetail>
