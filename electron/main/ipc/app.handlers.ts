// Handlers of the app:* channels: what the status bar shows about the app, and opening a stream's page.
import { AppError } from '../app-error'
import type { Notice } from '../notice-log'
import type { HandlersOf } from './dispatch'

export interface AppPorts {
  version: string
  activeProfile(): { id: string; name: string; demo: boolean }
  notices(): Notice[]
  /** The system browser (shell.openExternal under Electron). */
  openBrowser(url: string): Promise<void>
}

export function appHandlers(ports: AppPorts): HandlersOf<'app'> {
  return {
    'app:info': () => ({ version: ports.version, profile: ports.activeProfile(), notices: ports.notices() }),
    'app:open-link': async ({ url }) => {
      if (new URL(url).protocol !== 'https:') {
        throw new AppError('validation', 'Only https addresses are opened in the browser.', { url: 'must be https' })
      }
      await ports.openBrowser(url)
      return { opened: true as const }
    },
  }
}
