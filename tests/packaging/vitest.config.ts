// Packaging tests: build the app and package it with electron-builder --dir around a stub Electron.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.int.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 300_000,
  },
})
