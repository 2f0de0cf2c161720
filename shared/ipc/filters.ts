// Filter inputs of the list channels, validated in main before any request leaves.
import { z } from 'zod'
import { COUNTRIES, LANGUAGES } from '../api/codes'
import { PLATFORMS, TOURNAMENT_STATUSES } from '../api/enums'
import { date, IdInput } from '../api/formats'
import {
  PARTICIPANT_SORTS,
  TOURNAMENT_SORTS,
  type BracketNodesQuery,
  type ParticipantsQuery,
  type StreamsQuery,
  type TournamentsQuery,
} from '../api/queries'

const ids = z.array(IdInput).max(200, 'at most 200 ids at once').optional()
const among = (field: string, values: readonly string[]) =>
  z
    .array(
      z
        .string()
        .max(32)
        .refine((value) => values.includes(value), `${field} has an unknown value`),
    )
    .max(values.length, `${field} names each value once`)
    .optional()

export const TournamentFilters = z.strictObject({
  disciplines: ids,
  statuses: z.array(z.enum(TOURNAMENT_STATUSES)).max(TOURNAMENT_STATUSES.length).optional(),
  scheduled_before: date('scheduled_before').optional(),
  scheduled_after: date('scheduled_after').optional(),
  countries: among('countries', COUNTRIES),
  platforms: among('platforms', PLATFORMS),
  is_online: z.boolean().optional(),
  archived: z.boolean().optional(),
  tournament_ids: ids,
  sort: z.enum(TOURNAMENT_SORTS).optional(),
})

export const ParticipantFilters = z.strictObject({
  name: z.string().max(100).optional(),
  is_checked_in: z.boolean().optional(),
  custom_user_identifiers: z.array(z.string().max(100)).max(200, 'at most 200 identifiers at once').optional(),
  participant_ids: ids,
  sort: z.enum(PARTICIPANT_SORTS).optional(),
})

export const BracketFilters = z.strictObject({
  stage_ids: ids,
  group_ids: ids,
})

export const StreamFilters = z.strictObject({ languages: among('languages', LANGUAGES) })

/** True when every filter the renderer may send is a filter of the interface's query, taking a value it takes. */
type Narrows<T, Of> = [Exclude<keyof T, keyof Of>] extends [never]
  ? { [K in keyof T & keyof Of]-?: NonNullable<T[K]> extends NonNullable<Of[K]> ? true : false }[keyof T &
      keyof Of] extends true
    ? true
    : false
  : false
// One definition of each query (shared/api/queries.ts); these filters are the part of it the renderer may use.
export const FILTERS_NARROW_THE_QUERIES: [
  Narrows<z.output<typeof TournamentFilters>, TournamentsQuery>,
  Narrows<z.output<typeof ParticipantFilters>, ParticipantsQuery>,
  Narrows<z.output<typeof BracketFilters>, BracketNodesQuery>,
  Narrows<z.output<typeof StreamFilters>, StreamsQuery>,
] = [true, true, true, true]
