// The error types the sandbox answers in `errors[].type`: the service's words, never a framework's or zod's codes.
import type { z } from 'zod'

export const SERVICE_ERROR_TYPES = [
  'invalid',
  'invalid_json',
  'required',
  'too_long',
  'too_short',
  'too_many',
  'out_of_range',
  'choice',
  'format',
  'unknown_field',
  'not_found',
  'unauthorized',
  'forbidden',
  'range',
  'limit',
  'deprecated',
  'unavailable',
  'too_large',
  'unsupported_media_type',
] as const
export type ServiceErrorType = (typeof SERVICE_ERROR_TYPES)[number]

/** The service's type for one validation issue. */
export function typeOfIssue(issue: z.core.$ZodIssue): ServiceErrorType {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'required' : 'invalid'
    case 'too_big':
      return issue.origin === 'string' ? 'too_long' : issue.origin === 'array' ? 'too_many' : 'out_of_range'
    case 'too_small':
      return issue.origin === 'string' ? (issue.minimum === 1 ? 'required' : 'too_short') : 'out_of_range'
    case 'invalid_value':
      return 'choice'
    case 'invalid_format':
      return 'format'
    case 'unrecognized_keys':
      return 'unknown_field'
    default:
      return 'invalid'
  }
}

/** The service's type for an error the HTTP layer raised before any route ran (bad JSON, too large, media type). */
export function typeOfStatus(status: number, code: string | undefined): ServiceErrorType {
  if (status === 413) return 'too_large'
  if (status === 415) return 'unsupported_media_type'
  if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'invalid_json') return 'invalid_json'
  if (status === 404) return 'not_found'
  return 'invalid'
}
