// A tournament's registration, check-in and report options: every field of the form, with the defaults the service shows.
import type { z } from 'zod'
import type { TournamentCreate } from '../../shared/api'

type Body = z.output<typeof TournamentCreate>

export interface RestrictionsRecord {
  age: { enabled: boolean; required: boolean; min: number; max: number | null; date_reference: string }
  country: { enabled: boolean; required: boolean; allowed: string[] }
  game_id: { enabled: boolean; required: boolean }
}

export interface TournamentOptions {
  match_report_enabled: boolean
  registration_enabled: boolean
  registration_opening_datetime: string | null
  registration_closing_datetime: string | null
  registration_auto_accept_enabled: boolean
  registration_notification_enabled: boolean
  registration_participant_email_enabled: boolean
  registration_request_message: string | null
  registration_acceptance_message: string | null
  registration_refusal_message: string | null
  registration_terms_enabled: boolean
  registration_terms_url: string | null
  registration_external_enabled: boolean
  registration_external_url: string | null
  registration_permanent_team_mandatory: boolean
  registration_restrictions: RestrictionsRecord
  check_in_enabled: boolean
  check_in_participant_enabled: boolean
  check_in_participant_start_datetime: string | null
  check_in_participant_end_datetime: string | null
}

/** What a tournament has when nothing was said: everything off, no messages, no restriction. */
export function defaultOptions(dateReference: string): TournamentOptions {
  return {
    match_report_enabled: false,
    registration_enabled: false,
    registration_opening_datetime: null,
    registration_closing_datetime: null,
    registration_auto_accept_enabled: false,
    registration_notification_enabled: false,
    registration_participant_email_enabled: false,
    registration_request_message: null,
    registration_acceptance_message: null,
    registration_refusal_message: null,
    registration_terms_enabled: false,
    registration_terms_url: null,
    registration_external_enabled: false,
    registration_external_url: null,
    registration_permanent_team_mandatory: false,
    registration_restrictions: {
      age: { enabled: false, required: false, min: 0, max: null, date_reference: dateReference },
      country: { enabled: false, required: false, allowed: [] },
      game_id: { enabled: false, required: false },
    },
    check_in_enabled: false,
    check_in_participant_enabled: false,
    check_in_participant_start_datetime: null,
    check_in_participant_end_datetime: null,
  }
}

/** The options a create body gives, over the defaults; restrictions member by member. */
export function optionsFrom(body: Partial<Body>, defaults: TournamentOptions): TournamentOptions {
  const given = Object.fromEntries(
    Object.keys(defaults)
      .filter((key) => key !== 'registration_restrictions' && body[key as keyof Body] !== undefined)
      .map((key) => [key, body[key as keyof Body]]),
  )
  const restrictions = body.registration_restrictions ?? {}
  const base = defaults.registration_restrictions
  const options: TournamentOptions = {
    ...defaults,
    ...given,
    registration_restrictions: {
      age: { ...base.age, ...restrictions.age },
      country: { ...base.country, ...restrictions.country },
      game_id: { ...base.game_id, ...restrictions.game_id },
    },
  }
  return options
}
