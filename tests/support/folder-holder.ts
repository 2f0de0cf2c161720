// Holds a data folder from another process, as a second Matchdesk would, for the lock tests.
import { spawn, type ChildProcess } from 'node:child_process'
import { createInterface } from 'node:readline'
import { PROJECT_ROOT } from './paths'

/** Starts another process holding `dir`; resolves once it holds it. */
export function holdElsewhere(dir: string): Promise<ChildProcess> {
  const holder = spawn(process.execPath, ['--import', 'tsx', 'tests/support/hold-data-folder.ts', dir], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    createInterface({ input: holder.stdout }).on('line', (line) => line === 'held' && resolve(holder))
    holder.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)))
  })
}
