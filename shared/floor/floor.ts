// The venue floor as the desk, the venue board, door phones and Companion see it: stations, the match each plays,
// calls with their DQ deadline, and the inputs that change them (bounded like every input).
import { z } from 'zod'
import { LOCALES } from '../api/enums'
import { IdInput } from '../api/formats'
import { StationPlayers } from './players'

/** Stations a tournament may have, and how long a station's name may be. */
export const STATIONS_MAX = 256
export const STATION_NAME_MAX = 40
/** The DQ timer's default and bounds (seconds). */
export const DQ_DEFAULT_S = 300
export const DQ_MIN_S = 30
export const DQ_MAX_S = 3600
/** Matches the desk and the board list as "up next". */
export const UP_NEXT_MAX = 100

const stationName = (field: string) =>
  z
    .string({ error: `${field}: give a name` })
    .trim()
    .min(1, `${field}: give a name`)
    .max(STATION_NAME_MAX, `${field}: at most ${STATION_NAME_MAX} characters`)
    .regex(/^[^\p{Cc}<>]+$/u, `${field}: no control characters, < or >`)

/** One opponent as the floor names them: a participant, or what the slot waits for. */
export const FloorOpponent = z.object({
  name: z.string(),
  participantId: z.string().nullable(),
  /** Checked in at the venue, as the local copy says; null when unknown. */
  checkedIn: z.boolean().nullable(),
})

export const FloorMatch = z.object({
  id: z.string(),
  /** "Winners Round 2 Match 3" */
  label: z.string(),
  status: z.enum(['pending', 'running', 'completed']),
  scheduledAt: z.string().nullable(),
  opponents: z.array(FloorOpponent),
})

/** Why an up-next match is not ready: opponents not checked in (it may still be put on), a player on another station, or
 * a stream's match (neither may). */
export const UpNextWait = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('not-checked-in'), names: z.array(z.string()) }),
  z.object({ kind: z.literal('busy'), name: z.string(), station: z.string() }),
  z.object({ kind: z.literal('on-stream'), streams: z.array(z.string()) }),
])

/** A match of Up next with what it waits for (none: ready). */
export const UpNextMatch = FloorMatch.extend({ waits: z.array(UpNextWait) })

/** Whether an up-next match may go on a floor station now (only check-in may still be missing). */
export const placeable = (match: UpNextMatch): boolean => match.waits.every((wait) => wait.kind === 'not-checked-in')

/** A call: when, the DQ deadline, who has arrived (one flag per opponent), how many times it was called. */
export const FloorCall = z.object({
  calledAt: z.number(),
  deadline: z.number(),
  arrived: z.array(z.boolean()),
  times: z.number().int().min(1),
})

export const StationView = z.object({
  id: z.string(),
  /** 1-based, the order stations were made in: "call station N" from Companion. */
  number: z.number().int().min(1),
  name: z.string(),
  outOfOrder: z.boolean(),
  /** A stream's station plays that stream's match (on air, else the first of its queue). */
  stream: z.object({ id: z.string(), name: z.string() }).nullable(),
  match: FloorMatch.nullable(),
  call: FloorCall.nullable(),
  /** Its one-time code for the players' reports, and what they reported (the desk's only: null on a board). */
  players: StationPlayers.nullable(),
})

/** What the desk shows of a tournament's floor. */
export const FloorState = z.object({
  tournamentId: z.string(),
  tournament: z.string(),
  dqSeconds: z.number().int(),
  /**
   * The Discord-format webhook calls go to: its address is a secret (kept in the keychain, never sent back), so only
   * its host is shown; how many calls wait to go, and why the first has not gone yet.
   */
  webhook: z.object({
    host: z.string().nullable(),
    /** A host is set but its address is not stored on this machine (secrets lost): calls wait until it is entered. */
    missing: z.boolean(),
    waiting: z.number().int(),
    problem: z.string().nullable(),
  }),
  stations: z.array(StationView),
  /** Playable matches on no station, in bracket order, each with what it waits for (at most UP_NEXT_MAX). */
  upNext: z.array(UpNextMatch),
  /** The desk's clock when this was made, so a page counts down from its own clock's offset. */
  now: z.number(),
})

/** What a venue board shows: names and stations only, never the webhook. */
/** What a board shows: the floor without its webhook, and the tournament's language (players read it). */
export const BoardState = FloorState.omit({ webhook: true }).extend({ locale: z.enum(LOCALES) })

/** A call as it reaches a door phone: who, where, and the sentence to show. */
export const CallNotice = z.object({
  stationId: z.string(),
  station: z.string(),
  matchId: z.string(),
  opponents: z.array(z.string()),
  at: z.number(),
  deadline: z.number(),
  /** "Called: A vs B → Station 7" */
  text: z.string(),
})

const ofTournament = z.strictObject({ tournamentId: IdInput })
const ofStation = ofTournament.extend({ stationId: IdInput })

export const FloorInputs = {
  state: ofTournament,
  /** "Station 1–24": `prefix` then each number from `from` to `to`. */
  createStations: ofTournament.extend({
    prefix: stationName('prefix'),
    from: z
      .number({ error: 'from: a whole number' })
      .int('from: a whole number')
      .min(0, 'from: 0 to 9999')
      .max(9999, 'from: 0 to 9999'),
    to: z
      .number({ error: 'to: a whole number' })
      .int('to: a whole number')
      .min(0, 'to: 0 to 9999')
      .max(9999, 'to: 0 to 9999'),
  }),
  updateStation: ofStation.extend({
    name: stationName('name').optional(),
    outOfOrder: z.boolean().optional(),
    /** The stream whose matches this station plays; null: a floor station. */
    streamId: IdInput.nullable().optional(),
  }),
  deleteStation: ofStation,
  assign: ofStation.extend({ matchId: IdInput }),
  unassign: ofStation,
  autoAssign: ofTournament,
  call: ofStation,
  /** Opponent `opponent` (0-based) is at the station, or not. */
  arrived: ofStation.extend({
    opponent: z
      .number({ error: 'opponent: a whole number' })
      .int('opponent: a whole number')
      .min(0, 'opponent: 0 to 63')
      .max(63, 'opponent: 0 to 63'),
    arrived: z.boolean({ error: 'arrived: true or false' }),
  }),
  uncall: ofStation,
  players: ofStation.extend({ action: z.enum(['confirm', 'clear'], { error: 'action: confirm or clear' }) }),
  settings: ofTournament.extend({
    dqSeconds: z
      .number({ error: 'dqSeconds: a whole number of seconds' })
      .int('dqSeconds: a whole number of seconds')
      .min(DQ_MIN_S, `dqSeconds: at least ${DQ_MIN_S}`)
      .max(DQ_MAX_S, `dqSeconds: at most ${DQ_MAX_S}`)
      .optional(),
    /** A Discord webhook (https), or null for none. */
    webhookUrl: z.string().trim().max(512, 'webhookUrl: at most 512 characters').nullable().optional(),
  }),
}

export type FloorOpponent = z.infer<typeof FloorOpponent>
export type FloorMatch = z.infer<typeof FloorMatch>
export type UpNextWait = z.infer<typeof UpNextWait>
export type UpNextMatch = z.infer<typeof UpNextMatch>
export type FloorCall = z.infer<typeof FloorCall>
export type StationView = z.infer<typeof StationView>
export type FloorState = z.infer<typeof FloorState>
export type BoardState = z.infer<typeof BoardState>
export type CallNotice = z.infer<typeof CallNotice>

/** Seconds left before a call's DQ deadline (never below 0), or null when everyone has arrived. */
export function secondsLeft(call: FloorCall, now: number): number | null {
  if (call.arrived.length > 0 && call.arrived.every(Boolean)) return null
  return Math.max(0, Math.floor((call.deadline - now) / 1000))
}

/** "4:59" */
export function clockText(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
