// The Electron main process: lifecycle and wiring only.
import { app, BrowserWindow, dialog, ipcMain, shell } from 'electron'
import { fileURLToPath } from 'node:url'
import { createMainServices, type MainServices } from './composition'
import { registerIpc } from './ipc/register'
import { isAppUrl, type AppLocation } from './app-origin'
import { createMainWindow, lockDownSession } from './window'
import { isOpenableUrl } from './external-links'
import { KeychainCredentialStore } from './secrets/keychain'
import { claimSingleInstance } from './single-instance'
import { DEFAULT_HUB_PORT } from './hub/hub-server'

const location: AppLocation = {
  rendererFile: fileURLToPath(new URL('../renderer/index.html', import.meta.url)),
  devServerUrl: app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'],
}
const preloadPath = fileURLToPath(new URL('../preload/index.cjs', import.meta.url))
/** OBS sources point at this port; MATCHDESK_HUB_PORT moves it (a taken port falls back to a free one, with a notice). */
const hubPort = Number(process.env['MATCHDESK_HUB_PORT'] ?? DEFAULT_HUB_PORT)

app.enableSandbox()
let services: MainServices | undefined

async function start(): Promise<void> {
  if (!claimSingleInstance(app, () => BrowserWindow.getAllWindows()[0])) return
  await app.whenReady()
  lockDownSession()
  services = await createMainServices({
    version: app.getVersion(),
    dataDir: app.getPath('userData'),
    processKind: 'the Matchdesk desktop app',
    hub: { port: hubPort, pagesDir: fileURLToPath(new URL('../renderer', import.meta.url)) },
    credentials: new KeychainCredentialStore(),
    openBrowser: async (url) => {
      if (!isOpenableUrl(url))
        throw new Error('Matchdesk opens only https pages (and its own loopback sign-in page) in the browser.')
      await shell.openExternal(url)
    },
  })
  registerIpc(ipcMain, services.dispatch, (url) => isAppUrl(location, url))
  services.bus.subscribe((event, payload) => {
    for (const window of BrowserWindow.getAllWindows()) window.webContents.send(event, payload)
  })
  createMainWindow(location, preloadPath)
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(location, preloadPath)
  })
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})
app.on('will-quit', () => {
  void services?.close()
})

// let go: said to the person in a dialog (and logged by the composition when the data folder's log was open)
start().catch((error: unknown) => {
  console.error('Matchdesk failed to start:', error)
  // A data folder held by web mode, for one, must be said where the person looks, not only in a log.
  dialog.showErrorBox('Matchdesk could not start', error instanceof Error ? error.message : String(error))
  app.exit(1)
})
