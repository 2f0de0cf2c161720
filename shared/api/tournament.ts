// Tournaments: organizer and list read forms, the create body (plain and multilingual), restrictions, locales, images.
import { z } from 'zod'
import { LIMITS } from './limits'
import { LOCALES, PLATFORMS, TOURNAMENT_PARTICIPANT_TYPES, TOURNAMENT_STATUSES } from './enums'
import {
  Id,
  ID_MAX,
  IdInput,
  boundedJson,
  country,
  date,
  dateTime,
  email,
  oneOf,
  requiredText,
  text,
  uri,
} from './formats'

const L = LIMITS
/** An image as a body names it: only its file id. */
const ImageInput = z.strictObject({ id: IdInput }).nullable()
const Named = z.looseObject({ id: Id, name: z.string() }).nullable()
const NamedMachine = z.looseObject({ id: Id, name: z.string(), machine_name: z.string() }).nullable()
const image = (...sizes: string[]) =>
  z
    .looseObject({
      id: Id.optional(),
      original: z.string().optional(),
      ...Object.fromEntries(sizes.map((s) => [s, z.string().optional()])),
    })
    .nullable()

export const Platform = oneOf('platforms', PLATFORMS)

/** An object keyed by locale codes (locales, multilingual texts); an unknown key is refused by name. */
function localeRecord<T extends z.ZodType>(field: string, value: T) {
  return z.partialRecord(z.enum(LOCALES), value, {
    // zod's types name only the record's own issues, though unknown keys arrive here as unrecognized_keys.
    error: (issue) => {
      const keys = (issue as { keys?: string[] }).keys
      return keys
        ? `${field}: ${keys.join(', ')} is not a locale; use one of ${LOCALES.join(', ')}`
        : `${field} must be an object keyed by locale codes`
    },
  })
}
export const Locales = localeRecord('locales', z.looseObject({ default: z.boolean() })).nullable()
const LocalesInput = localeRecord('locales', z.strictObject({ default: z.boolean() })).nullable()

export const RegistrationRestrictions = z.looseObject({
  age: z
    .looseObject({
      enabled: z.boolean(),
      required: z.boolean(),
      min: z.number().int(),
      max: z.number().int().nullable(),
      date_reference: date('registration_restrictions.age.date_reference'),
    })
    .partial()
    .optional(),
  country: z
    .looseObject({
      enabled: z.boolean(),
      required: z.boolean(),
      allowed: z.array(country('registration_restrictions.country.allowed')),
    })
    .partial()
    .optional(),
  game_id: z.looseObject({ enabled: z.boolean(), required: z.boolean() }).partial().optional(),
})

/** Text that, with multilingual=1, is an object of per-locale strings. */
function localized(field: string, max: number, multilingual: boolean) {
  return multilingual
    ? localeRecord(field, text(field, max)).nullable().optional()
    : text(field, max).nullable().optional()
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

const optionalBool = (field: string) => z.boolean({ error: `${field} must be true or false` }).optional()
const nullableDateTime = (field: string) => dateTime(field).nullable().optional()

function tournamentCreate(multilingual: boolean) {
  return z
    .strictObject({
      discipline: z
        .string({ error: 'discipline: choose the game the tournament is played in' })
        .min(1, 'discipline: choose the game the tournament is played in')
        .max(ID_MAX, `discipline: at most ${ID_MAX} characters`)
        .regex(/^[A-Za-z0-9_-]+$/, 'discipline: a discipline id holds only letters, digits, _ and -'),
      name: requiredText('name', L.tournamentName),
      full_name: text('full_name', L.tournamentFullName).nullable().optional(),
      participant_type: oneOf('participant_type', TOURNAMENT_PARTICIPANT_TYPES),
      size: z
        .number({ error: 'size must be an integer' })
        .int('size must be an integer')
        .min(1, 'size must be at least 1'),
      timezone: z
        .string()
        .max(64, 'timezone must be at most 64 characters')
        .refine(isTimeZone, 'timezone must be an IANA time zone name'),
      platforms: z
        .array(Platform)
        .min(1, 'platforms must name at least one platform')
        .max(PLATFORMS.length, 'platforms must name each platform once'),
      scheduled_date_start: date('scheduled_date_start').nullable().optional(),
      scheduled_date_end: date('scheduled_date_end').nullable().optional(),
      public: optionalBool('public'),
      online: z.boolean().nullable().optional(),
      location: text('location', L.location).nullable().optional(),
      country: country('country').nullable().optional(),
      organization: text('organization', L.organization).nullable().optional(),
      contact: email('contact', L.contact).nullable().optional(),
      discord: uri('discord', L.discord).nullable().optional(),
      website: uri('website', L.website).nullable().optional(),
      description: localized('description', L.description, multilingual),
      rules: localized('rules', L.rules, multilingual),
      prize: localized('prize', L.prize, multilingual),
      match_report_enabled: optionalBool('match_report_enabled'),
      registration_enabled: optionalBool('registration_enabled'),
      registration_opening_datetime: nullableDateTime('registration_opening_datetime'),
      registration_closing_datetime: nullableDateTime('registration_closing_datetime'),
      registration_auto_accept_enabled: optionalBool('registration_auto_accept_enabled'),
      registration_notification_enabled: optionalBool('registration_notification_enabled'),
      registration_participant_email_enabled: optionalBool('registration_participant_email_enabled'),
      registration_request_message: text('registration_request_message', L.registrationMessage).nullable().optional(),
      registration_acceptance_message: text('registration_acceptance_message', L.registrationMessage)
        .nullable()
        .optional(),
      registration_refusal_message: text('registration_refusal_message', L.registrationMessage).nullable().optional(),
      registration_terms_enabled: optionalBool('registration_terms_enabled'),
      registration_terms_url: uri('registration_terms_url', L.registrationUrl).nullable().optional(),
      registration_external_enabled: optionalBool('registration_external_enabled'),
      registration_external_url: uri('registration_external_url', L.registrationUrl).nullable().optional(),
      registration_permanent_team_mandatory: optionalBool('registration_permanent_team_mandatory'),
      registration_restrictions: boundedJson('registration_restrictions', RegistrationRestrictions).optional(),
      check_in_enabled: optionalBool('check_in_enabled'),
      check_in_participant_enabled: optionalBool('check_in_participant_enabled'),
      check_in_participant_start_datetime: nullableDateTime('check_in_participant_start_datetime'),
      check_in_participant_end_datetime: nullableDateTime('check_in_participant_end_datetime'),
      archived: optionalBool('archived'),
      locales: LocalesInput.optional(),
      logo: ImageInput.optional(),
      background: ImageInput.optional(),
      thumbnail: ImageInput.optional(),
      team_min_size: z.number().int().min(1, 'team_min_size must be at least 1').optional(),
      team_max_size: z.number().int().min(1, 'team_max_size must be at least 1').optional(),
    })
    .superRefine((body, ctx) => {
      for (const key of ['team_min_size', 'team_max_size'] as const) {
        if (body[key] !== undefined && body.participant_type !== 'team') {
          ctx.addIssue({ code: 'custom', path: [key], message: `${key} is only allowed when participant_type is team` })
        }
      }
      if (
        body.team_min_size !== undefined &&
        body.team_max_size !== undefined &&
        body.team_min_size > body.team_max_size
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['team_max_size'],
          message: 'team_max_size must not be below team_min_size',
        })
      }
      const start = body.scheduled_date_start
      const end = body.scheduled_date_end
      if (start && end && end < start) {
        ctx.addIssue({
          code: 'custom',
          path: ['scheduled_date_end'],
          message: 'scheduled_date_end must not be before scheduled_date_start',
        })
      }
    })
}

export const TournamentCreate = tournamentCreate(false)
export const TournamentCreateMultilingual = tournamentCreate(true)

const LocalizedText = z.union([z.string(), z.record(z.string(), z.string())]).nullable()

export const TournamentListItem = z.looseObject({
  id: Id,
  discipline: z.string(),
  name: z.string(),
  full_name: z.string().nullable(),
  status: z.enum(TOURNAMENT_STATUSES),
  scheduled_date_start: z.string().nullable(),
  scheduled_date_end: z.string().nullable(),
  timezone: z.string(),
  public: z.boolean(),
  size: z.number().int(),
  online: z.boolean().nullable(),
  location: z.string().nullable(),
  country: z.string().nullable(),
  platforms: z.array(z.string()),
  logo: image('logo_small', 'logo_medium', 'logo_large'),
  registration_enabled: z.boolean(),
  registration_opening_datetime: z.string().nullable(),
  registration_closing_datetime: z.string().nullable(),
})

export const Tournament = TournamentListItem.extend({
  participant_type: z.enum(TOURNAMENT_PARTICIPANT_TYPES),
  organization: z.string().nullable().optional(),
  contact: z.string().nullable().optional(),
  discord: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  description: LocalizedText.optional(),
  rules: LocalizedText.optional(),
  prize: LocalizedText.optional(),
  check_in_enabled: z.boolean().optional(),
  check_in_participant_enabled: z.boolean().optional(),
  archived: z.boolean().optional(),
  locales: Locales.optional(),
  registration_restrictions: RegistrationRestrictions.optional(),
  background: image('small_4x1', 'medium_4x1', 'full_4x1').optional(),
  thumbnail: image('small_16x9', 'medium_16x9', 'full_16x9').optional(),
  team_min_size: z.number().int().optional(),
  team_max_size: z.number().int().optional(),
  featured: z.boolean().optional(),
  circuit: Named.optional(),
  circuit_season: NamedMachine.optional(),
  circuit_region: NamedMachine.optional(),
  circuit_tier: NamedMachine.optional(),
  settings: z.looseObject({}).optional(),
})

export type TournamentCreate = z.infer<typeof TournamentCreate>
export type TournamentListItem = z.infer<typeof TournamentListItem>
export type Tournament = z.infer<typeof Tournament>
