// `npm run test:loaded`: the unit and e2e stages with CPU burners beside them (one per core, each spinning), so a test
// whose outcome depends on how busy the machine is fails here rather than in CI on a busy day. The burners are ended
// however the stages end.
import { spawn, type ChildProcess } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { PROJECT_ROOT } from '../support/paths'

/** A burner: a process that keeps one core busy until it is killed. */
const BURN = 'for (;;) { let x = 0; for (let i = 0; i < 1e7; i++) x += i; if (x < 0) console.log(x) }'

const burners: ChildProcess[] = Array.from({ length: Number(process.env['BURNERS'] ?? availableParallelism()) }, () =>
  spawn(process.execPath, ['-e', BURN], { stdio: 'ignore' }),
)
const stopBurners = () => {
  for (const burner of burners) burner.kill('SIGKILL')
}
process.on('exit', stopBurners)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stopBurners()
    process.exit(130)
  })

function stage(script: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: PROJECT_ROOT, stdio: 'inherit' })
    child.once('exit', (code) => resolve(code ?? 1))
  })
}

console.log(`test:loaded: ${burners.length} CPU burners beside the unit and e2e stages`)
const started = performance.now()
let failed = 0
for (const script of ['test:unit', 'test:e2e']) {
  const code = await stage(script)
  console.log(`test:loaded: ${script} ended with ${code}`)
  if (code !== 0) failed = code
}
console.log(`test:loaded: ${Math.round((performance.now() - started) / 1000)} s`)
stopBurners()
process.exit(failed)
