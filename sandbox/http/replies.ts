// Answers in the public service's shapes: the errors body, 404s naming the id, validation issues, ranged lists.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { typeOfIssue } from './error-types'
import { formatContentRange, issuePath, parseRange, type ApiErrorItem, type RangeUnit } from '../../shared/api'

export type Scope = 'query' | 'body' | 'header' | 'path'

export function sendErrors(reply: FastifyReply, status: number, errors: ApiErrorItem[]): FastifyReply {
  return reply.code(status).type('application/json').send({ errors })
}

export function sendError(
  reply: FastifyReply,
  status: number,
  message: string,
  detail: Omit<ApiErrorItem, 'message'> = {},
) {
  return sendErrors(reply, status, [{ message, ...detail }])
}

export function notFound(reply: FastifyReply, what: string, id: string) {
  return sendError(reply, 404, `${what} ${id} was not found`, {
    scope: 'path',
    property_path: 'id',
    invalid_value: id,
    type: 'not_found',
  })
}

export function sendInvalid(reply: FastifyReply, error: z.ZodError, scope: Scope) {
  return sendErrors(
    reply,
    400,
    error.issues.map((issue) => ({
      message: issue.message,
      scope,
      // An unknown field is reported at the field itself, like the public service's property paths.
      property_path:
        issue.code === 'unrecognized_keys'
          ? [issuePath(issue), issue.keys[0]].filter(Boolean).join('.')
          : issuePath(issue),
      invalid_value: 'input' in issue ? issue.input : undefined,
      type: typeOfIssue(issue),
    })),
  )
}

/** Parses untrusted input; on failure sends the 400 and returns undefined. */
export function parseOr<T extends z.ZodType>(
  reply: FastifyReply,
  schema: T,
  value: unknown,
  scope: Scope,
): z.output<T> | undefined {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  sendInvalid(reply, result.error, scope)
  return undefined
}

/**
 * Answers one range of `items`: 206 (or `status`) with Content-Range, 416 past the end, 400/416 for bad ranges.
 * `form` cuts the response form out of each record, and runs only on the range sent.
 */
export function sendRange<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  unit: RangeUnit,
  items: T[],
  { status = 206, form = (item: T): unknown => item }: { status?: number; form?: (item: T) => unknown } = {},
) {
  const parsed = parseRange(request.headers.range, unit)
  if (!parsed.ok) {
    return sendError(reply, parsed.status, parsed.message, {
      scope: 'header',
      property_path: 'Range',
      invalid_value: request.headers.range,
      type: 'range',
    })
  }
  const { first } = parsed.range
  if (first >= items.length) {
    reply.header('content-range', `${unit} */${items.length}`)
    return sendError(reply, 416, `the range starts after the last of ${items.length} ${unit}`, {
      scope: 'header',
      property_path: 'Range',
      type: 'range',
    })
  }
  const last = Math.min(parsed.range.last, items.length - 1)
  reply.header('content-range', formatContentRange(unit, first, last, items.length))
  return reply.code(status).send(items.slice(first, last + 1).map((item) => form(item)))
}
