// Paths tests share: the project root, the real bracket dumps kept as test fixtures, and the installed Electron's version.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

export const PROJECT_ROOT = resolve(import.meta.dirname, '../..')
export const REAL_FIXTURES_DIR = resolve(PROJECT_ROOT, 'tests/fixtures/real')

/** The version of the electron package in node_modules (its binary is not needed, nor available here). */
export const ELECTRON_VERSION = (
  JSON.parse(readFileSync(resolve(PROJECT_ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string }
).version
