// The broadcast feed of one stream: what overlays, the desk's preview and other graphics (NodeCG, vMix) read.
// Broadcast-safe by construction: names, scores, results and times only; never emails, identifiers or secrets.
import { z } from 'zod'
import { MatchName, SlotWait } from './match-name'
import { StageBoard } from './stage-board'
import { SequenceState } from './show-sequence'
import { SponsorRotation } from './sponsors'
import { VETO_MAX, VetoStep } from './live-layer'

export { MatchName } from './match-name'

// Fields added after version 1 first shipped default to null (or none), so a feed a desk kept from before still reads.

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
  waitsFor: SlotWait,
})

/** One game of the on-air match, as the live layer keeps it (see `games`). */
export const FeedGame = z.object({
  winner: z.union([z.literal(0), z.literal(1)]).nullable(),
  map: z.string().nullable(),
  picks: z.tuple([z.string().nullable(), z.string().nullable()]),
  /** Rounds won in this game by each side (a CS2 map's 13–9), by bracket place; null where the game has none. */
  rounds: z
    .tuple([z.number().int().min(0), z.number().int().min(0)])
    .nullable()
    .optional(),
  /** The rounds a side needs to win this game, where the game told it (a CS2 map: 13, more in overtime). */
  toWin: z.number().int().min(1).optional(),
})

export const FeedMatch = z.object({
  id: z.string(),
  /** "Winners round 3 · match 2", "Grand final", "Round 2 · match 4". */
  label: z.string(),
  /** The label's parts, for other languages; null where the bracket does not say. */
  name: MatchName.nullable().default(null),
  status: z.enum(['pending', 'running', 'completed']),
  scheduledAt: z.string().nullable(),
  /** When it is expected on this stream (RFC 3339), or null when that cannot be known. */
  estimatedStart: z.string().nullable(),
  opponents: z.array(FeedOpponent),
  /** Every opponent is known: a match still waiting for one ("Winner of WB R5 M1") is not decided. */
  decided: z.boolean(),
  /** Best of how many games, from the stage's match format (null where the format does not say). */
  bestOf: z.number().int().min(1).nullable(),
  /**
   * The on-air match's games as the producer's live layer has them, one per game of the best-of: who won it (0: the
   * first of `opponents`, 1: the second), the map and each side's pick in the opponents' order; null while the
   * scores are the service's.
   */
  games: z.array(FeedGame).nullable().default(null),
  /** True when the producer swapped sides: the second of `opponents` is drawn on the left (the order stays). */
  swapped: z.boolean().default(false),
  /** The veto as it ran (bans, picks and the decider, each a side's by bracket place): the live layer's, else none. */
  veto: z.array(VetoStep).max(VETO_MAX).optional(),
  /** True when the veto is a game's own draft of heroes (Dota 2's), titled as one. */
  vetoIsDraft: z.boolean().optional(),
})

/** One line a caster fills in: at most `max` characters, no control characters; empty allowed unless `required`. */
const casterText = (field: string, max: number, required = false) =>
  z
    .string()
    .trim()
    .min(required ? 1 : 0, `${field}: required`)
    .max(max, `${field}: at most ${max} characters`)
    .regex(/^[^\p{Cc}]*$/u, `${field}: no control characters`)

/** A caster of a stream, as the producer enters them on the desk or through Companion. */
export const Caster = z.object({
  name: casterText('name', 40, true),
  /** "@handle" or any short text; empty when none. */
  handle: casterText('handle', 40),
  /** "she/her", "they/them"; empty when not given. */
  pronouns: casterText('pronouns', 20),
})
export const CASTERS_MAX = 4
/** A stream's casters as the desk and Companion set them: at most four, each named. */
export const Casters = z
  .array(
    z.strictObject({
      name: Caster.shape.name,
      handle: Caster.shape.handle.default(''),
      pronouns: Caster.shape.pronouns.default(''),
    }),
  )
  .max(CASTERS_MAX, `casters: at most ${CASTERS_MAX} per stream`)

/** The on-air match's pick and map images, by item: where the hub serves each (same origin). */
export const PickImages = z.object({
  picks: z.record(z.string().max(40), z.string().max(200)),
  maps: z.record(z.string().max(40), z.string().max(200)),
})
export type PickImages = z.infer<typeof PickImages>

export const Feed = z.object({
  stream: z.object({ id: z.string(), name: z.string(), url: z.string(), language: z.string() }),
  tournament: z.object({
    id: z.string(),
    name: z.string(),
    /** The tournament's default locale on the service ("fr", "pt_BR"); overlays speak it unless told `lang=`. */
    locale: z.string().nullable().default(null),
    /** Where the hub serves the tournament's logo from its local copy (same origin); null when it has none. */
    logo: z.string().nullable().default(null),
  }),
  /** Who commentates the stream, in order. */
  casters: z.array(Caster).max(CASTERS_MAX).default([]),
  onAir: FeedMatch.nullable(),
  next: z.array(FeedMatch),
  /** Where the on-air match leads: the match its winner goes to, and its loser's (double elimination). */
  onAirPath: z
    .object({
      winnerTo: z.string().nullable(),
      loserTo: z.string().nullable(),
      winnerToName: MatchName.nullable().default(null),
      loserToName: MatchName.nullable().default(null),
    })
    .nullable(),
  /** True while the producer holds the stream: the service's changes wait in the desk until applied. */
  held: z.boolean(),
  /** The on-air (else the next) match's stage as the top 8 and standings overlays draw it; null for other stages. */
  board: StageBoard.nullable().default(null),
  /** Overlays a show sequence has hidden for now ("casters" after its +12 s): they draw nothing until shown again. */
  hidden: z.array(z.string().max(32)).max(16).default([]),
  /** True while the producer's technical-difficulties key is down: the card shows, the rest stands still. */
  difficulties: z.boolean().default(false),
  /** Images of the picks and maps the on-air match names (uploaded with the discipline's lists); null when none. */
  pickImages: PickImages.nullable().default(null),
  /** The venue's sponsors as the sponsor overlay and the break screen rotate them; null when it has none. */
  sponsors: SponsorRotation.nullable().default(null),
  updatedAt: z.string(),
})

export type FeedOpponent = z.infer<typeof FeedOpponent>
export type Caster = z.infer<typeof Caster>
export type FeedMatch = z.infer<typeof FeedMatch>
export type FeedGame = z.infer<typeof FeedGame>
export type Feed = z.infer<typeof Feed>

/** A change from the service that a held stream has not published yet: `field` as "opponents.1.name", "status". */
export const StagedChange = z.object({
  matchId: z.string(),
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
})
export type StagedChange = z.infer<typeof StagedChange>

/** Where a stream's on-air scores come from: the room's live layer (once pressed), or the service only. */
export const ScoreSource = z.enum(['live', 'service'])
export type ScoreSource = z.infer<typeof ScoreSource>

/**
 * Who pressed on a live layer: the desk, Companion, a paired scorekeeper's tablet, the game itself (its state), or the
 * match's players (the result both reported from their phones).
 */
export const PressedBy = z.enum(['desk', 'companion', 'tablet', 'game', 'players'])
export type PressedBy = z.infer<typeof PressedBy>

/** Presses made away from the producer (a tablet's, the game's, the players'): on a held stream they wait in Hold's list. */
export const waitsOnHold = (by: PressedBy): boolean => by === 'tablet' || by === 'game' || by === 'players'

/** The live layer of a stream's on-air duel as the desk shows it: where scores come from, what to answer, who did what. */
export const LiveDesk = z.object({
  scores: ScoreSource,
  /** Sides where the service's games won changed and differ from the room's: a line each, to adopt or keep. */
  disputes: z.array(z.object({ side: z.union([z.literal(0), z.literal(1)]), service: z.number(), room: z.number() })),
  /** The service's final result is on air: the room's layer ended (keeping the room's score brings it back). */
  ended: z.boolean(),
  /** The last presses, newest first: who, when (epoch ms), what, and whether undone. */
  journal: z.array(z.object({ at: z.number(), by: PressedBy, words: z.string(), undone: z.boolean() })),
})
export type LiveDesk = z.infer<typeof LiveDesk>

/** What the desk knows of one stream: on air, the queue, hold and what waits to be applied. */
export const StreamDesk = z.object({
  streamId: z.string(),
  onAir: z.string().nullable(),
  next: z.array(z.string()),
  held: z.boolean(),
  /** The technical-difficulties key is down (the stream is held meanwhile; released, it is as it was). */
  difficulties: z.boolean().default(false),
  /** The show sequence running on the stream (its next step, paused by Hold), or null. */
  sequence: SequenceState.nullable().default(null),
  staged: z.array(StagedChange),
  /** How many sources follow the stream now, by overlay ("scoreboard", "up-next", …; "feed" for other clients). */
  sources: z.record(z.string(), z.number()),
  /** The on-air duel's live layer (null: nothing on air, or not a duel). */
  live: LiveDesk.nullable().default(null),
  /** The name of the desk that runs the stream when it is another desk of the shared venue (null: this desk). */
  runBy: z.string().max(80).nullable().default(null),
})
export type StreamDesk = z.infer<typeof StreamDesk>

/** What a producer's action answers and `broadcast:changed` carries: the stream's desk and what it publishes now. */
export const StreamState = StreamDesk.extend({
  feed: Feed,
  /**
   * When main worked it out, as a number that only grows (from the clock at start, so a restarted main's are later):
   * a window keeps the latest state of each stream, whichever way (an answer, an event) it arrived first.
   */
  revision: z.number().int().min(0),
})
export type StreamState = z.infer<typeof StreamState>
