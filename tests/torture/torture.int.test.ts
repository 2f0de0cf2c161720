// The torture test: 1,000 random writes, 30 workers killed (SIGKILL) at random points, a faulty service, identical
// streams made by someone else — 0 lost, 0 duplicated, nobody else's stream touched.
import { describe, expect, it } from 'vitest'
import { runTorture } from './run'

const seed = Number(process.env['TORTURE_SEED'] ?? Math.floor(Math.random() * 1_000_000))

describe('torture', () => {
  it(`ends with the service equal to the model of acknowledged writes (seed ${seed}; replay with TORTURE_SEED=${seed})`, async () => {
    console.log(`torture seed: ${seed}`)
    const report = await runTorture({ seed, operations: 1000, log: (line) => console.log(line) })
    console.log(JSON.stringify(report))
    expect(report.lost).toEqual([])
    expect(report.duplicated).toEqual([])
    expect(report.wrong).toEqual([])
    expect(report.attention).toBe(0)
    expect(report.pending).toBe(0)
    expect(report.integrity).toBe('ok')
    expect(report.kills).toBeGreaterThan(5)
    expect(report.twins).toBe(25)
    expect(report.checkinsWritten).toBeGreaterThan(15)
    expect(report.checkinsChangedOnService).toBe(report.checkinsWritten)
  }, 600_000)
})
