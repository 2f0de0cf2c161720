// Participants (players and teams) and team players: response forms, create and update bodies.
import { z } from 'zod'
import { LIMITS } from './limits'
import { PARTICIPANT_TYPES } from './enums'
import {
  Id,
  IdInput,
  OpenObject,
  ResponseDateTime,
  country,
  date,
  email,
  openInput,
  requiredText,
  text,
} from './formats'

const L = LIMITS
const LogoRef = z.looseObject({ id: Id }).nullable()
/** A logo as a body names it: only its file id. */
const LogoInput = z.strictObject({ id: IdInput }).nullable()

// ---- responses (lenient: unknown fields kept) ----

const TeamPlayerBase = z.looseObject({
  name: z.string(),
  country: z.string().nullable().optional(),
  birth_date: z.string().nullable().optional(),
  game_id: z.string().nullable().optional(),
  custom_user_identifier: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  custom_fields: OpenObject.optional(),
  user_id: z.string().nullable().optional(),
})
export const TeamPlayer = TeamPlayerBase
export const TeamPlayerDetailed = TeamPlayerBase.extend({ logo: LogoRef.optional() })
export const TeamPlayerManaged = TeamPlayerDetailed.extend({ properties: OpenObject.optional() })

// Required in responses as the interface lists them per form: teams need neither created_at nor properties.
const ParticipantBase = z.looseObject({
  id: Id,
  user_id: z.string().nullable(),
  created_at: ResponseDateTime.optional(),
  name: z.string(),
  email: z.string().nullable(),
  custom_user_identifier: z.string().nullable(),
  checked_in: z.boolean(),
  custom_fields: OpenObject,
})
const PlayerFields = {
  created_at: ResponseDateTime,
  country: z.string().nullable(),
  birth_date: z.string().nullable(),
  game_id: z.string().nullable(),
  properties: OpenObject.optional(),
}
const DetailedFields = { properties: OpenObject, checked_in_at: z.string().nullable() }
const fullFields = <T extends 'player' | 'team'>(type: T) => ({
  type: z.literal(type),
  tournament_id: Id,
  logo: LogoRef,
})

export const PlayerParticipant = ParticipantBase.extend(PlayerFields)
export const PlayerParticipantDetailed = PlayerParticipant.extend(DetailedFields)
export const PlayerParticipantFull = PlayerParticipant.extend(fullFields('player'))
export const PlayerParticipantDetailedFull = PlayerParticipantDetailed.extend(fullFields('player'))

export const TeamParticipant = ParticipantBase.extend({
  lineup: z.array(TeamPlayer),
  properties: OpenObject.optional(),
})
export const TeamParticipantDetailed = TeamParticipant.extend({
  lineup: z.array(TeamPlayerDetailed),
  ...DetailedFields,
  properties: OpenObject.optional(),
})
export const TeamParticipantFull = TeamParticipant.extend({ ...fullFields('team'), logo: LogoRef.optional() })
export const TeamParticipantDetailedFull = TeamParticipantDetailed.extend({
  ...fullFields('team'),
  logo: LogoRef.optional(),
})

/** An element of GET /participants: a full participant of either type. */
export const Participant = z.discriminatedUnion('type', [PlayerParticipantFull, TeamParticipantFull])
/** The answer of POST, GET and PATCH /participants/{id}. */
export const ParticipantDetailed = z.discriminatedUnion('type', [
  PlayerParticipantDetailedFull,
  TeamParticipantDetailedFull,
])
/** Read forms of the deprecated tournament-scoped routes (no type, tournament_id or logo). */
export const LegacyParticipant = z.union([TeamParticipantDetailed, PlayerParticipantDetailed])

// ---- request bodies (strict: unknown fields refused) ----

const nullableText = (field: string, max: number) => text(field, max).nullable().optional()

export const TeamPlayerInput = z.strictObject({
  name: requiredText('lineup.name', L.participantName),
  email: email('lineup.email', L.participantEmail).optional(),
  country: country('lineup.country').nullable().optional(),
  birth_date: date('lineup.birth_date').nullable().optional(),
  game_id: nullableText('lineup.game_id', L.gameId),
  custom_user_identifier: nullableText('lineup.custom_user_identifier', L.customUserIdentifier),
  custom_fields: openInput('lineup.custom_fields').optional(),
  properties: openInput('lineup.properties').optional(),
  logo: LogoInput.optional(),
})

const baseInput = {
  name: requiredText('name', L.participantName),
  email: email('email', L.participantEmail).nullable().optional(),
  custom_user_identifier: nullableText('custom_user_identifier', L.customUserIdentifier),
  checked_in: z.boolean({ error: 'checked_in must be true or false' }).optional(),
  custom_fields: openInput('custom_fields').optional(),
  properties: openInput('properties').optional(),
}
const playerInput = {
  country: country('country').nullable().optional(),
  birth_date: date('birth_date').nullable().optional(),
  game_id: nullableText('game_id', L.gameId),
}
const lineupInput = {
  lineup: z
    .array(TeamPlayerInput)
    .max(L.lineupMembers, `lineup can have at most ${L.lineupMembers} players`)
    .optional(),
}
const fullInput = { tournament_id: IdInput, logo: LogoInput }

export const PlayerParticipantCreate = z.strictObject({
  type: z.literal('player'),
  ...fullInput,
  ...baseInput,
  ...playerInput,
  ...lineupInput,
})
export const TeamParticipantCreate = z.strictObject({
  type: z.literal('team'),
  ...fullInput,
  ...baseInput,
  ...lineupInput,
})
export const ParticipantCreate = z.discriminatedUnion('type', [PlayerParticipantCreate, TeamParticipantCreate], {
  error: `type must be one of ${PARTICIPANT_TYPES.join(', ')}`,
})

export const PlayerParticipantUpdate = z
  .strictObject({ ...baseInput, ...playerInput, logo: LogoInput.optional() })
  .partial()
export const TeamParticipantUpdate = z.strictObject({ ...baseInput, ...lineupInput }).partial()

/** Deprecated tournament-scoped create: the same fields without type, tournament_id and logo. */
export const LegacyParticipantCreate = z.strictObject({ ...baseInput, ...playerInput, ...lineupInput })
export const LegacyParticipantUpdate = LegacyParticipantCreate.partial()

export type Participant = z.infer<typeof Participant>
export type ParticipantDetailed = z.infer<typeof ParticipantDetailed>
export type ParticipantCreate = z.infer<typeof ParticipantCreate>
export type PlayerParticipantUpdate = z.infer<typeof PlayerParticipantUpdate>
export type TeamParticipantUpdate = z.infer<typeof TeamParticipantUpdate>
export type TeamPlayer = z.infer<typeof TeamPlayer>
