// What a stream's tablet sees and sends: a scorekeeper's the on-air duel as the room's live layer has it (names,
// scores, games, picks) and the discipline's lists; a caster's the stream's casters. Never emails, ids of people,
// secrets. Shared by the hub's tablet routes and the tablet page.
import { z } from 'zod'
import { Caster, FeedMatch } from '../broadcast/feed'
import { LivePress, PickLists } from '../broadcast/live-layer'
import { DeviceKind } from './door'

export const TabletView = z.object({
  device: z.object({ name: z.string(), kind: DeviceKind }),
  stream: z.object({ id: z.string(), name: z.string() }),
  /** The on-air match with the room's layer laid over it (a held stream's edits included), or null. */
  onAir: FeedMatch.nullable(),
  /** Where the stream's scores come from: presses are refused with `service`. */
  scores: z.enum(['live', 'service']),
  held: z.boolean(),
  /** The producer's technical-difficulties key is down (any tablet of the stream may press it too). */
  difficulties: z.boolean().default(false),
  /**
   * The stream's instant replay: none (no OBS with a Replay scene connected), or what it is doing (a scorekeeper's
   * Replay key plays one).
   */
  replay: z.enum(['none', 'idle', 'saving', 'playing', 'held']).default('none'),
  /** How many changes wait in the producer's Hold list (a tablet's edits on a held stream wait there). */
  waiting: z.number().int().min(0),
  casters: z.array(Caster),
  lists: PickLists,
})
export type TabletView = z.infer<typeof TabletView>

/** The technical-difficulties key as a tablet presses it: down or up. */
export const TabletDifficulties = z.strictObject({ down: z.boolean() })

/** A scorekeeper's press, as the hub takes it: one of the live layer's, by bracket place. */
export const TabletPress = z.strictObject({ press: LivePress })
