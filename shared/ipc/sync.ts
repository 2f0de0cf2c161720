// Sync status and write receipts as the renderer sees them.
import { z } from 'zod'

export const OutboxItem = z.object({
  seq: z.number().int(),
  kind: z.string(),
  label: z.string(),
  attempts: z.number().int(),
  since: z.number(),
  error: z.string().nullable(),
})

export const SyncStatus = z.object({
  connection: z.enum(['online', 'offline']),
  syncing: z.boolean(),
  pending: z.number().int(),
  waiting: z.array(OutboxItem),
  attention: z.array(OutboxItem),
  /** What has writes the service has not confirmed (waiting or needing attention): "participant:<id>", "stream:<id>". */
  unsent: z.array(z.string()),
  /** When each list was last read; `name` says whose it is ("Lyon LAN Winter Cup", "every tournament"). */
  refreshed: z.array(z.object({ resource: z.string(), scope: z.string(), name: z.string(), at: z.number() })),
})
export type SyncStatus = z.infer<typeof SyncStatus>

/** The answer to an offline-capable write: the local state, and whether the service has it yet. */
export function receipt<T extends z.ZodType>(value: T) {
  return z.object({ state: z.enum(['pending', 'synced']), value })
}

/** The answers made by `cached`: lists a view keeps, whose items cross the bridge packed. */
const listAnswers = new WeakSet<z.ZodType>()

/** A cached read: the items, and when the service last confirmed them (null: never). */
export function cached<T extends z.ZodType>(item: T) {
  const answer = z.object({ items: z.array(item), refreshedAt: z.number().nullable() })
  listAnswers.add(answer)
  return answer
}

/** Whether an answer is a list a view keeps (made by `cached`). */
export function isListAnswer(schema: z.ZodType): boolean {
  return listAnswers.has(schema)
}
