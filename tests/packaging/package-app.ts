// Builds the app with electron-vite and packages it with electron-builder `--dir`, exactly as `npm run build:dir` does.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { PROJECT_ROOT } from '../support/paths'

const run = promisify(execFile)
const bin = (path: string) => join(PROJECT_ROOT, 'node_modules', path)

export interface PackagedApp {
  appOutDir: string
  asar: string
  unpacked: string
  executable: string
  log: string
}

export async function buildApp(): Promise<void> {
  await run(process.execPath, [bin('electron-vite/bin/electron-vite.js'), 'build'], { cwd: PROJECT_ROOT })
}

/**
 * Packages out/ into `outputDir` for Linux. `electronDist` replaces the Electron download; native modules are not
 * rebuilt (that needs Electron's headers from the network), so they are packed as npm built them.
 */
export async function packageDir(outputDir: string, electronDist: string): Promise<PackagedApp> {
  const { stdout, stderr } = await run(
    process.execPath,
    [
      bin('electron-builder/cli.js'),
      '--config',
      'build/electron-builder.yml',
      '--linux',
      'dir',
      `-c.electronDist=${electronDist}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${outputDir}`,
    ],
    { cwd: PROJECT_ROOT, env: { ...process.env, CI: '1' } },
  )
  const appOutDir = join(outputDir, 'linux-unpacked')
  return {
    appOutDir,
    asar: join(appOutDir, 'resources/app.asar'),
    unpacked: join(appOutDir, 'resources/app.asar.unpacked'),
    executable: join(appOutDir, 'matchdesk'),
    log: stdout + stderr,
  }
}

/** The name of the package a node_modules path belongs to (`/node_modules/ajv/node_modules/fast-uri/x.js` → `fast-uri`). */
export function packageNameOf(path: string): string | undefined {
  const parts = path.split('/node_modules/').pop()!.split('/')
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]
}
