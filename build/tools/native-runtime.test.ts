import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ensureNativeRuntime, forgetNativeRuntime, target, type Exec } from './native-runtime'

// The rebuilds themselves need Electron's headers from the network; they are recorded here instead of run.
let dir: string
let stampPath: string
let commands: string[]
const exec: Exec = async (command, args) => {
  commands.push([command.split('/').pop(), ...args.map((arg) => arg.replace(/^.*node_modules\//, ''))].join(' '))
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'matchdesk-native-'))
  stampPath = join(dir, 'stamp')
  commands = []
})
afterEach(async () => rm(dir, { recursive: true, force: true }))

describe('native modules runtime', () => {
  it('leaves a fresh npm install alone for Node', async () => {
    expect(await ensureNativeRuntime('node', { stampPath, exec })).toBe('unchanged')
    expect(commands).toEqual([])
  })

  it('rebuilds with electron-builder install-app-deps before the desktop app starts, once', async () => {
    expect(await ensureNativeRuntime('electron', { stampPath, exec })).toBe('rebuilt')
    expect(await ensureNativeRuntime('electron', { stampPath, exec })).toBe('unchanged')
    expect(commands).toEqual(['node electron-builder/cli.js install-app-deps'])
    expect(await readFile(stampPath, 'utf8')).toBe(`${await target('electron')}\n`)
    expect(await target('electron')).toMatch(/^electron@\d+\.\d+\.\d+$/)
  })

  it('rebuilds for Node again before tests run after the desktop app did', async () => {
    await ensureNativeRuntime('electron', { stampPath, exec })
    expect(await ensureNativeRuntime('node', { stampPath, exec })).toBe('rebuilt')
    expect(commands.at(-1)).toBe('npm rebuild better-sqlite3 keytar')
    expect(await readFile(stampPath, 'utf8')).toBe(`node@abi${process.versions.modules}\n`)
  })

  it('keeps the old stamp when a rebuild fails, so the next start tries again, and says what failed', async () => {
    const failing: Exec = async () => {
      throw new Error('could not download Electron headers')
    }
    await expect(ensureNativeRuntime('electron', { stampPath, exec: failing })).rejects.toThrow(
      /rebuilding native modules for electron@[\d.]+ failed: could not download Electron headers/,
    )
    expect(await ensureNativeRuntime('node', { stampPath, exec })).toBe('unchanged')
  })

  it('rebuilds for either runtime after packaging has rebuilt the modules for some target', async () => {
    await forgetNativeRuntime(stampPath)
    expect(await ensureNativeRuntime('node', { stampPath, exec })).toBe('rebuilt')
    await forgetNativeRuntime(stampPath)
    expect(await ensureNativeRuntime('electron', { stampPath, exec })).toBe('rebuilt')
    expect(commands).toEqual(['npm rebuild better-sqlite3 keytar', 'node electron-builder/cli.js install-app-deps'])
  })
})
