// Enumerations of the interface: platforms, statuses, stage types, locales, node kinds.
export const PLATFORMS = [
  'pc',
  'playstation4',
  'playstation5',
  'xbox_one',
  'xbox_series',
  'nintendo_switch',
  'nintendo_switch2',
  'mobile',
  'playstation3',
  'xbox360',
  'playstation2',
  'playstation1',
  'ps_vita',
  'psp',
  'xbox',
  'wii_u',
  'wii',
  'gamecube',
  'nintendo64',
  'snes',
  'nes',
  '3ds',
  'ds',
  'game_boy',
  'dreamcast',
  'saturn',
  'megadrive',
  'master_system',
  'neo_geo',
  'tabletop',
  'other_platform',
  'not_video_game',
] as const
const NOT_ON_DISCIPLINES = new Set<string>(['playstation5', 'xbox_series', 'tabletop'])
export const DISCIPLINE_PLATFORMS = PLATFORMS.filter((p) => !NOT_ON_DISCIPLINES.has(p)) as unknown as readonly [
  string,
  ...string[],
]

export const TOURNAMENT_STATUSES = ['pending', 'running', 'completed'] as const
export const STAGE_STATUSES = ['pending', 'ready', 'running', 'completed'] as const
export const MATCH_STATUSES = ['pending', 'running', 'completed'] as const
export const STAGE_TYPES = [
  'single_elimination',
  'double_elimination',
  'bracket_groups',
  'custom_bracket',
  'pools',
  'gauntlet',
  'league',
  'swiss',
  'simple',
  'ffa_single_elimination',
  'ffa_bracket_groups',
  'ffa_custom_bracket',
  'ffa_league',
] as const
export const V1_STAGE_TYPES = [
  'group',
  'league',
  'swiss',
  'single_elimination',
  'double_elimination',
  'bracket_group',
] as const
export const GRAND_FINALS = ['none', 'simple', 'double'] as const
export const PARTICIPANT_TYPES = ['team', 'player'] as const
export const TOURNAMENT_PARTICIPANT_TYPES = ['team', 'single'] as const
export const LOCALES = ['en_US', 'en_GB', 'de', 'es', 'fr', 'pl', 'pt_BR', 'ar', 'id'] as const
export const NODE_TYPES = ['duel', 'ffa', 'bye'] as const
export const BRANCHES = ['wb', 'lb', 'gf'] as const
export const OPPONENT_RESULTS = ['win', 'draw', 'loss'] as const
export const SOURCE_TYPES = ['none', 'winner', 'loser'] as const
export const SCOPES = ['organizer:view', 'organizer:result', 'organizer:admin', 'organizer:participant'] as const
export type Scope = (typeof SCOPES)[number]
