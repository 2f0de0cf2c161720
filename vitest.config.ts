// Unit and integration tests (Node); browser end-to-end tests have their own config in tests/e2e.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['{electron,shared,sandbox,renderer,tests/lint,tests/torture}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/*.keychain.test.ts'],
    testTimeout: 20_000,
  },
})
