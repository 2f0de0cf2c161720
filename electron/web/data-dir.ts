// Where the desktop app keeps its data (Electron's userData for productName Matchdesk), for web mode's default.
import { homedir } from 'node:os'
import { join } from 'node:path'

export function defaultDataDir(platform = process.platform, env = process.env, home = homedir()): string {
  if (platform === 'win32') return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), 'Matchdesk')
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Matchdesk')
  return join(env['XDG_CONFIG_HOME'] ?? join(home, '.config'), 'Matchdesk')
}
