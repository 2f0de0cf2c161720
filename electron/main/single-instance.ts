// One desktop app per user session: a second launch hands over to the first, which shows its window.
import type { App, BrowserWindow } from 'electron'

type InstanceApp = Pick<App, 'requestSingleInstanceLock' | 'on' | 'quit'>

/** False when another instance runs (this one should quit); otherwise wires the focus of the first window. */
export function claimSingleInstance(app: InstanceApp, firstWindow: () => BrowserWindow | undefined): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  app.on('second-instance', () => {
    const window = firstWindow()
    if (!window) return
    if (window.isMinimized()) window.restore()
    window.show()
    window.focus()
  })
  return true
}
