// Where the desktop app keeps its data (Electron's userData for productName Matchdesk), and web mode's default folder.
import { homedir } from 'node:os'
import { join } from 'node:path'
import { DataFolderLock } from '../main/data-folder'

export function defaultDataDir(platform = process.platform, env = process.env, home = homedir()): string {
  if (platform === 'win32') return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), 'Matchdesk')
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Matchdesk')
  return join(env['XDG_CONFIG_HOME'] ?? join(home, '.config'), 'Matchdesk')
}

/** The desktop app's folder while it is free; a folder of web mode's own while the desktop app holds it. */
export function webDataDir(desktop = defaultDataDir()): string {
  if (!DataFolderLock.isHeld(desktop)) return desktop
  const own = `${desktop}-web`
  console.error(`The desktop app is using ${desktop}: web mode keeps its data in ${own} (or pass --data-dir).`)
  return own
}
