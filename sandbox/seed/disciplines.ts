// The disciplines the Demo venue offers (ids, names, platforms, team sizes, features).
import type { DisciplineRecord } from '../store/records'

const feature = (name: string, type: string, options: Record<string, unknown> = {}) => ({ name, type, options })

export const DISCIPLINES: DisciplineRecord[] = [
  {
    id: 'counterstrike2',
    name: 'Counter-Strike 2',
    shortname: 'CS2',
    fullname: 'Counter-Strike 2',
    copyrights: 'Valve Corporation',
    platforms_available: ['pc'],
    team_size: { min: 5, max: 7 },
    features: [
      feature('map', 'select', { values: ['mirage', 'inferno', 'nuke', 'ancient', 'anubis', 'dust2', 'train'] }),
    ],
  },
  {
    id: 'streetfighter6',
    name: 'Street Fighter 6',
    shortname: 'SF6',
    fullname: 'Street Fighter 6',
    copyrights: 'Capcom Co., Ltd.',
    platforms_available: ['pc', 'playstation4', 'xbox_one'],
    team_size: { min: 1, max: 1 },
    features: [feature('character', 'select', { values: ['Ryu', 'Chun-Li', 'Juri', 'Ken', 'Luke'] })],
  },
  {
    id: 'rocketleague',
    name: 'Rocket League',
    shortname: 'RL',
    fullname: 'Rocket League',
    copyrights: 'Psyonix LLC',
    platforms_available: ['pc', 'playstation4', 'xbox_one', 'nintendo_switch'],
    team_size: { min: 3, max: 4 },
    features: [feature('rank', 'select', { values: ['gold', 'platinum', 'diamond', 'champion'] })],
  },
  {
    id: 'chess',
    name: 'Chess',
    shortname: 'Chess',
    fullname: 'Chess (rapid)',
    copyrights: 'Public domain',
    platforms_available: ['not_video_game'],
    team_size: { min: 1, max: 1 },
    features: [feature('rating', 'number', { min: 0, max: 3500 })],
  },
  {
    id: 'leagueoflegends',
    name: 'League of Legends',
    shortname: 'LoL',
    fullname: 'League of Legends',
    copyrights: 'Riot Games, Inc.',
    platforms_available: ['pc'],
    team_size: { min: 5, max: 6 },
    features: [feature('summoner_name', 'text')],
  },
  {
    id: 'tekken8',
    name: 'Tekken 8',
    shortname: 'T8',
    fullname: 'Tekken 8',
    copyrights: 'Bandai Namco Entertainment',
    platforms_available: ['pc', 'playstation4'],
    team_size: { min: 1, max: 1 },
    features: [],
  },
]
