// Turns service answers and network failures into the typed errors the renderer can show.
import { errorSaid } from '../../../shared/api'
import { AppError } from '../app-error'

export class ApiError extends AppError {
  constructor(
    code: AppError['code'],
    message: string,
    readonly status: number | undefined,
    fields?: Record<string, string>,
  ) {
    super(code, message, fields)
    this.name = 'ApiError'
  }
}

/** The error for a non-2xx answer, with per-field messages from the error body (the service's or its OAuth server's shape). */
export function errorFromAnswer(status: number, body: unknown, what: string): ApiError {
  const { message: detail, fields } = errorSaid(body)
  const hasFields = Object.keys(fields).length > 0
  switch (true) {
    case status === 400 || status === 422:
      return new ApiError(
        'validation',
        detail || `The service refused ${what}.`,
        status,
        hasFields ? fields : undefined,
      )
    case status === 401:
      return new ApiError('unauthorized', detail || 'The service did not accept the credentials.', status)
    case status === 403:
      return new ApiError('forbidden', detail || `The credentials lack a scope needed for ${what}.`, status)
    case status === 404:
      return new ApiError('not_found', detail || `${what} was not found.`, status)
    case status === 409:
      return new ApiError('conflict', detail || `${what} conflicts with the current state.`, status)
    case status === 429:
      return new ApiError('rate_limited', 'The service asks to slow down; retrying later.', status)
    case status >= 500:
      return new ApiError('server', `The service failed (${status}) on ${what}.`, status)
    default:
      return new ApiError('server', detail || `Unexpected answer ${status} on ${what}.`, status)
  }
}

export const offlineError = (what: string) =>
  new ApiError('offline', `The service could not be reached for ${what}.`, undefined)
export const timeoutError = (what: string) =>
  new ApiError('timeout', `The service took too long to answer ${what}.`, undefined)
