// The service's error body and the translation of zod issues into field-naming messages.
import { z } from 'zod'

export const ApiErrorItem = z.looseObject({
  message: z.string(),
  scope: z.string().optional(),
  property_path: z.string().optional(),
  invalid_value: z.unknown().optional(),
  type: z.string().optional(),
})
export const ApiErrorBody = z.looseObject({ errors: z.array(ApiErrorItem) })

/** The OAuth server's shape (league/oauth2-server): `{error, error_description?, hint?, message?}`. */
export const OAuthErrorBody = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
  hint: z.string().optional(),
  message: z.string().optional(),
})

/** What an error answer says, whichever of the two shapes it came in: a sentence, and messages by field. */
export interface ErrorSaid {
  /** The OAuth error code ("invalid_client") when the answer has one. */
  code?: string
  message: string
  fields: Record<string, string>
}

export function errorSaid(body: unknown): ErrorSaid {
  const api = ApiErrorBody.safeParse(body)
  if (api.success) {
    const fields: Record<string, string> = {}
    for (const e of api.data.errors) if (e.property_path) fields[e.property_path] ??= e.message
    return { message: api.data.errors.map((e) => e.message).join('; '), fields }
  }
  const oauth = OAuthErrorBody.safeParse(body)
  if (oauth.success) {
    const { error, error_description, hint, message } = oauth.data
    const sentence = message || error_description || error
    return { code: error, message: hint && !sentence.includes(hint) ? `${sentence} (${hint})` : sentence, fields: {} }
  }
  return { message: '', fields: {} }
}

export type ApiErrorItem = z.infer<typeof ApiErrorItem>
export type ApiErrorBody = z.infer<typeof ApiErrorBody>

/** Dotted path of a zod issue ("lineup.0.name"); "" for the root. */
export function issuePath(issue: z.core.$ZodIssue): string {
  return issue.path.map(String).join('.')
}

/** One message per field, first issue wins: what a form shows next to each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const path = issuePath(issue)
    fields[path] ??= issue.message
  }
  return fields
}

/** A one-line summary naming each field, for places that show a single message. */
export function summarizeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issuePath(issue)
      return path && !issue.message.startsWith(path.split('.')[0]!) ? `${path}: ${issue.message}` : issue.message
    })
    .join('; ')
}
