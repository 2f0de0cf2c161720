import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import type { Configuration } from 'app-builder-lib'
import { DebugLogger } from 'builder-util'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const projectDir = resolve(import.meta.dirname, '..')
const CONFIG_PATH = 'build/electron-builder.yml'

async function loadConfig(): Promise<Configuration> {
  return getConfig(projectDir, resolve(projectDir, CONFIG_PATH), null)
}

const targetsOf = (targets: unknown) =>
  (targets as Array<{ target: string; arch: string[] }>).map((entry) => `${entry.target}:${entry.arch.join('+')}`)

describe('electron-builder configuration', () => {
  it("passes app-builder-lib's own validation", async () => {
    await expect(validateConfiguration(await loadConfig(), new DebugLogger(false))).resolves.toBeUndefined()
  })

  it('is refused by that validation when an option is misspelt or mistyped, so the check above can fail', async () => {
    const config = await loadConfig()
    await expect(
      validateConfiguration({ ...config, asarUnpak: ['x'] } as Configuration, new DebugLogger(false)),
    ).rejects.toThrow(/asarUnpak/)
    await expect(
      validateConfiguration({ ...config, asar: 'yes' } as unknown as Configuration, new DebugLogger(false)),
    ).rejects.toThrow(/asar/)
  })

  it('names the app and keeps it in an asar with the native modules outside', async () => {
    const config = await loadConfig()
    expect(config.appId).toBe('gg.matchdesk.desktop')
    expect(config.productName).toBe('Matchdesk')
    expect(config.asar).toBe(true)
    expect(config.asarUnpack).toEqual(['node_modules/better-sqlite3/**', 'node_modules/keytar/**'])
    expect(config.npmRebuild).toBe(true)
    expect(config.afterPack).toBe('./build/after-pack.mjs')
    // The EmbeddedAsarIntegrityValidation fuse refuses to start an app whose asar hashes were not written (macOS, Windows).
    expect(config.disableAsarIntegrity).toBeFalsy()
  })

  it('builds AppImage, deb and rpm; dmg for arm64 and x64 with the hardened runtime; nsis for x64 and arm64', async () => {
    const config = await loadConfig()
    expect(config.linux?.target).toEqual(['AppImage', 'deb', 'rpm'])
    expect(targetsOf(config.mac?.target)).toEqual(['dmg:arm64+x64'])
    expect(config.mac?.hardenedRuntime).toBe(true)
    expect(targetsOf(config.win?.target)).toEqual(['nsis:x64+arm64'])
    expect(config.deb?.depends).toContain('libsecret-1-0')
    expect(config.rpm?.depends).toContain('libsecret')
  })

  it('points only at resources that exist', async () => {
    const config = await loadConfig()
    const paths = [
      config.afterPack,
      config.mac?.entitlements,
      config.mac?.entitlementsInherit,
      config.mac?.icon,
      config.win?.icon,
      config.linux?.icon,
    ]
    for (const path of paths) {
      expect(typeof path).toBe('string')
      expect(existsSync(resolve(projectDir, path as string)), `${String(path)} is missing`).toBe(true)
    }
  })
})
