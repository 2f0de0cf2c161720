// The broadcast feed of one stream: what overlays, the desk's preview and other graphics (NodeCG, vMix) read.
// Broadcast-safe by construction: names, scores, results and times only; never emails, identifiers or secrets.
import { z } from 'zod'

export const FeedOpponent = z.object({
  /** The participant's name, or what the slot waits for ("Winner of WB R2 M3"). */
  name: z.string(),
  score: z.number().nullable(),
  result: z.enum(['win', 'draw', 'loss']).nullable(),
  /** Null while the slot has no participant yet. */
  checkedIn: z.boolean().nullable(),
  /** ISO 3166-1 alpha-2 ("DE"): the player's, or most of a team's lineup; null when not known. Drawn as a flag. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
})

export const FeedMatch = z.object({
  id: z.string(),
  /** "Winners round 3 · match 2", "Grand final", "Round 2 · match 4". */
  label: z.string(),
  status: z.enum(['pending', 'running', 'completed']),
  scheduledAt: z.string().nullable(),
  /** When it is expected on this stream (RFC 3339), or null when that cannot be known. */
  estimatedStart: z.string().nullable(),
  opponents: z.array(FeedOpponent),
  /** Every opponent is known: a match still waiting for one ("Winner of WB R5 M1") is not decided. */
  decided: z.boolean(),
  /** Best of how many games, from the stage's match format (null where the format does not say). */
  bestOf: z.number().int().min(1).nullable(),
})

export const Feed = z.object({
  stream: z.object({ id: z.string(), name: z.string(), url: z.string(), language: z.string() }),
  tournament: z.object({ id: z.string(), name: z.string() }),
  onAir: FeedMatch.nullable(),
  next: z.array(FeedMatch),
  /** Where the on-air match leads: the match its winner goes to, and its loser's (double elimination). */
  onAirPath: z.object({ winnerTo: z.string().nullable(), loserTo: z.string().nullable() }).nullable(),
  /** True while the producer holds the stream: the service's changes wait in the desk until applied. */
  held: z.boolean(),
  updatedAt: z.string(),
})

export type FeedOpponent = z.infer<typeof FeedOpponent>
export type FeedMatch = z.infer<typeof FeedMatch>
export type Feed = z.infer<typeof Feed>

/** A change from the service that a held stream has not published yet: `field` as "opponents.1.name", "status". */
export const StagedChange = z.object({
  matchId: z.string(),
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
})
export type StagedChange = z.infer<typeof StagedChange>

/** What the desk knows of one stream: on air, the queue, hold and what waits to be applied. */
export const StreamDesk = z.object({
  streamId: z.string(),
  onAir: z.string().nullable(),
  next: z.array(z.string()),
  held: z.boolean(),
  staged: z.array(StagedChange),
  /** How many sources follow the stream now, by overlay ("scoreboard", "up-next", …; "feed" for other clients). */
  sources: z.record(z.string(), z.number()),
})
export type StreamDesk = z.infer<typeof StreamDesk>

/** What a producer's action answers and `broadcast:changed` carries: the stream's desk and what it publishes now. */
export const StreamState = StreamDesk.extend({ feed: Feed })
export type StreamState = z.infer<typeof StreamState>
