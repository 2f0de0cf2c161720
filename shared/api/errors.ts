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
