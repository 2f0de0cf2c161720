// Form checks with the shared schemas before anything is sent, and field errors from main's answers.
import type { z } from 'zod'
import { fieldErrors } from '../../../shared/api/errors'
import type { Result } from '../../../shared/ipc/result'

export type FieldErrors = Record<string, string>

/** Parses a form's value; on failure returns the message for each field. */
export function check<T extends z.ZodType>(
  schema: T,
  value: unknown,
): { ok: true; value: z.output<T> } | { ok: false; fields: FieldErrors } {
  const result = schema.safeParse(value)
  return result.success ? { ok: true, value: result.data } : { ok: false, fields: fieldErrors(result.error) }
}

/** The field errors of a failed call (or one message under ""), for the form to show. */
export function errorsOf(result: Result<unknown>): FieldErrors {
  if (result.ok) return {}
  return result.error.fields && Object.keys(result.error.fields).length
    ? result.error.fields
    : { '': result.error.message }
}

/** Empty inputs become absent fields, so optional fields stay optional. */
export function withoutEmpty<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  ) as Partial<T>
}

export function ago(at: number | null, now = Date.now()): string {
  if (at === null || at === 0) return 'never refreshed'
  const seconds = Math.max(0, Math.round((now - at) / 1000))
  if (seconds < 5) return 'refreshed just now'
  if (seconds < 60) return `refreshed ${seconds} s ago`
  const minutes = Math.round(seconds / 60)
  return minutes < 60 ? `refreshed ${minutes} min ago` : `refreshed ${Math.round(minutes / 60)} h ago`
}
