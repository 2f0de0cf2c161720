import { FuseV1Options } from '@electron/fuses'
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SHIPPED_FUSES, readFuses, writeStubElectronDist } from '../tests/support/stub-electron'
import afterPack, { packagedElectronPath } from './after-pack.mjs'

const dirs: string[] = []
afterEach(async () => Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true }))))

const packager = { appInfo: { productFilename: 'Matchdesk' }, executableName: 'matchdesk' }

describe('afterPack', () => {
  it('finds the Electron binary of each platform', () => {
    expect(packagedElectronPath({ appOutDir: '/o', electronPlatformName: 'linux', packager })).toBe('/o/matchdesk')
    expect(packagedElectronPath({ appOutDir: '/o', electronPlatformName: 'win32', packager })).toBe('/o/Matchdesk.exe')
    expect(packagedElectronPath({ appOutDir: '/o', electronPlatformName: 'darwin', packager })).toBe('/o/Matchdesk.app')
  })

  it('turns off run-as-node, NODE_OPTIONS and --inspect, turns on asar integrity and asar-only, and leaves the rest as shipped', async () => {
    const appOutDir = await mkdtemp(join(tmpdir(), 'matchdesk-fuses-'))
    dirs.push(appOutDir)
    await writeStubElectronDist(appOutDir, '40.10.2')
    await rename(join(appOutDir, 'electron'), join(appOutDir, 'matchdesk'))

    await afterPack({ appOutDir, electronPlatformName: 'linux', arch: 1, packager } as never)

    const fuses = await readFuses(join(appOutDir, 'matchdesk'))
    const on = (fuse: number) => fuses[fuse]
    expect(on(FuseV1Options.RunAsNode)).toBe(false)
    expect(on(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe(false)
    expect(on(FuseV1Options.EnableNodeCliInspectArguments)).toBe(false)
    expect(on(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe(true)
    expect(on(FuseV1Options.OnlyLoadAppFromAsar)).toBe(true)
    for (const untouched of [
      FuseV1Options.EnableCookieEncryption,
      FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
      FuseV1Options.GrantFileProtocolExtraPrivileges,
      8,
    ]) {
      expect(on(untouched)).toBe(SHIPPED_FUSES[untouched])
    }
  })

  it('fails the build when the binary has no fuse wire, rather than shipping unfused', async () => {
    const appOutDir = await mkdtemp(join(tmpdir(), 'matchdesk-fuses-'))
    dirs.push(appOutDir)
    await writeFile(join(appOutDir, 'matchdesk'), 'not electron')
    await expect(afterPack({ appOutDir, electronPlatformName: 'linux', arch: 1, packager } as never)).rejects.toThrow(
      /sentinel/,
    )
  })
})
