// Handlers of the app:* channels: what the status bar shows about the app and the active connection.
import type { Notice } from '../notice-log'
import type { HandlersOf } from './dispatch'

export interface AppInfoPorts {
  version: string
  activeProfile(): { id: string; name: string; demo: boolean }
  notices(): Notice[]
}

export function appHandlers(ports: AppInfoPorts): HandlersOf<'app'> {
  return {
    'app:info': () => ({ version: ports.version, profile: ports.activeProfile(), notices: ports.notices() }),
  }
}
