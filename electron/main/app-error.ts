// The typed error main-process code throws; the dispatcher turns it into the Result's error.
import type { ErrorCode } from '../../shared/ipc/result'

export class AppError extends Error {
  readonly code: ErrorCode
  readonly fields?: Record<string, string>

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message)
    this.name = 'AppError'
    this.code = code
    if (fields) this.fields = fields
  }
}
