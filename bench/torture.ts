// The longer torture run: half as many writes again as the one in npm test (1,500, about 70 kills, some three minutes
// here, so the whole bench stays within ten), TORTURE_OPERATIONS for a longer one; prints the report as JSON figures.
import { runTorture } from '../tests/torture/run'
import { report } from './support/stats'

const seed = Number(process.env['TORTURE_SEED'] ?? Math.floor(Math.random() * 1_000_000))
const operations = Number(process.env['TORTURE_OPERATIONS'] ?? 1500)
const result = await runTorture({ seed, operations, log: (line) => console.error(line) })
report({
  benchmark: 'torture',
  ...result,
  lost: result.lost.length,
  duplicated: result.duplicated.length,
  wrong: result.wrong.length,
})
if (result.lost.length || result.duplicated.length || result.wrong.length || result.integrity !== 'ok') process.exit(1)
