// Tests that need the OS keychain; run inside a D-Bus session with gnome-keyring (tests/keychain/with-keyring.sh).
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
