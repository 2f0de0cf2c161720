// @ts-check
// electron-builder afterPack hook: flips Electron's fuses in the packaged binary, before signing.
import { FuseV1Options, FuseVersion, flipFuses } from '@electron/fuses'
import { Arch } from 'builder-util'
import { join } from 'node:path'

/** The fuses the packaged app runs with (see https://www.electronjs.org/docs/latest/tutorial/fuses). */
export const FUSES = {
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
}

/**
 * The path @electron/fuses takes for a packaged app: the .app bundle on macOS, the executable elsewhere.
 * @param {{ appOutDir: string, electronPlatformName: string, packager: { appInfo: { productFilename: string }, executableName?: string } }} context
 */
export function packagedElectronPath({ appOutDir, electronPlatformName, packager }) {
  const product = packager.appInfo.productFilename
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return join(appOutDir, `${product}.app`)
  if (electronPlatformName === 'win32') return join(appOutDir, `${product}.exe`)
  return join(appOutDir, packager.executableName ?? product)
}

/** @param {import('app-builder-lib').AfterPackContext} context */
export default async function afterPack(context) {
  const target = packagedElectronPath(context)
  await flipFuses(target, {
    version: FuseVersion.V1,
    // Flipping bytes breaks the ad-hoc signature Electron's arm64 macOS binary ships with; electron-builder signs afterwards.
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === Arch.arm64,
    ...FUSES,
  })
  console.log(`  • fuses flipped        ${target}`)
}
