// The smoke test against real Electron: it runs where the binary is installed (the release workflow) and skips here.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.electron.test.ts'],
    globalSetup: ['./setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
})
