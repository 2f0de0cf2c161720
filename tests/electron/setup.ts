// Before the smoke test, when an Electron binary exists: native modules built for Electron, and the app built to out/.
import { execFileSync } from 'node:child_process'
import { ensureNativeRuntime } from '../../build/tools/native-runtime'
import { PROJECT_ROOT } from '../support/paths'
import { electronBinary } from './electron-binary'

export default async function setup(): Promise<void> {
  // Checking a packaged build's fuses needs neither the dev build nor Electron's native modules.
  if (!('path' in electronBinary()) || process.env['MATCHDESK_PACKAGED_APP']) return
  await ensureNativeRuntime('electron')
  execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
  })
}
