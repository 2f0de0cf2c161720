// Tests against a real OBS Studio (under Xvfb, software GL): run on their own after the unit tests, one file at a
// time, so OBS's rendering does not share the machine with the parallel unit run.
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    root: `${import.meta.dirname}/../..`,
    include: ['electron/**/*.obs.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
