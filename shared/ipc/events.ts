// Payload schemas of the events main pushes to the renderer.
import { z } from 'zod'
import type { EventName } from './channels'

export const events = {
  'app:notice': z.object({ level: z.enum(['info', 'warning', 'error']), message: z.string() }),
} satisfies Record<EventName, z.ZodType>

export type EventPayload<E extends EventName> = z.infer<(typeof events)[E]>
