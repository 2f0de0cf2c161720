// The main BrowserWindow and its locks: sandboxed renderer, CSP, navigation pinned to the app, no popups, no permissions.
import { BrowserWindow, session } from 'electron'
import { isAppUrl, type AppLocation } from './app-origin'
import { CONTENT_SECURITY_POLICY } from './csp'

/** Session-wide rules: the CSP header on every response and every permission request denied. */
export function lockDownSession(target = session.defaultSession): void {
  target.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    })
  })
  target.setPermissionRequestHandler((_webContents, _permission, callback) => callback(false))
  target.setPermissionCheckHandler(() => false)
}

export function createMainWindow(location: AppLocation, preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    title: 'Matchdesk',
    backgroundColor: '#14161a',
    show: false,
    // Written out in place (not spread from a constant) so static checks such as electronegativity can read it.
    webPreferences: {
      preload: preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: false,
      // Middle-click would open links in new windows; the window-open handler denies them, and this stops the event.
      disableBlinkFeatures: 'Auxclick',
    },
  })
  const contents = window.webContents
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(location, url)) event.preventDefault()
  })
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(location, url)) event.preventDefault()
  })
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(() => ({ action: 'deny' }))
  window.once('ready-to-show', () => window.show())

  if (location.devServerUrl) void window.loadURL(location.devServerUrl)
  else void window.loadFile(location.rendererFile)
  return window
}
