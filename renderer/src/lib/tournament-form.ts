// The tournament create form as data: every field of the interface's create form, and how a form value becomes a body.
import { LOCALES, PLATFORMS } from '../../../shared/api/enums'

export type FieldKind = 'text' | 'textarea' | 'number' | 'checkbox' | 'date' | 'datetime' | 'select' | 'multiselect'

export interface FormField {
  key: string
  label: string
  kind: FieldKind
  options?: readonly string[]
  /** Only shown for team tournaments. */
  teamOnly?: boolean
  section: 'Basics' | 'Public page' | 'Registration' | 'Check-in' | 'Images'
}

const f = (
  section: FormField['section'],
  key: string,
  label: string,
  kind: FieldKind,
  extra: Partial<FormField> = {},
): FormField => ({ section, key, label, kind, ...extra })

export const TOURNAMENT_FIELDS: FormField[] = [
  f('Basics', 'discipline', 'Discipline', 'select'),
  f('Basics', 'name', 'Name (30 max)', 'text'),
  f('Basics', 'full_name', 'Full name (80 max)', 'text'),
  f('Basics', 'participant_type', 'Participants', 'select', { options: ['single', 'team'] }),
  f('Basics', 'size', 'Expected participants', 'number'),
  f('Basics', 'team_min_size', 'Team size, min', 'number', { teamOnly: true }),
  f('Basics', 'team_max_size', 'Team size, max', 'number', { teamOnly: true }),
  f('Basics', 'timezone', 'Time zone', 'text'),
  f('Basics', 'platforms', 'Platforms', 'multiselect', { options: PLATFORMS }),
  f('Basics', 'scheduled_date_start', 'Starts', 'date'),
  f('Basics', 'scheduled_date_end', 'Ends', 'date'),
  f('Basics', 'online', 'Online', 'checkbox'),
  f('Basics', 'location', 'Location (140 max)', 'text'),
  f('Basics', 'country', 'Country (ISO code)', 'text'),
  f('Public page', 'public', 'Published', 'checkbox'),
  f('Public page', 'organization', 'Organization (80 max)', 'text'),
  f('Public page', 'contact', 'Contact email', 'text'),
  f('Public page', 'discord', 'Chat invite URL', 'text'),
  f('Public page', 'website', 'Website', 'text'),
  f('Public page', 'description', 'Description (1,500 max)', 'textarea'),
  f('Public page', 'rules', 'Rules (64,000 max)', 'textarea'),
  f('Public page', 'prize', 'Prize (1,500 max)', 'textarea'),
  f('Public page', 'locales', 'Languages of the page', 'multiselect', { options: LOCALES }),
  f('Public page', 'match_report_enabled', 'Participants report results', 'checkbox'),
  f('Public page', 'archived', 'Archived', 'checkbox'),
  f('Registration', 'registration_enabled', 'Registration open', 'checkbox'),
  f('Registration', 'registration_opening_datetime', 'Opens', 'datetime'),
  f('Registration', 'registration_closing_datetime', 'Closes', 'datetime'),
  f('Registration', 'registration_auto_accept_enabled', 'Accept automatically', 'checkbox'),
  f('Registration', 'registration_notification_enabled', 'Notify organizers', 'checkbox'),
  f('Registration', 'registration_participant_email_enabled', 'Email participants', 'checkbox'),
  f('Registration', 'registration_request_message', 'Request message', 'textarea'),
  f('Registration', 'registration_acceptance_message', 'Acceptance message', 'textarea'),
  f('Registration', 'registration_refusal_message', 'Refusal message', 'textarea'),
  f('Registration', 'registration_terms_enabled', 'Custom terms required', 'checkbox'),
  f('Registration', 'registration_terms_url', 'Terms URL', 'text'),
  f('Registration', 'registration_external_enabled', 'Registration on another site', 'checkbox'),
  f('Registration', 'registration_external_url', 'External registration URL', 'text'),
  f('Registration', 'registration_permanent_team_mandatory', 'Permanent teams only', 'checkbox'),
  f('Registration', 'age_min', 'Minimum age', 'number'),
  f('Registration', 'age_max', 'Maximum age', 'number'),
  f('Registration', 'countries_allowed', 'Countries allowed (ISO codes, comma-separated)', 'text'),
  f('Check-in', 'check_in_enabled', 'Check-in', 'checkbox'),
  f('Check-in', 'check_in_participant_enabled', 'Participants check themselves in', 'checkbox'),
  f('Check-in', 'check_in_participant_start_datetime', 'Self check-in opens', 'datetime'),
  f('Check-in', 'check_in_participant_end_datetime', 'Self check-in closes', 'datetime'),
  f('Images', 'logo', 'Logo file id', 'text'),
  f('Images', 'background', 'Background file id (Pro)', 'text'),
  f('Images', 'thumbnail', 'Thumbnail file id (Pro)', 'text'),
]

export type FormValue = Record<string, string | number | boolean | string[] | undefined>

export function emptyTournamentForm(timezone: string): FormValue {
  return { participant_type: 'single', size: 16, timezone, platforms: ['pc'], public: false, online: false }
}

/** "2026-12-01T10:00" from a datetime-local input, in this machine's zone, as RFC 3339 with its offset. */
export function localDateTime(value: string, date = new Date(value)): string {
  const offset = -date.getTimezoneOffset()
  const sign = offset >= 0 ? '+' : '-'
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0')
  return `${value.length === 16 ? `${value}:00` : value}${sign}${pad(offset / 60)}:${pad(offset % 60)}`
}

/** The create body: empty fields left out, datetimes with offsets, images and restrictions in their shapes. */
export function tournamentBody(form: FormValue): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const field of TOURNAMENT_FIELDS) {
    const value = form[field.key]
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue
    if (field.teamOnly && form['participant_type'] !== 'team') continue
    if (['age_min', 'age_max', 'countries_allowed'].includes(field.key)) continue
    if (field.kind === 'datetime') body[field.key] = localDateTime(String(value))
    else if (field.section === 'Images') body[field.key] = { id: String(value) }
    else if (field.key === 'locales')
      body[field.key] = Object.fromEntries((value as string[]).map((code, i) => [code, { default: i === 0 }]))
    else body[field.key] = value
  }
  const age =
    form['age_min'] !== undefined && form['age_min'] !== ''
      ? {
          enabled: true,
          required: true,
          min: Number(form['age_min']),
          max: form['age_max'] ? Number(form['age_max']) : null,
        }
      : undefined
  const countries =
    typeof form['countries_allowed'] === 'string' && form['countries_allowed'].trim()
      ? form['countries_allowed'].split(',').map((c) => c.trim().toUpperCase())
      : undefined
  if (age || countries)
    body['registration_restrictions'] = {
      ...(age && { age }),
      ...(countries && { country: { enabled: true, required: true, allowed: countries } }),
    }
  return body
}
