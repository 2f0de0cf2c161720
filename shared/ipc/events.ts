// Payload schemas of the events main pushes to the renderer.
import { z } from 'zod'
import type { EventName } from './channels'

export const events = {
  'app:notice': z.object({ level: z.enum(['info', 'warning', 'error']), message: z.string() }),
  'auth:session-ended': z.object({ profileId: z.string(), reason: z.string() }),
  /** Paging progress of a long load, for a progress bar. */
  'load:progress': z.object({ resource: z.string(), done: z.number().int().min(0), total: z.number().int().min(0) }),
} satisfies Record<EventName, z.ZodType>

export type EventPayload<E extends EventName> = z.infer<(typeof events)[E]>
