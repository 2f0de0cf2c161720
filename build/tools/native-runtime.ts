// Keeps better-sqlite3 built for the runtime about to load it: Electron for `npm start`/`npm run dev`, Node for tests and web mode.
// (keytar uses Node-API, whose binary serves both.) A stamp in node_modules says which runtime the binary is built for.
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

export type Runtime = 'electron' | 'node'

const PROJECT_ROOT = resolve(import.meta.dirname, '../..')
export const STAMP_PATH = join(PROJECT_ROOT, 'node_modules/.matchdesk-native-runtime')

export type Exec = (command: string, args: string[]) => Promise<void>

/** The runtime and ABI a native binary must match, e.g. `electron@40.10.2` or `node@abi115`. */
export async function target(runtime: Runtime): Promise<string> {
  if (runtime === 'node') return `node@abi${process.versions.modules}`
  const electron = JSON.parse(await readFile(join(PROJECT_ROOT, 'node_modules/electron/package.json'), 'utf8')) as {
    version: string
  }
  return `electron@${electron.version}`
}

/** `npm install` builds for the Node that ran it, so no stamp means Node's ABI. */
async function builtFor(stampPath: string): Promise<string> {
  try {
    return (await readFile(stampPath, 'utf8')).trim()
  } catch {
    return `node@abi${process.versions.modules}`
  }
}

export function rebuildCommand(runtime: Runtime): [string, string[]] {
  return runtime === 'electron'
    ? [process.execPath, [join(PROJECT_ROOT, 'node_modules/electron-builder/cli.js'), 'install-app-deps']]
    : ['npm', ['rebuild', 'better-sqlite3', 'keytar']]
}

const run: Exec = async (command, args) => {
  await promisify(execFile)(command, args, { cwd: PROJECT_ROOT, maxBuffer: 64 * 1024 * 1024 })
}

/** Rebuilds only when the binary was built for another runtime; the stamp changes only after a rebuild succeeded. */
export async function ensureNativeRuntime(
  runtime: Runtime,
  { stampPath = STAMP_PATH, exec = run } = {},
): Promise<'unchanged' | 'rebuilt'> {
  const wanted = await target(runtime)
  const current = await builtFor(stampPath)
  if (current === wanted) return 'unchanged'
  const [command, args] = rebuildCommand(runtime)
  console.log(`native modules are built for ${current}; rebuilding for ${wanted} (${[command, ...args].join(' ')})…`)
  try {
    await exec(command, args)
  } catch (error) {
    throw new Error(`rebuilding native modules for ${wanted} failed: ${(error as Error).message}`, { cause: error })
  }
  await writeFile(stampPath, `${wanted}\n`)
  return 'rebuilt'
}

/**
 * Packaging rebuilds native modules in place for each target arch, leaving a binary no runtime here may load:
 * after it, the next start or test rebuilds whatever it needs.
 */
export async function forgetNativeRuntime(stampPath = STAMP_PATH): Promise<void> {
  await writeFile(stampPath, 'unknown (rebuilt by electron-builder for a packaged target)\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const action = process.argv[2]
  if (action === 'electron' || action === 'node') await ensureNativeRuntime(action)
  else if (action === 'forget') await forgetNativeRuntime()
  else {
    console.error('usage: native-runtime.ts electron|node|forget')
    process.exit(2)
  }
}
