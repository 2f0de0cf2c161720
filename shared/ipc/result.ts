// The Result every IPC call answers with: a value, or an error with a code, a message and per-field messages.
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
  'cancelled',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export interface AppErrorShape {
  code: ErrorCode
  message: string
  fields?: Record<string, string>
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: AppErrorShape }
