// Payload schemas of the events main pushes to the renderer.
import { z } from 'zod'
import type { EventName } from './channels'
import { SyncStatus } from './sync'

/** A message for the person; one with an id is main's record of something that happened and stays until dismissed. */
export const AppNotice = z.object({
  id: z.number().int().optional(),
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
})

export const events = {
  'app:notice': AppNotice,
  'auth:session-ended': z.object({ profileId: z.string(), reason: z.string() }),
  /** Paging progress of a long load, for a progress bar. */
  'load:progress': z.object({ resource: z.string(), done: z.number().int().min(0), total: z.number().int().min(0) }),
  'sync:status': SyncStatus,
  /** The cached copy of a resource of a tournament changed: views showing it read it again. */
  'cache:updated': z.object({ resource: z.string(), scope: z.string() }),
  /** A stream's published feed or its staged changes changed: the desk reads its status again. */
  'broadcast:changed': z.object({ streamId: z.string() }),
} satisfies Record<EventName, z.ZodType>

export type EventPayload<E extends EventName> = z.infer<(typeof events)[E]>
