// The desktop package: how long electron-vite build and electron-builder --dir take, and how big the asar and its unpacked part are.
import { listPackage } from '@electron/asar'
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildApp, packageDir, packageNameOf } from '../tests/packaging/package-app'
import { ELECTRON_VERSION } from '../tests/support/paths'
import { writeStubElectronDist } from '../tests/support/stub-electron'
import { report } from './support/stats'

async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const sizes = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => (await stat(join(entry.parentPath, entry.name))).size),
  )
  return sizes.reduce((sum, size) => sum + size, 0)
}

const mb = (bytes: number) => Math.round(bytes / 104857.6) / 10
const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10

const work = await mkdtemp(join(tmpdir(), 'matchdesk-bench-package-'))
try {
  const dist = await writeStubElectronDist(join(work, 'electron-dist'), ELECTRON_VERSION)
  let started = performance.now()
  await buildApp()
  const build_s = seconds(started)
  started = performance.now()
  const app = await packageDir(join(work, 'release'), dist)
  const package_s = seconds(started)
  const files = listPackage(app.asar, { isPack: false })
  const packages = new Set(files.filter((file) => file.startsWith('/node_modules/')).map(packageNameOf))
  report({
    benchmark: 'package',
    electron_vite_build_s: build_s,
    electron_builder_dir_s: package_s,
    asar_mb: mb((await stat(app.asar)).size),
    unpacked_mb: mb(await folderBytes(app.unpacked)),
    asar_entries: files.length,
    packed_packages: packages.size,
  })
} finally {
  await rm(work, { recursive: true, force: true })
}
