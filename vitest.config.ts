// Unit and integration tests in Node, and renderer component tests in happy-dom; browser e2e has its own config.
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    testTimeout: 20_000,
    projects: [
      {
        test: {
          name: 'node',
          include: [
            '{electron,shared,sandbox,build,tests/lint,tests/security,tests/torture}/**/*.test.ts',
            'companion-module/src/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.keychain.test.ts', '**/*.obs.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [svelte()],
        resolve: { conditions: ['browser'] },
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['renderer/src/test-support/setup.ts'],
        },
      },
    ],
  },
})
