// The requests table: which write each requestId was given to (channel and payload) and the receipt it got.
import type { TableRecovery } from '../db/table-recovery'
import { createHash } from 'node:crypto'
import { AppError } from '../app-error'
import type { Db } from '../db/db'
import { prepared } from '../db/prepared'

/** Receipts of requestIds: kept through a recovery, so a retried write is still answered once. */
export const REQUEST_LOG_TABLES = { requests: 'kept' } as const satisfies TableRecovery

/** One write as the renderer asked for it: the id it chose, the channel and what it sent. */
export interface WriteRequest {
  requestId: string
  channel: string
  payload: unknown
}

interface Row {
  channel: string | null
  fingerprint: string | null
  receipt: string
}

/** A stable digest of a payload: the same values in any key order give the same fingerprint. */
export function fingerprint(payload: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value
  return createHash('sha256')
    .update(JSON.stringify(canonical(payload)))
    .digest('base64url')
}

export class RequestLog {
  constructor(private readonly db: Db) {}

  /**
   * The receipt an identical earlier request got, or undefined for a new requestId. A requestId used before for
   * another channel or payload is a conflict: answering the old receipt would report a write that was never made.
   */
  earlier<T>(request: WriteRequest): T | undefined {
    const row = prepared(this.db, 'SELECT channel, fingerprint, receipt FROM requests WHERE request_id = ?').get(
      request.requestId,
    ) as Row | undefined
    if (!row) return undefined
    // Rows kept before requests were scoped carry no channel: they answer as they always did.
    const same =
      row.channel === null || (row.channel === request.channel && row.fingerprint === fingerprint(request.payload))
    if (!same) {
      const what = row.channel === request.channel ? 'another payload' : `${row.channel ?? 'another channel'}`
      throw new AppError(
        'conflict',
        `requestId ${request.requestId} was already used for ${what}: choose a new requestId for a new write.`,
        { requestId: `already used for ${what}` },
      )
    }
    return JSON.parse(row.receipt) as T
  }

  /** Forgets receipts older than `before` (ms): a retry comes within minutes, not after weeks. */
  prune(before: number): void {
    prepared(this.db, 'DELETE FROM requests WHERE at < ?').run(before)
  }

  remember(request: WriteRequest, receipt: unknown, at: number): void {
    prepared(
      this.db,
      'INSERT INTO requests (request_id, channel, fingerprint, receipt, at) VALUES (?, ?, ?, ?, ?)',
    ).run(request.requestId, request.channel, fingerprint(request.payload), JSON.stringify(receipt), at)
  }
}
