// Field formats shared by every resource: ids, bounded text, dates, codes, and messages that name the field.
import { z } from 'zod'
import { COUNTRIES, LANGUAGES } from './codes'

/** An id as the service answers it (read leniently). */
export const Id = z.string().min(1, 'id must not be empty')

/** The longest id Matchdesk sends: the service's are about 19 digits, local ids 42 characters. */
export const ID_MAX = 64

/**
 * An id Matchdesk sends or takes from the renderer: the service's character set (digits; discipline ids in lowercase
 * words with _; local ids with -), so an id can never become a path segment such as "..".
 */
export const IdInput = z
  .string({ error: 'id must be a string' })
  .min(1, 'id must not be empty')
  .max(ID_MAX, `id must be at most ${ID_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'id may hold only letters, digits, _ and -')

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

/** Open key/value objects such as custom_fields and properties, as the service answers them. */
export const OpenObject = z.record(z.string(), z.unknown())

/** Bounds of free-form JSON taken as input (custom_fields, properties, stage settings, a participant update). */
export const JSON_LIMITS = { depth: 10, bytes: 64 * 1024, keyLength: 255 } as const

/** What exceeds the bounds in `value`, or undefined. Walks with its own stack: 5,000-deep nesting cannot overflow it. */
export function jsonBoundsProblem(value: unknown, limits = JSON_LIMITS): string | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }]
  while (stack.length) {
    const { value: current, depth } = stack.pop()!
    if (current === null || typeof current !== 'object') continue
    if (depth > limits.depth) return `nests deeper than ${limits.depth} levels`
    for (const [key, child] of Object.entries(current)) {
      if (key.length > limits.keyLength) return `has a key longer than ${limits.keyLength} characters`
      stack.push({ value: child, depth: depth + 1 })
    }
  }
  const bytes = new TextEncoder().encode(JSON.stringify(value)).length
  return bytes > limits.bytes ? `is larger than ${limits.bytes / 1024} KB (${Math.ceil(bytes / 1024)} KB)` : undefined
}

/** `schema` refined to the JSON bounds; the mark lets the contract test see that it is bounded. */
export function boundedJson<T extends z.ZodType>(field: string, schema: T) {
  return schema
    .superRefine((value, context) => {
      const problem = jsonBoundsProblem(value)
      if (problem) context.addIssue({ code: 'custom', message: `${field} ${problem}` })
    })
    .meta({ boundedJson: true })
}

/** An open object taken as input: custom_fields, properties. */
export const openInput = (field: string) => boundedJson(field, OpenObject)

/** Response-side datetime: lenient (the service's own values are trusted to be RFC 3339). */
export const ResponseDateTime = z.string()
