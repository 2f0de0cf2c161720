// `npm run bench`: runs every bench/*.ts in its own process, saves each one's JSON under bench/results/ (with how long
// it took), prints a table per bench and the whole run's time.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'

const benchDir = import.meta.dirname
const resultsDir = join(benchDir, 'results')
mkdirSync(resultsDir, { recursive: true })
const only = process.argv.slice(2)
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.ts') && name !== 'run.ts')
  .filter((name) => only.length === 0 || only.includes(basename(name, '.ts')))
  .sort()

/** Flattens nested figures into "a.b" keys for the summary table. */
function flatten(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [[prefix, value]]
  return Object.entries(value).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key))
}

const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10
const runStarted = performance.now()
let failed = 0
for (const file of files) {
  const name = basename(file, '.ts')
  process.stdout.write(`\n▶ ${name}\n`)
  const started = performance.now()
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(benchDir, file)], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  })
  const took = seconds(started)
  const last = run.stdout.trim().split('\n').at(-1) ?? ''
  let figures: unknown
  try {
    figures = { ...(JSON.parse(last) as object), bench_seconds: took }
  } catch {
    failed++
    console.error(`  ${name} printed no JSON figures (exit ${run.status}) after ${took} s`)
    continue
  }
  process.stdout.write(`  ${name} took ${took} s\n`)
  writeFileSync(join(resultsDir, `${name}.json`), JSON.stringify(figures, null, 2) + '\n')
  console.table(Object.fromEntries(flatten(figures).map(([key, value]) => [key, { value }])))
}
console.log(
  `\n${files.length - failed} of ${files.length} benchmarks wrote figures to ${resultsDir} in ${seconds(runStarted)} s`,
)
process.exit(failed ? 1 : 0)
