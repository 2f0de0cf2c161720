// Tests that need the OS keychain; tests/keychain/run.ts gives them one (a private gnome-keyring on Linux).
import { defineConfig } from 'vitest/config'
import { resolve } from 'node:path'

export default defineConfig({
  test: {
    root: resolve(import.meta.dirname, '../..'),
    include: ['**/*.keychain.test.ts'],
    exclude: ['**/node_modules/**'],
    testTimeout: 30_000,
  },
})
