// Query strings of the list endpoints: comma-separated arrays, 0/1 flags, sorts; parsed leniently (unknown keys ignored).
import { z } from 'zod'
import { COUNTRIES, LANGUAGES } from './codes'
import { PLATFORMS, TOURNAMENT_STATUSES } from './enums'
import { date, oneOf } from './formats'

const list = z.string().transform((value) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== ''),
)
const ids = list.optional()
const listOf = (field: string, allowed: readonly string[]) =>
  list
    .pipe(
      z.array(
        z.string().refine((v) => allowed.includes(v), {
          error: `${field} must list values of: ${allowed.slice(0, 12).join(', ')}${allowed.length > 12 ? ', …' : ''}`,
        }),
      ),
    )
    .optional()
const integers = (field: string) =>
  list.pipe(z.array(z.string().regex(/^\d+$/, `${field} must list whole numbers`).transform(Number))).optional()
const integer = (field: string) =>
  z.string().regex(/^\d+$/, `${field} must be a whole number`).transform(Number).optional()
const flag = (field: string) =>
  z
    .enum(['0', '1'], { error: `${field} must be 0 or 1` })
    .transform((value) => value === '1')
    .optional()

export const PARTICIPANT_SORTS = ['created_asc', 'created_desc', 'alphabetic'] as const
export const TOURNAMENT_SORTS = ['scheduled_asc', 'scheduled_desc'] as const

export const ParticipantsQuery = z.object({
  name: z.string().optional(),
  tournament_ids: ids,
  is_checked_in: flag('is_checked_in'),
  user_ids: ids,
  team_ids: ids,
  custom_user_identifiers: ids,
  participant_ids: ids,
  sort: oneOf('sort', PARTICIPANT_SORTS).optional(),
})

export const LegacyParticipantsQuery = ParticipantsQuery.pick({ name: true, sort: true })

export const StagesQuery = z.object({ tournament_ids: ids })

export const BracketNodesQuery = z.object({
  tournament_ids: ids,
  stage_ids: ids,
  stage_numbers: integers('stage_numbers'),
  group_ids: ids,
  group_numbers: integers('group_numbers'),
  round_ids: ids,
  round_numbers: integers('round_numbers'),
  min_depth: integer('min_depth'),
  max_depth: integer('max_depth'),
})

export const StreamsQuery = z.object({
  tournament_ids: ids,
  stream_ids: ids,
  languages: listOf('languages', LANGUAGES),
})

export const LegacyStreamsQuery = StreamsQuery.pick({ languages: true })

export const TournamentsQuery = z.object({
  disciplines: ids,
  statuses: listOf('statuses', TOURNAMENT_STATUSES),
  scheduled_before: date('scheduled_before').optional(),
  scheduled_after: date('scheduled_after').optional(),
  countries: listOf('countries', COUNTRIES),
  platforms: listOf('platforms', PLATFORMS),
  is_online: flag('is_online'),
  archived: flag('archived'),
  user_ids: ids,
  team_ids: ids,
  custom_user_identifiers: ids,
  tournament_ids: ids,
  circuit_ids: ids,
  circuit_season_ids: ids,
  circuit_season_names: ids,
  circuit_region_ids: ids,
  circuit_region_names: ids,
  circuit_tier_ids: ids,
  circuit_tier_names: ids,
  sort: oneOf('sort', TOURNAMENT_SORTS).optional(),
})

export const MultilingualQuery = z.object({ multilingual: flag('multilingual') })
export const CustomFieldRequiredQuery = z.object({ custom_field_required: flag('custom_field_required') })

export type ParticipantsQuery = z.output<typeof ParticipantsQuery>
export type BracketNodesQuery = z.output<typeof BracketNodesQuery>
export type StreamsQuery = z.output<typeof StreamsQuery>
export type TournamentsQuery = z.output<typeof TournamentsQuery>

/** Builds a query string from typed filters: arrays comma-joined, booleans as 0/1, undefined left out. */
export function toQueryString(
  filters: Record<string, string | number | boolean | readonly (string | number)[] | undefined>,
): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined) continue
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','))
    } else if (typeof value === 'boolean') params.set(key, value ? '1' : '0')
    else params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}
