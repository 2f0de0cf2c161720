// Channel → input and output schemas: the one declaration both sides of the IPC bridge take their types from.
import { z } from 'zod'
import * as api from '../api'
import type { Channel } from './channels'
import { BracketFilters, ParticipantFilters, StreamFilters, TournamentFilters } from './filters'
import { AuthStatus, ProfileInput, ProfileView } from './profiles'

export const AppInfo = z.object({
  version: z.string(),
  profile: z.object({ id: z.string(), name: z.string(), demo: z.boolean() }),
})

const none = z.strictObject({})
const byId = z.strictObject({ id: api.Id })
const ofTournament = z.strictObject({ tournamentId: api.Id })
const removed = z.object({ id: z.string() })

export const contract = {
  'app:info': { input: none, output: AppInfo },

  'profiles:list': { input: none, output: z.array(ProfileView) },
  'profiles:save': { input: ProfileInput, output: ProfileView },
  'profiles:delete': { input: byId, output: removed },
  'profiles:activate': { input: byId, output: ProfileView },
  'auth:sign-in': { input: none, output: AuthStatus },
  'auth:sign-out': { input: none, output: AuthStatus },
  'auth:status': { input: none, output: AuthStatus },

  'tournaments:list': { input: z.strictObject({ filters: TournamentFilters.default({}) }), output: z.array(api.TournamentListItem) },
  'tournaments:get': { input: byId, output: api.Tournament },
  'tournaments:create': { input: z.strictObject({ body: api.TournamentCreate }), output: api.Tournament },
  'disciplines:list': { input: none, output: z.array(api.DisciplineSummary) },
  'disciplines:get': { input: byId, output: api.DisciplineDetail },

  'stages:list': { input: ofTournament, output: z.array(api.Stage) },
  'stages:create': { input: z.strictObject({ body: api.StageCreate }), output: api.Stage },
  'stages:update': { input: z.strictObject({ id: api.Id, body: api.StageUpdate }), output: api.Stage },
  'stages:delete': { input: byId, output: removed },

  'participants:list': { input: ofTournament.extend({ filters: ParticipantFilters.default({}) }), output: z.array(api.Participant) },
  'participants:get': { input: byId, output: api.ParticipantDetailed },
  'participants:create': { input: z.strictObject({ body: api.ParticipantCreate }), output: api.ParticipantDetailed },
  'participants:delete': { input: byId, output: removed },

  'streams:list': { input: ofTournament.extend({ filters: StreamFilters.default({}) }), output: z.array(api.Stream) },
  'bracket:nodes': { input: ofTournament.extend({ filters: BracketFilters.default({}) }), output: z.array(api.BracketNode) },
  'match-streams:get': { input: z.strictObject({ matchId: api.Id }), output: z.array(z.string()) },
} satisfies Record<Channel, { input: z.ZodType; output: z.ZodType }>

export type Contract = typeof contract
export type Input<C extends Channel> = z.input<Contract[C]['input']>
export type Output<C extends Channel> = z.output<Contract[C]['output']>
