// Instant replay as a stream's producer sets it and presses it: the Replay scene, the speed (100/50/25 %), how much of
// the buffer (the last seconds before the press, 0 for all of it), what a press does while a replay plays (queue or
// cancel), the buffer's length "Set up OBS for me" gives OBS; a press's own speed and length (Companion, a sequence's
// step); and how a stream's replay stands, as the column, Companion and the tablet show it.
import { z } from 'zod'

export const REPLAY_SPEEDS = [100, 50, 25] as const
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number]
/** The buffer's length OBS keeps (s), and the most of it a replay plays. */
export const REPLAY_LIMITS = { bufferSeconds: { min: 5, max: 600 }, seconds: 600 }

const Speed = z.union(
  REPLAY_SPEEDS.map((speed) => z.literal(speed)) as [z.ZodLiteral<100>, z.ZodLiteral<50>, z.ZodLiteral<25>],
  {
    error: 'speed: 100, 50 or 25 (%)',
  },
)
const Seconds = z
  .number()
  .int(`seconds: a whole number, 0 to ${REPLAY_LIMITS.seconds} (0: the whole buffer)`)
  .min(0, `seconds: 0 to ${REPLAY_LIMITS.seconds} (0: the whole buffer)`)
  .max(REPLAY_LIMITS.seconds, `seconds: 0 to ${REPLAY_LIMITS.seconds} (0: the whole buffer)`)

/** A stream's replay: its scene, how it plays, and what a press does while one plays. */
export const ReplaySettings = z.strictObject({
  /** The scene a replay plays in (null: no replay until one is chosen or made by "Set up OBS for me"). */
  scene: z
    .string()
    .min(1, 'replay scene: a name is needed')
    .max(100, 'replay scene: at most 100 characters')
    .regex(/^[^\p{Cc}]+$/u, 'replay scene: no control characters')
    .nullable()
    .default(null),
  speed: Speed.default(100),
  /** The last this many seconds before the press (0: the whole buffer). */
  seconds: Seconds.default(10),
  /** A press while a replay plays: queued after it, or the one playing cut short (back to the show). */
  again: z.enum(['queue', 'cancel']).default('queue'),
  /** The replay buffer's length "Set up OBS for me" gives OBS (s). */
  bufferSeconds: z
    .number()
    .int()
    .min(
      REPLAY_LIMITS.bufferSeconds.min,
      `buffer: ${REPLAY_LIMITS.bufferSeconds.min} to ${REPLAY_LIMITS.bufferSeconds.max} s`,
    )
    .max(
      REPLAY_LIMITS.bufferSeconds.max,
      `buffer: ${REPLAY_LIMITS.bufferSeconds.min} to ${REPLAY_LIMITS.bufferSeconds.max} s`,
    )
    .default(30),
})
export type ReplaySettings = z.infer<typeof ReplaySettings>
export const DEFAULT_REPLAY: ReplaySettings = ReplaySettings.parse({})

/** One press: the stream's settings, or this speed and length (Companion's options, a sequence's step). */
export const ReplayPress = z.strictObject({ speed: Speed.optional(), seconds: Seconds.optional() })
export type ReplayPress = z.infer<typeof ReplayPress>

/** How a stream's replay stands. */
export const ReplayState = z.object({
  /** OBS's replay buffer: running, stopped, off in OBS's output settings; null before it is read or without OBS. */
  buffer: z.enum(['running', 'stopped', 'off']).nullable(),
  /**
   * idle; saving (OBS writes the buffer to a file); playing (on air in the Replay scene); held (played out, and the
   * return waits for the stream's release).
   */
  phase: z.enum(['idle', 'saving', 'playing', 'held']),
  /** Presses waiting for the one playing. */
  queued: z.number().int().min(0),
  /** What went wrong with the last press, in words (null when all is well). */
  problem: z.string().nullable(),
})
export type ReplayState = z.infer<typeof ReplayState>
export const NO_REPLAY: ReplayState = { buffer: null, phase: 'idle', queued: 0, problem: null }

/** A press's speed and length: its own where it gives them, else the stream's. */
export function replayOf(settings: ReplaySettings, press: ReplayPress = {}): { speed: ReplaySpeed; seconds: number } {
  return { speed: press.speed ?? settings.speed, seconds: press.seconds ?? settings.seconds }
}
