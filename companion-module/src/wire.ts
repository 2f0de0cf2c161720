// What the Matchdesk hub tells and answers a control client, as far as this module reads it (the hub's
// /control/v1/events and its control routes), checked as it arrives: every field bounded as the app's own contract
// bounds it, and anything else the hub adds ignored. A hub is outside this module: an event that does not read is
// passed over (and said in Companion's log), never the reason the module stops.
import { z } from 'zod'

const id = z.string().min(1).max(200)
const text = (most: number) => z.string().max(most)
/** A time or a count as the hub sends it: a finite number. */
const number = z.number().finite()

/** A match as a stream's feed carries it. */
export const WireMatch = z.object({
  id,
  label: text(200),
  decided: z.boolean(),
  bestOf: z.number().int().min(0).max(99).nullable(),
  opponents: z.array(z.object({ name: text(200), score: number.nullable() })).max(64),
})
export type WireMatch = z.infer<typeof WireMatch>

/** One change a held stream keeps off air until applied. */
export const WireStaged = z.object({ matchId: id, field: text(200) })
export type WireStaged = z.infer<typeof WireStaged>

/** A stream's state (the `stream` event, and every stream action's answer), with its OBS fields. */
export const WireStream = z.object({
  streamId: id,
  onAir: id.nullable(),
  next: z.array(id).max(1000),
  held: z.boolean(),
  /** The technical-difficulties key is down (absent from hubs before it). */
  difficulties: z.boolean().optional(),
  /** The show sequence running: its event, next step and how many are left (absent from hubs before it). */
  sequence: z
    .object({ event: text(80), next: text(200).nullable(), left: number, paused: z.boolean() })
    .nullable()
    .optional(),
  staged: z.array(WireStaged).max(1000),
  feed: z.object({
    stream: z.object({ id, name: text(200) }),
    tournament: z.object({ id, name: text(200) }),
    onAir: WireMatch.nullable(),
    next: z.array(WireMatch).max(1000),
  }),
  /**
   * The texts OBS's sources show, in the tournament's language ("left-name", "round", "countdown", …): at most 4,000
   * characters each, above the longest a desk writes (a 24-step veto, 15 games, with 40-character names: ~3,300).
   */
  fields: z
    .record(text(80), text(4000))
    .refine((fields) => Object.keys(fields).length <= 200, 'at most 200 fields')
    .optional(),
  /** Only grows: a state with a lower one was worked out before (an answer can arrive after a later event). */
  revision: number.optional(),
})
export type WireStream = z.infer<typeof WireStream>

/** A stream's OBS link (the `obs` event, and the scene and break actions' answer). */
export const WireObs = z.object({
  streamId: id,
  link: z.enum(['off', 'connecting', 'connected', 'reconnecting']),
  programScene: text(200).nullable(),
  problem: text(500).nullable(),
  settings: z.object({ breakScene: text(200).nullable() }).nullable(),
  scenes: z.array(text(200)).max(500),
  /** The stream's instant replay: what it is doing and how many presses wait (absent from hubs before it). */
  replay: z
    .object({ phase: z.enum(['idle', 'saving', 'playing', 'held']), queued: z.number().int().min(0).max(100) })
    .optional(),
})
export type WireObs = z.infer<typeof WireObs>

/** A station as a tournament's floor carries it. */
export const WireStation = z.object({
  id,
  number: z.number().int().min(0).max(100_000),
  name: text(200),
  match: z.object({ id, label: text(200), opponents: z.array(z.object({ name: text(200) })).max(64) }).nullable(),
  call: z.object({ calledAt: number, deadline: number, arrived: z.array(z.boolean()).max(64) }).nullable(),
})
export type WireStation = z.infer<typeof WireStation>

/** A tournament's floor (the `floor` event, and the floor actions' answer). */
export const WireFloor = z.object({
  tournamentId: id,
  tournament: text(200),
  stations: z.array(WireStation).max(512),
  /** The hub's clock when this was made (ms): call deadlines are counted from its offset to this machine's clock. */
  now: number,
})
export type WireFloor = z.infer<typeof WireFloor>

/** The events this module reads, by name. */
export const WIRE_EVENTS = { stream: WireStream, obs: WireObs, floor: WireFloor } as const
