// The Result every IPC call answers with: a value, or an error with a code, a message and per-field messages.
import { z } from 'zod'

export const ERROR_CODES = [
  'validation',
  'not_found',
  'forbidden',
  'unauthorized',
  'rate_limited',
  'offline',
  'timeout',
  'server',
  'conflict',
  'internal',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const AppErrorShape = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
})
export type AppErrorShape = z.infer<typeof AppErrorShape>

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape }

export function ok<T>(value: T): Result<T> {
  return { ok: true, value }
}

export function fail(error: AppErrorShape): Result<never> {
  return { ok: false, error }
}
