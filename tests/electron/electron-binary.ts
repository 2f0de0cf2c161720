// Where the installed Electron binary is, or why there is none (its download is skipped or impossible on this machine).
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

export function electronBinary(): { path: string } | { why: string } {
  try {
    const path = createRequire(import.meta.url)('electron') as string
    return existsSync(path) ? { path } : { why: `the Electron binary is not at ${path}` }
  } catch (error) {
    return {
      why:
        `the Electron binary is not installed (${error instanceof Error ? error.message : String(error)}); ` +
        'npm ci with ELECTRON_SKIP_BINARY_DOWNLOAD, or a machine without network, leaves it out',
    }
  }
}
