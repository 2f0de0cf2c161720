// Field formats shared by every resource: ids, bounded text, dates, codes, and messages that name the field.
import { z } from 'zod'
import { COUNTRIES, LANGUAGES } from './codes'

export const Id = z.string().min(1, 'id must not be empty')

/** A string of at most `max` characters whose error names the field and the limit. */
export function text(field: string, max: number) {
  return z.string({ error: `${field} must be a string` }).max(max, {
    error: (issue) =>
      `${field} must be at most ${max} characters (got ${typeof issue.input === 'string' ? issue.input.length : 'more'})`,
  })
}

/** Like `text` but also not empty, for names that are required. */
export function requiredText(field: string, max: number) {
  return text(field, max).min(1, `${field} must not be empty`)
}

export function email(field: string, max: number) {
  return text(field, max).pipe(z.email({ error: `${field} must be an email address` }))
}

export function uri(field: string, max: number) {
  return text(field, max).pipe(z.url({ error: `${field} must be an absolute URL` }))
}

export function dateTime(field: string) {
  return z.iso.datetime({ offset: true, error: `${field} must be an RFC 3339 date-time with offset` })
}

export function date(field: string) {
  return z.iso.date({ error: `${field} must be a date YYYY-MM-DD` })
}

export function country(field: string) {
  return z.enum(COUNTRIES as [string, ...string[]], { error: `${field} must be an ISO 3166-1 alpha-2 code` })
}

export function language(field: string) {
  return z.enum(LANGUAGES as [string, ...string[]], { error: `${field} must be an ISO 639-1 code` })
}

export function oneOf<const T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: `${field} must be one of ${values.join(', ')}` })
}

/** Open key/value objects such as custom_fields and properties. */
export const OpenObject = z.record(z.string(), z.unknown())

/** Response-side datetime: lenient (the service's own values are trusted to be RFC 3339). */
export const ResponseDateTime = z.string()
