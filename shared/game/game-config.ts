// The Game State Integration config file a game's observer PC needs to post to the hub: where, how often, with which
// token, and which parts of its state (Valve's format: the file in the game's cfg folder, read at the game's start).
import type { GameConfig } from './game-source'
import type { GsiGame } from './game-reading'

export type { GameConfig }

export const GAME_CONFIG_FILE = 'gamestate_integration_matchdesk.cfg'

/** Where each game reads its GSI files, under the Steam library that holds it. */
const FOLDERS: Record<GsiGame, string> = {
  cs2: 'steamapps/common/Counter-Strike Global Offensive/game/csgo/cfg',
  dota2: 'steamapps/common/dota 2 beta/game/dota/cfg/gamestate_integration',
}

/** What the game must be started with to read the file (Dota 2 reads none without it). */
const LAUNCH_OPTIONS: Record<GsiGame, string | null> = { cs2: null, dota2: '-gamestateintegration' }

/** The state each game is asked for: what the live layer reads, nothing of players' screens or inventories. */
const DATA: Record<GsiGame, string[]> = {
  cs2: ['provider', 'map', 'round', 'map_round_wins'],
  dota2: ['provider', 'map', 'draft'],
}

/** A value in Valve's KeyValues text: quoted, its quotes and backslashes escaped, one line. */
const quoted = (value: string) => `"${value.replace(/[\r\n]+/g, ' ').replace(/[\\"]/g, (c) => `\\${c}`)}"`

/**
 * The file for one stream: posts to the hub's game route with the source's token in the address and in the auth
 * block, at most ten times a second (throttle 0.1 s), a heartbeat every 10 s while nothing changes.
 */
export function gameConfig(game: GsiGame, options: { hubUrl: string; token: string; streamName: string }): GameConfig {
  const uri = `${options.hubUrl.replace(/\/+$/, '')}/game/v1/${game}?token=${encodeURIComponent(options.token)}`
  const lines = [
    quoted(`Matchdesk: ${options.streamName}`.slice(0, 80)),
    '{',
    `  "uri" ${quoted(uri)}`,
    '  "timeout" "1.1"',
    '  "buffer" "0.1"',
    '  "throttle" "0.1"',
    '  "heartbeat" "10.0"',
    '  "auth"',
    '  {',
    `    "token" ${quoted(options.token)}`,
    '  }',
    '  "data"',
    '  {',
    ...DATA[game].map((part) => `    ${quoted(part)} "1"`),
    '  }',
    '}',
    '',
  ]
  return {
    fileName: GAME_CONFIG_FILE,
    folder: FOLDERS[game],
    launchOption: LAUNCH_OPTIONS[game],
    text: lines.join('\n'),
  }
}
