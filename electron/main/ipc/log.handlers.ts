// Handlers of the log:* channels: the window's failures written to main's log as the desk's page.
import type { PageLog } from '../page-log'
import type { HandlersOf } from './dispatch'

export function logHandlers(pages: PageLog): HandlersOf<'log'> {
  return {
    'log:page': ({ lines }) => ({ written: pages.write('desk window', lines) }),
  }
}
