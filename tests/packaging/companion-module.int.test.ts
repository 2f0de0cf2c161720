// The Companion module packaged as Companion's "Import module package" takes it: its own dependencies installed,
// built with companion-module-build into a .tgz, and companion-module-check passing; the package holds the bundled
// code and a manifest that names the module, its version and the module API it was built for.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '../support/paths'

const run = promisify(execFile)
const moduleDir = join(PROJECT_ROOT, 'companion-module')
const own = JSON.parse(readFileSync(join(moduleDir, 'package.json'), 'utf8')) as {
  version: string
  dependencies: Record<string, string>
}
let checked = ''
let unpacked = ''

beforeAll(async () => {
  const npm = (...args: string[]) => run('npm', args, { cwd: moduleDir, maxBuffer: 16 * 1024 * 1024 })
  await npm('ci', '--no-audit', '--no-fund')
  await npm('run', 'build')
  checked = (await npm('run', 'check')).stdout
  unpacked = mkdtempSync(join(tmpdir(), 'matchdesk-companion-'))
  await run('tar', ['xzf', join(moduleDir, `matchdesk-hub-${own.version}.tgz`), '-C', unpacked])
})

describe('the Companion module package', () => {
  it('passes companion-module-check', () => {
    expect(checked).toMatch(/Checking for: .*companion-module/)
  })

  it('holds the bundled code and a manifest Companion accepts', () => {
    expect(readdirSync(join(unpacked, 'pkg')).sort()).toEqual(['LICENSE', 'companion', 'main.js', 'package.json'])
    expect(statSync(join(unpacked, 'pkg', 'main.js')).size).toBeGreaterThan(10_000)
    const manifest = JSON.parse(readFileSync(join(unpacked, 'pkg', 'companion', 'manifest.json'), 'utf8')) as {
      id: string
      version: string
      runtime: { type: string; api: string; apiVersion: string; entrypoint: string }
    }
    expect(manifest).toMatchObject({
      id: 'matchdesk-hub',
      version: own.version,
      runtime: {
        type: 'node22',
        api: 'nodejs-ipc',
        apiVersion: own.dependencies['@companion-module/base'],
        entrypoint: '../main.js',
      },
    })
    expect(readFileSync(join(unpacked, 'pkg', 'companion', 'HELP.md'), 'utf8')).toMatch(/\*\*Control token\*\*/)
  })
})
