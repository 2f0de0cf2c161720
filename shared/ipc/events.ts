// Payload schemas of the events main pushes to the renderer.
import { z } from 'zod'
import { SyncStatus } from './sync'
import { StreamState } from '../broadcast/feed'
import { ObsState } from '../broadcast/obs'
import { FloorState } from '../floor/floor'
import { SharingState } from '../venue/sharing'
import { VenueRoles } from '../venue/roles'

/** A message for the person; one with an id is main's record of something that happened and stays until dismissed. */
export const AppNotice = z.object({
  id: z.number().int().optional(),
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
})

export const events = {
  'app:notice': AppNotice,
  'auth:session-ended': z.object({ profileId: z.string(), reason: z.string() }),
  /** A browser sign-in is waiting: the page's address (to copy when no browser opened) and when the wait ends. */
  'auth:browser-sign-in': z.object({ profileId: z.string(), url: z.string(), expiresAt: z.number() }),
  /** Paging progress of a long load, for a progress bar. */
  'load:progress': z.object({ resource: z.string(), done: z.number().int().min(0), total: z.number().int().min(0) }),
  'sync:status': SyncStatus,
  /**
   * The cached copy of a resource of a tournament was refreshed. With `changes`, the list kept its items and order
   * and these are the ones whose data changed (views patch them in); without, views read the list again.
   */
  'cache:updated': z.object({
    resource: z.string(),
    scope: z.string(),
    refreshedAt: z.number().nullable().optional(),
    changes: z
      .object({ upserted: z.array(z.looseObject({ id: z.string() })), removed: z.array(z.string()) })
      .optional(),
  }),
  /** A stream's published feed or its staged changes changed: the desk reads its status again. */
  /** A stream's new state after an action or a change from the service: applied as it is, nothing read again. */
  'broadcast:changed': StreamState,
  /** A stream's game source was made or removed, first heard, or heard again after a quiet spell: read game:source. */
  'game:changed': z.object({ streamId: z.string() }),
  /** A device was paired or revoked, or the venue network setting or control token changed: read hub:status. */
  'hub:changed': z.object({}),
  /** A stream's OBS link or what it last did changed (connected, reconnecting, a refused call). */
  'obs:changed': ObsState,
  /** A tournament's floor changed (a command, a result freeing a station, a call): applied as it is. */
  'floor:changed': FloorState,
  /** The venue's sharing between desks changed (a desk joined or left, the link to the host came or went). */
  'venue:changed': SharingState,
  /** A desk's role or operator changed (here or on another desk), or a desk joined the venue. */
  'venue:roles': VenueRoles,
} satisfies Record<string, z.ZodType>

/** Every event is a key of `events`. */
export type EventName = keyof typeof events
export type EventPayload<E extends EventName> = z.infer<(typeof events)[E]>
