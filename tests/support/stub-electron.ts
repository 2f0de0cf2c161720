// A stand-in for an unpacked Electron distribution (the binary cannot be downloaded here): a script carrying Electron 40's fuse wire.
import { getCurrentFuseWire } from '@electron/fuses'
import { FuseState, SENTINEL } from '@electron/fuses/dist/constants'
import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * Electron 40's fuses as shipped, by index: RunAsNode, EnableCookieEncryption, EnableNodeOptionsEnvironmentVariable,
 * EnableNodeCliInspectArguments, EnableEmbeddedAsarIntegrityValidation, OnlyLoadAppFromAsar,
 * LoadBrowserProcessSpecificV8Snapshot, GrantFileProtocolExtraPrivileges, WasmTrapHandlers.
 */
export const SHIPPED_FUSES = [true, false, true, true, false, false, false, true, true] as const

/** The bytes of a fuse wire: the sentinel, version 1, the length, then '1' or '0' per fuse. */
export function fuseWire(states: readonly boolean[]): Buffer {
  const fuses = states.map((on) => (on ? FuseState.ENABLE : FuseState.DISABLE))
  return Buffer.concat([Buffer.from(SENTINEL, 'latin1'), Buffer.from([1, states.length, ...fuses])])
}

/** Whether each fuse of an Electron binary's wire is on, by index. */
export async function readFuses(binary: string): Promise<boolean[]> {
  const wire = await getCurrentFuseWire(binary)
  return Object.keys(wire)
    .filter((key) => key !== 'version')
    .map((index) => (wire as unknown as Record<string, number>)[index] === FuseState.ENABLE)
}

/** Writes a stub Linux Electron distribution into `dir` and returns `dir` (usable as electron-builder's electronDist). */
export async function writeStubElectronDist(dir: string, version: string): Promise<string> {
  await mkdir(join(dir, 'resources'), { recursive: true })
  const script = Buffer.from('#!/bin/sh\necho "stub Electron: the real binary is not available here" >&2\nexit 1\n# ')
  await writeFile(join(dir, 'electron'), Buffer.concat([script, fuseWire(SHIPPED_FUSES), Buffer.from('\n')]))
  await chmod(join(dir, 'electron'), 0o755)
  await writeFile(join(dir, 'version'), `${version}\n`)
  await writeFile(join(dir, 'LICENSE'), 'Stub standing in for the Electron license.\n')
  await writeFile(join(dir, 'LICENSES.chromium.html'), '<p>Stub standing in for the Chromium licenses.</p>\n')
  return dir
}
