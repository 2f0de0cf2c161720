// Channel → input and output schemas: the one declaration both sides of the IPC bridge take their types from.
import { z } from 'zod'
import * as api from '../api'
import { BracketFilters, ParticipantFilters, StreamFilters, TournamentFilters } from './filters'
import { AuthStatus, ChosenTournament, ConnectionTestReport, ProfileInput, ProfileView } from './profiles'
import { Casters, Feed, ScoreSource, StreamState } from '../broadcast/feed'
import { LivePress, PickImageItem, PickLists, PickText, Side } from '../broadcast/live-layer'
import { ObsPassword, ObsPreview, ObsSettings, ObsSetupReport, ObsState, ObsTestReport } from '../broadcast/obs'
import { VodChapters } from '../broadcast/vod-chapters'
import { ReplayPress } from '../broadcast/replay'
import { SequenceEvent, SequenceSteps, ShowSequences } from '../broadcast/show-sequence'
import { AirtimeReport, Sponsor, SponsorFields, SponsorImageInput, SPONSOR_LIMITS } from '../broadcast/sponsors'
import { AppNotice } from './events'
import { CheckinOutcome, CheckinPerson } from '../checkin/outcome'
import { HubConfigure, HubStatus, PairInput, PairingCode, PlayersPage } from './hub'
import { FoundDesk, HandOver, JoinVenue, SharingState } from '../venue/sharing'
import { AuditPage, AuditQuery, SetOperator, SetRole, VenueRoles } from '../venue/roles'
import { FloorInputs, FloorState } from '../floor/floor'
import { SyncStatus, cached, isListAnswer, receipt } from './sync'
import { PageLines } from '../log/page-lines'
import { GsiGame } from '../game/game-reading'
import { GameAddress, GameConfig, GameSourceView, PgnLocation } from '../game/game-source'

export const AppInfo = z.object({
  version: z.string(),
  profile: z.object({ id: z.string(), name: z.string(), demo: z.boolean() }),
  /** What main had to tell since it started (a damaged file moved aside), for a window that opened after. */
  notices: z.array(AppNotice),
})

const none = z.strictObject({})
const byId = z.strictObject({ id: api.IdInput })
const ofTournament = z.strictObject({ tournamentId: api.IdInput })
const ofStream = z.strictObject({ streamId: api.IdInput })
/** A stream's queue in one reorder: far more than any stream shows in a day. */
const LIMITS_QUEUE = 1000
const removed = z.object({ id: z.string() })
/** Repeating a write with the same requestId answers the first receipt instead of writing twice. */
const requestId = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7e]+$/, 'requestId must be printable ASCII without spaces')
  .optional()
const StreamFields = z.strictObject({
  name: api.StreamUpdate.shape.name,
  url: api.AppStreamUpdate.shape.url,
  language: api.StreamUpdate.shape.language,
})

/** The outcome of a check-in at the desk, with the participant as the local copy now has them (to show at once). */
const DeskCheckin = CheckinOutcome.extend({ updated: api.Participant.nullable() })

export const contract = {
  'app:info': { input: none, output: AppInfo },
  /** Opens an https address (a stream's page) in the system browser; nothing else is opened. */
  'app:open-link': {
    input: z.strictObject({ url: api.uri('url', 2000) }),
    output: z.object({ opened: z.literal(true) }),
  },
  /** The window's failures into main's log (bounded lines, a budget a minute): the page has no log of its own. */
  'log:page': { input: PageLines, output: z.object({ written: z.number().int().nonnegative() }) },

  'profiles:list': { input: none, output: z.array(ProfileView) },
  'profiles:save': { input: ProfileInput, output: ProfileView },
  /** Tries a connection as the form has it (stored secrets fill in where they may go): service, token, one read. */
  'profiles:test': { input: ProfileInput, output: ConnectionTestReport },
  'profiles:delete': { input: byId, output: removed },
  'profiles:activate': { input: byId, output: ProfileView },
  /** Starts the Demo venue over: its tournaments and the Demo connection's local copy, outbox and producer's desk. */
  'profiles:reset-demo': { input: none, output: ProfileView },
  /** The tournament the views work on, kept per connection; null when none is chosen. */
  'profiles:chosen-tournament': { input: none, output: ChosenTournament.nullable() },
  'profiles:choose-tournament': {
    input: z.strictObject({ tournament: ChosenTournament.nullable() }),
    output: ChosenTournament.nullable(),
  },
  'auth:sign-in': { input: none, output: AuthStatus },
  'auth:sign-out': { input: none, output: AuthStatus },
  /** Stops waiting for a browser sign-in; it answers "cancelled". */
  'auth:cancel-sign-in': { input: none, output: AuthStatus },
  'auth:status': { input: none, output: AuthStatus },

  'tournaments:list': {
    input: z.strictObject({ filters: TournamentFilters.default({}) }),
    output: cached(api.TournamentListItem),
  },
  'tournaments:get': { input: byId, output: api.Tournament },
  'tournaments:create': { input: z.strictObject({ body: api.TournamentCreate }), output: api.Tournament },
  'disciplines:list': { input: none, output: z.array(api.DisciplineSummary) },
  'disciplines:get': { input: byId, output: api.DisciplineDetail },

  'stages:list': { input: ofTournament, output: cached(api.Stage) },
  'stages:create': { input: z.strictObject({ body: api.StageCreate }), output: api.Stage },
  'stages:update': { input: z.strictObject({ id: api.IdInput, body: api.StageUpdate }), output: api.Stage },
  'stages:delete': { input: byId, output: removed },

  'participants:list': {
    input: ofTournament.extend({ filters: ParticipantFilters.default({}) }),
    output: cached(api.Participant),
  },
  'participants:get': { input: byId, output: api.ParticipantDetailed },
  'participants:create': { input: z.strictObject({ body: api.ParticipantCreate }), output: api.ParticipantDetailed },
  'participants:delete': { input: byId, output: removed },

  'streams:list': { input: ofTournament.extend({ filters: StreamFilters.default({}) }), output: cached(api.Stream) },
  'bracket:nodes': {
    input: ofTournament.extend({ filters: BracketFilters.default({}) }),
    output: cached(api.BracketNode),
  },
  /**
   * A live tick of a cached list: a bracket reads only what can change (its frontier and a rolling window), other
   * lists are read whole; `full` reads a bracket whole too. Views hear what changed through cache:updated.
   */
  'cache:refresh': {
    input: z.strictObject({
      resource: z.enum(['tournaments', 'stages', 'participants', 'nodes', 'streams']),
      scope: api.IdInput,
      full: z.boolean().optional(),
    }),
    output: z.object({ requests: z.number(), changed: z.number(), refreshedAt: z.number().nullable() }),
  },
  'match-streams:get': {
    input: z.strictObject({ matchId: api.IdInput }),
    output: z.object({ streamIds: z.array(z.string()), refreshedAt: z.number().nullable() }),
  },

  'match-streams:of-tournament': { input: ofTournament, output: z.record(z.string(), z.array(z.string())) },

  'checkin:set': {
    input: z.strictObject({ participantId: api.IdInput, checkedIn: z.boolean(), requestId }),
    output: receipt(api.Participant),
  },
  /** A code scanned or typed at the desk, decided by the one check-in decision the doors use too. */
  'checkin:scan': {
    input: z.strictObject({
      tournamentId: api.IdInput,
      code: z
        .string({ error: 'code: scan or type a badge code' })
        .trim()
        .min(1, 'code: scan or type a badge code')
        .max(128, 'code: at most 128 characters'),
    }),
    output: DeskCheckin,
  },
  /** One person chosen at the desk (a code that named several): checked in or out by the same decision. */
  'checkin:decide': {
    input: z.strictObject({ tournamentId: api.IdInput, participantId: api.IdInput, checkedIn: z.boolean() }),
    output: DeskCheckin,
  },
  /** Everyone with when and where they were checked in at this venue (desk or door), as doors see them. */
  'checkin:people': { input: ofTournament, output: z.array(CheckinPerson) },
  'participants:update': {
    input: z.strictObject({ id: api.IdInput, body: api.openInput('body'), requestId }),
    output: receipt(api.Participant),
  },
  'streams:create': { input: z.strictObject({ body: api.AppStreamCreate, requestId }), output: receipt(api.Stream) },
  'streams:update': {
    input: z.strictObject({ id: api.IdInput, body: StreamFields, requestId }),
    output: receipt(api.Stream),
  },
  'streams:delete': { input: z.strictObject({ id: api.IdInput, requestId }), output: receipt(removed) },
  'match-streams:replace': {
    input: z.strictObject({ matchId: api.IdInput, streamIds: api.MatchStreamIds, requestId }),
    output: receipt(z.object({ matchId: z.string(), streamIds: z.array(z.string()) })),
  },
  'sync:status': { input: none, output: SyncStatus },
  'sync:retry': { input: z.strictObject({ seq: z.number().int() }), output: SyncStatus },
  'sync:discard': { input: z.strictObject({ seq: z.number().int() }), output: SyncStatus },

  'broadcast:status': {
    input: ofTournament,
    output: z.object({ hub: z.string(), streams: z.array(StreamState) }),
  },
  'broadcast:feed': { input: ofStream, output: Feed },
  'broadcast:take': {
    /** `undecided`: the producer confirmed putting on air a match whose opponents are not all known yet. */
    input: ofStream.extend({ matchId: api.IdInput, undecided: z.boolean().optional() }),
    output: StreamState,
  },
  'broadcast:next': { input: ofStream, output: StreamState },
  'broadcast:order': {
    input: ofStream.extend({
      matchIds: z.array(api.IdInput).max(LIMITS_QUEUE, `a queue holds at most ${LIMITS_QUEUE} matches`),
    }),
    output: StreamState,
  },
  'broadcast:hold': { input: ofStream.extend({ held: z.boolean() }), output: StreamState },
  /** The technical-difficulties key down (the card on air, the rest held) or up (the stream as it was). */
  'broadcast:difficulties': { input: ofStream.extend({ down: z.boolean() }), output: StreamState },
  'broadcast:apply': {
    /** One staged change (matchId and field), every change of one match (matchId), or all of them (neither). */
    input: ofStream.extend({
      matchId: api.IdInput.optional(),
      field: z
        .string()
        .max(64, 'field: at most 64 characters')
        .regex(/^[a-zA-Z]+(\.\d+\.[a-zA-Z]+)?$/, 'field: a staged change’s field, such as opponents.0.name')
        .optional(),
    }),
    output: StreamState,
  },
  'broadcast:casters': { input: ofStream.extend({ casters: Casters }), output: StreamState },
  /** A press on the live layer of the stream's on-air match: +1/−1 a side, a game's winner, swap sides. */
  'broadcast:live': { input: ofStream.extend({ press: LivePress }), output: StreamState },
  /** Takes back the last press on the on-air match. */
  'broadcast:undo': { input: ofStream, output: StreamState },
  /** This desk runs the stream from now on, going on from another desk's desk of it (the page asked first). */
  'broadcast:take-over': { input: ofStream, output: StreamState },
  /** The stream's game source (CS2's or Dota 2's state, Rocket League's feed), or null: the stream follows no game. */
  'game:source': { input: ofStream, output: GameSourceView.nullable() },
  /**
   * The stream follows a game from now on: a new token (the old one refused), answered once inside the config file
   * for the observer PC (the desk keeps only its hash).
   */
  'game:connect': { input: ofStream.extend({ game: GsiGame }), output: GameConfig },
  /** The stream follows Rocket League from now on: the desk reads the game's Stats API at `address` (host:port). */
  'game:listen': { input: ofStream.extend({ address: GameAddress }), output: GameSourceView },
  /** The stream follows a chess PGN feed from now on: a file's full path, or an http(s) address, read every 2 s. */
  'game:pgn': { input: ofStream.extend({ location: PgnLocation }), output: GameSourceView },
  /** The Demo venue's chess boards for the stream's tournament (a PGN address), or null: not the Demo, not chess. */
  'game:demo-boards': { input: ofStream, output: z.string().nullable() },
  /** Which bracket side plays the game's first team (CT now, Radiant, Blue) in the game being played, as a person says. */
  'game:side': { input: ofStream.extend({ firstSide: Side }), output: GameSourceView },
  /** The stream follows no game any more: its token is refused. */
  'game:disconnect': { input: ofStream, output: z.null() },
  /** Where the stream's on-air scores come from: the room's live layer, or the service only. */
  'broadcast:scores': { input: ofStream.extend({ scores: ScoreSource }), output: StreamState },
  /** The picks and maps kept for the tournament's discipline, offered as a producer types them. */
  'broadcast:pick-lists': { input: ofTournament, output: PickLists },
  'broadcast:set-pick-lists': { input: ofTournament.extend({ lists: PickLists }), output: PickLists },
  /** The items of the discipline's lists that have an image (where the hub serves each). */
  'broadcast:pick-images': { input: ofTournament, output: z.array(PickImageItem) },
  /** Keeps an item's image (a PNG, JPEG or WebP, as a sponsor's logo), or forgets it (null); answers the list. */
  'broadcast:set-pick-image': {
    input: ofTournament.extend({
      list: z.enum(['picks', 'maps'], { error: 'list: picks or maps' }),
      item: PickText.pipe(z.string({ error: 'item: required' })),
      image: SponsorImageInput.nullable(),
    }),
    output: z.array(PickImageItem),
  },
  /** The stream's show sequences, per event (its edits, else the defaults). */
  'broadcast:sequences': { input: ofStream, output: ShowSequences },
  /** Keeps one event's steps for the stream (null: back to the defaults); answers the stream's sequences. */
  'broadcast:set-sequence': {
    input: ofStream.extend({ event: SequenceEvent, steps: SequenceSteps.nullable() }),
    output: ShowSequences,
  },
  /** The sequence running on the stream fast-forwarded or cancelled, or the game-start one started by hand. */
  'broadcast:sequence': {
    input: ofStream.extend({ command: z.enum(['fast-forward', 'cancel', 'game-start']) }),
    output: StreamState,
  },
  /** The stream's VOD chapters: what went on air since the start the producer marked. */
  'broadcast:chapters': { input: ofStream, output: VodChapters },
  /** Marks now as the stream's start (the VOD's 0:00) and answers its chapters from there. */
  'broadcast:mark-start': { input: ofStream, output: VodChapters },

  'hub:status': { input: none, output: HubStatus },
  'hub:configure': { input: HubConfigure, output: HubStatus },
  'hub:pair': { input: PairInput, output: PairingCode },
  /** The players' page of a tournament: its address on the players' own origin, and a QR code to print. */
  'hub:players-page': { input: FloorInputs.state, output: PlayersPage },
  'hub:revoke': { input: z.strictObject({ deviceId: api.IdInput }), output: HubStatus },
  'hub:rotate-control-token': { input: none, output: HubStatus },
  'obs:state': { input: ofStream, output: ObsState },
  /** Saves a stream's OBS (password: a new one; null forgets it; absent keeps it) and connects. */
  'obs:configure': {
    input: ofStream.extend({ settings: ObsSettings, password: ObsPassword.nullable().optional() }),
    output: ObsState,
  },
  'obs:test': {
    input: ofStream.extend({ settings: ObsSettings, password: ObsPassword.optional() }),
    output: ObsTestReport,
  },
  'obs:scene': { input: ofStream.extend({ scene: z.string().min(1).max(100) }), output: ObsState },
  'obs:forget': { input: ofStream, output: ObsState },
  /** What OBS's program shows now, small (the column asks every few seconds while the desk is visible). */
  'obs:preview': { input: ofStream, output: ObsPreview },
  /** Makes (or completes) the stream's scene collection in its OBS: scenes, overlays and text sources; answers what. */
  'obs:setup': { input: ofStream, output: ObsSetupReport },
  /** Instant replay (key R): the buffer saved and played in the Replay scene, then back; answers the stream's OBS. */
  'obs:replay': { input: ofStream.extend({ press: ReplayPress.optional() }), output: ObsState },

  /** The venue floor (kept locally: the service has no stations); each answers the floor's new state. */
  'floor:state': { input: FloorInputs.state, output: FloorState },
  'floor:create-stations': { input: FloorInputs.createStations, output: FloorState },
  'floor:update-station': { input: FloorInputs.updateStation, output: FloorState },
  'floor:delete-station': { input: FloorInputs.deleteStation, output: FloorState },
  'floor:assign': { input: FloorInputs.assign, output: FloorState },
  'floor:unassign': { input: FloorInputs.unassign, output: FloorState },
  'floor:auto-assign': { input: FloorInputs.autoAssign, output: FloorState },
  /** Calls a station's match, or calls it again (the DQ timer starts over). */
  'floor:call': { input: FloorInputs.call, output: FloorState },
  'floor:arrived': { input: FloorInputs.arrived, output: FloorState },
  'floor:uncall': { input: FloorInputs.uncall, output: FloorState },
  'floor:settings': { input: FloorInputs.settings, output: FloorState },
  /** Staff confirm a station's players' agreed result, or clear their reports (a judge settled a dispute). */
  'floor:players': { input: FloorInputs.players, output: FloorState },

  /** Whether this desk hosts the venue, joined another's, or works alone. */
  'venue:sharing': { input: none, output: SharingState },
  /** Joins the venue hosted at another desk's hub with a pairing code made there for a desk. */
  'venue:join': { input: JoinVenue, output: SharingState },
  /** Leaves the venue joined: this desk works alone from now on, with its copy as it stands. */
  'venue:leave': { input: none, output: SharingState },
  /** The desks whose hubs answer on the venue network within a few seconds (mDNS), this desk's own left out. */
  'venue:find': { input: none, output: z.array(FoundDesk).max(32) },
  /** The head organiser hands the venue's hosting to another desk of it. */
  'venue:hand-over': { input: HandOver, output: SharingState },
  /** The head organiser removes another desk from the venue: its key opens no hub, the majority is counted without it. */
  'venue:remove-desk': { input: HandOver, output: SharingState },
  /** Each desk of the venue with its role and operator. */
  'venue:roles': { input: none, output: VenueRoles },
  /** The person at this desk now (the audit log names them). */
  'venue:set-operator': { input: SetOperator, output: VenueRoles },
  /** The head organiser gives a desk a role. */
  'venue:set-role': { input: SetRole, output: VenueRoles },
  /** The audit log: every change to the shared venue with who, when and what, newest first. */
  'venue:audit': { input: AuditQuery, output: AuditPage },
  /** The audit log's matching entries as a CSV file's text. */
  'venue:audit-csv': { input: AuditQuery.omit({ limit: true }), output: z.string() },

  /** The venue's sponsor slots in rotation order; each change answers them all. */
  'sponsors:list': { input: none, output: z.array(Sponsor) },
  'sponsors:add': { input: SponsorFields.extend({ image: SponsorImageInput }), output: z.array(Sponsor) },
  /** A slot's name and seconds, and its image when one is given. */
  'sponsors:update': {
    input: SponsorFields.extend({ id: api.IdInput, image: SponsorImageInput.optional() }),
    output: z.array(Sponsor),
  },
  'sponsors:reorder': {
    input: z.strictObject({
      ids: z.array(api.IdInput).max(SPONSOR_LIMITS.count, `ids: at most ${SPONSOR_LIMITS.count} sponsors`),
    }),
    output: z.array(Sponsor),
  },
  'sponsors:remove': { input: byId, output: z.array(Sponsor) },
  /** A slot's image as a data URL, for the desk's list. */
  'sponsors:image': { input: byId, output: z.object({ url: z.string() }) },
  /** Each sponsor's seconds on air per stream, counted up to now. */
  'sponsors:airtime': { input: none, output: AirtimeReport },
  /** Counting starts again from now (a new event day); answers the empty report. */
  'sponsors:reset-airtime': { input: none, output: AirtimeReport },
} satisfies Record<string, { input: z.ZodType; output: z.ZodType }>

export type Contract = typeof contract
/** Every channel is a key of the contract: adding one there (and its handler) is all it takes. */
export type Channel = keyof Contract
export const CHANNELS = Object.keys(contract) as Channel[]

export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.hasOwn(contract, name)
}

/** The channels that answer a list a view keeps (`cached(…)`, thousands of items at a large event): packed. */
export const PACKED_CHANNELS: ReadonlySet<string> = new Set(
  CHANNELS.filter((channel) => isListAnswer(contract[channel].output)),
)
export type Input<C extends Channel> = z.input<Contract[C]['input']>
export type Output<C extends Channel> = z.output<Contract[C]['output']>
