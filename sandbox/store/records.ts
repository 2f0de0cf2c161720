// The sandbox's stored records: the widest form of each resource, from which every response form is cut.
import type { BracketNode, Stage } from '../../shared/api'
import type { TournamentOptions } from './tournament-options'

export interface TournamentRecord {
  id: string
  discipline: string
  name: string
  full_name: string | null
  participant_type: 'team' | 'single'
  size: number
  timezone: string
  platforms: string[]
  status: 'pending' | 'running' | 'completed'
  scheduled_date_start: string | null
  scheduled_date_end: string | null
  public: boolean
  online: boolean | null
  location: string | null
  country: string | null
  organization: string | null
  contact: string | null
  discord: string | null
  website: string | null
  /** description, rules and prize per locale; the first key is the tournament's default language. */
  texts: { description: Record<string, string>; rules: Record<string, string>; prize: Record<string, string> }
  archived: boolean
  featured: boolean
  locales: Record<string, { default: boolean }> | null
  logo: { id: string } | null
  background: { id: string } | null
  thumbnail: { id: string } | null
  team_min_size?: number
  team_max_size?: number
  circuit: null
  circuit_season: null
  circuit_region: null
  circuit_tier: null
  /** Registration, check-in and match report options, every field of the form. */
  options: TournamentOptions
}

export interface LineupMember {
  name: string
  email: string | null
  country: string | null
  birth_date: string | null
  game_id: string | null
  custom_user_identifier: string | null
  custom_fields: Record<string, unknown>
  properties: Record<string, unknown>
  user_id: string | null
  logo: { id: string } | null
}

export interface ParticipantRecord {
  id: string
  tournament_id: string
  type: 'player' | 'team'
  name: string
  email: string | null
  custom_user_identifier: string | null
  checked_in: boolean
  checked_in_at: string | null
  custom_fields: Record<string, unknown>
  properties: Record<string, unknown>
  user_id: string | null
  created_at: string
  logo: { id: string } | null
  country: string | null
  birth_date: string | null
  game_id: string | null
  lineup: LineupMember[]
}

export interface GroupRecord {
  id: string
  stage_id: string
  number: number
  name: string
}

export interface RoundRecord {
  id: string
  stage_id: string
  group_id: string
  number: number
}

export type StageRecord = Stage & {
  match_settings: NonNullable<Stage['match_settings']>
  auto_placement_enabled: boolean
}
export type NodeRecord = BracketNode
export interface StreamRecord {
  id: string
  tournament_id: string
  name: string
  url: string
  language: string
}

export interface DisciplineRecord {
  id: string
  name: string
  shortname: string
  fullname: string
  copyrights: string
  platforms_available: string[]
  team_size: { min: number; max: number }
  features: { name: string; type: string; options: Record<string, unknown> }[]
}
