// The long torture run: more writes and more kills than the one in npm test; prints the report as JSON figures.
import { runTorture } from '../tests/torture/run'
import { report } from './support/stats'

const seed = Number(process.env['TORTURE_SEED'] ?? Math.floor(Math.random() * 1_000_000))
const operations = Number(process.env['TORTURE_OPERATIONS'] ?? 3000)
const result = await runTorture({ seed, operations, log: (line) => console.error(line) })
report({
  benchmark: 'torture',
  ...result,
  lost: result.lost.length,
  duplicated: result.duplicated.length,
  wrong: result.wrong.length,
})
if (result.lost.length || result.duplicated.length || result.wrong.length || result.integrity !== 'ok') process.exit(1)
