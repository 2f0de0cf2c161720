// The interface's resource forms as data: each form's fields, which of them a response must carry and which it may,
// written from the Organizer interface's tables. The sandbox's answers and the zod model are both checked against it.

/** What a response form must carry (`required`) and may carry besides (`optional`). */
export interface InterfaceForm {
  readonly required: readonly string[]
  readonly optional?: readonly string[]
}

const tournamentFields = [
  'id',
  'discipline',
  'name',
  'full_name',
  'participant_type',
  'size',
  'timezone',
  'platforms',
  'status',
  'scheduled_date_start',
  'scheduled_date_end',
  'public',
  'online',
  'location',
  'country',
  'organization',
  'contact',
  'discord',
  'website',
  'description',
  'rules',
  'prize',
  'match_report_enabled',
  'registration_enabled',
  'registration_opening_datetime',
  'registration_closing_datetime',
  'registration_auto_accept_enabled',
  'registration_notification_enabled',
  'registration_participant_email_enabled',
  'registration_request_message',
  'registration_acceptance_message',
  'registration_refusal_message',
  'registration_terms_enabled',
  'registration_terms_url',
  'registration_external_enabled',
  'registration_external_url',
  'registration_permanent_team_mandatory',
  'registration_restrictions',
  'check_in_enabled',
  'check_in_participant_enabled',
  'check_in_participant_start_datetime',
  'check_in_participant_end_datetime',
  'archived',
  'locales',
  'logo',
  'background',
  'thumbnail',
  'featured',
  'circuit',
  'circuit_season',
  'circuit_region',
  'circuit_tier',
  'settings',
] as const
/** "only when participant_type is team" */
const teamSizes = ['team_min_size', 'team_max_size'] as const

// Participants: "Fields … listed as required in responses", then what detailed and full forms add.
const playerRequired = [
  'id',
  'email',
  'name',
  'country',
  'birth_date',
  'game_id',
  'user_id',
  'custom_user_identifier',
  'checked_in',
  'custom_fields',
  'created_at',
] as const
const teamRequired = [
  'id',
  'email',
  'name',
  'user_id',
  'custom_user_identifier',
  'checked_in',
  'custom_fields',
  'lineup',
] as const
/** Team base fields the team tables name without requiring them in responses. */
const teamOptional = ['created_at', 'properties'] as const

const teamPlayerFields = [
  'name',
  'country',
  'birth_date',
  'game_id',
  'custom_user_identifier',
  'email',
  'custom_fields',
  'user_id',
  'logo',
  'properties',
] as const

const streamFields = ['id', 'tournament_id', 'name', 'url', 'language'] as const

export const INTERFACE_FORMS = {
  tournament: {
    /** The organizer form of a single tournament. */
    single: { required: tournamentFields },
    team: { required: [...tournamentFields, ...teamSizes] },
    list: {
      required: [
        'id',
        'discipline',
        'name',
        'full_name',
        'status',
        'scheduled_date_start',
        'scheduled_date_end',
        'timezone',
        'public',
        'size',
        'online',
        'location',
        'country',
        'platforms',
        'logo',
        'registration_enabled',
        'registration_opening_datetime',
        'registration_closing_datetime',
      ],
    },
    registrationRestrictions: {
      age: { required: ['enabled', 'required', 'min', 'max', 'date_reference'] },
      country: { required: ['enabled', 'required', 'allowed'] },
      game_id: { required: ['enabled', 'required'] },
    },
  },
  participant: {
    player: {
      full: {
        required: [...playerRequired, 'type', 'tournament_id', 'logo'],
        optional: ['properties', 'checked_in_at'],
      },
      detailedFull: { required: [...playerRequired, 'properties', 'checked_in_at', 'type', 'tournament_id', 'logo'] },
      /** The deprecated tournament-scoped routes: detailed, without type, tournament_id and logo. */
      legacyDetailed: { required: [...playerRequired, 'properties', 'checked_in_at'] },
    },
    team: {
      full: {
        required: [...teamRequired, 'type', 'tournament_id'],
        optional: [...teamOptional, 'logo', 'checked_in_at'],
      },
      detailedFull: {
        required: [...teamRequired, 'checked_in_at', 'type', 'tournament_id'],
        optional: [...teamOptional, 'logo'],
      },
      legacyDetailed: { required: [...teamRequired, 'checked_in_at'], optional: teamOptional },
    },
    /** A lineup member as read: logo in detailed forms, properties in managed and fully detailed ones. */
    teamPlayer: {
      required: teamPlayerFields.filter((field) => field !== 'logo' && field !== 'properties'),
      optional: ['logo', 'properties'],
    },
  },
  stage: {
    full: {
      required: [
        'id',
        'tournament_id',
        'number',
        'name',
        'type',
        'status',
        'closed',
        'settings',
        'match_settings',
        'auto_placement_enabled',
      ],
    },
    /** "The legacy stage read form has only id, number, name, type, closed, settings and status (status optional)". */
    legacy: { required: ['id', 'number', 'name', 'type', 'closed', 'settings'], optional: ['status'] },
    v1: { required: ['number', 'name', 'type', 'size'] },
  },
  bracketNode: {
    node: {
      required: [
        'id',
        'tournament_id',
        'stage_id',
        'group_id',
        'round_id',
        'number',
        'type',
        'status',
        'scheduled_datetime',
        'played_at',
        'depth',
        'branch',
        'opponents',
      ],
    },
    opponent: {
      required: [
        'number',
        'position',
        'result',
        'rank',
        'forfeit',
        'score',
        'source_type',
        'source_node_id',
        'participant',
      ],
    },
    opponentParticipant: { required: ['id', 'name', 'custom_user_identifier', 'custom_fields'] },
  },
  stream: {
    full: { required: streamFields },
    legacy: { required: streamFields.filter((field) => field !== 'tournament_id') },
  },
  discipline: {
    summary: { required: ['id', 'name', 'shortname', 'fullname', 'copyrights'] },
    detail: {
      required: ['id', 'name', 'shortname', 'fullname', 'copyrights', 'platforms_available', 'team_size', 'features'],
    },
  },
} as const satisfies Record<string, Record<string, InterfaceForm | Record<string, InterfaceForm>>>

/** Every field a form names. */
export const fieldsOf = (form: InterfaceForm): string[] => [...form.required, ...(form.optional ?? [])]

/**
 * Fields an update body may not carry: those the interface marks "response only" or fixed after creation.
 * A form read from the service, stripped of these, is a valid update body.
 */
export const RESPONSE_ONLY = {
  participant: ['id', 'user_id', 'created_at', 'checked_in_at', 'type', 'tournament_id'],
  teamPlayer: ['user_id'],
  stage: ['id', 'tournament_id', 'type', 'status', 'closed'],
  stream: ['id', 'tournament_id'],
} as const
