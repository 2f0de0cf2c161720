// One process per data folder, across processes and after a crash; the folder and its files private to the user.
import type { ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { holdElsewhere } from '../../tests/support/folder-holder'
import { createMainServices } from './composition'
import { DataFolderLock } from './data-folder'

let child: ChildProcess | undefined
afterEach(() => void child?.kill('SIGKILL'))

const mode = (path: string) => statSync(path).mode & 0o777

/** Every file and folder under a folder, with its mode. */
function walk(dir: string): { path: string; mode: number; folder: boolean }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    const here = { path, mode: mode(path), folder: entry.isDirectory() }
    return entry.isDirectory() ? [here, ...walk(path)] : [here]
  })
}

describe('data folder', () => {
  it('refuses a second process on the same folder, naming the folder and the holder, until the holder dies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchdesk-lock-'))
    child = await holdElsewhere(dir)
    expect(() => DataFolderLock.acquire(dir, 'web mode')).toThrow(
      new RegExp(`${dir}.*the lock test \\(process ${child.pid}`),
    )
    await expect(createMainServices({ version: 't', dataDir: dir, demo: { seed: 1 } })).rejects.toThrow(/in use/)
    const exited = new Promise((resolve) => child!.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
    const lock = DataFolderLock.acquire(dir, 'after the crash')
    expect(DataFolderLock.isHeld(dir)).toBe(true)
    lock.release()
    expect(DataFolderLock.isHeld(dir)).toBe(false)
  })

  // POSIX modes: Windows keeps the data folder private through its own ACLs.
  it.skipIf(process.platform === 'win32')(
    'keeps the folder 0700 and the databases with their -wal and -shm 0600',
    async () => {
      const dir = join(mkdtempSync(join(tmpdir(), 'matchdesk-modes-')), 'Matchdesk')
      const services = await createMainServices({ version: 't', dataDir: dir, demo: { seed: 1 } })
      await services.dispatch('tournaments:list', { filters: {} })
      const db = join(dir, 'db', 'demo.sqlite')
      expect(mode(dir)).toBe(0o700)
      expect(mode(join(dir, 'db'))).toBe(0o700)
      for (const file of [db, `${db}-wal`, `${db}-shm`, join(dir, 'profiles.json')])
        expect(mode(file), file).toBe(0o600)
      await services.close()
    },
  )

  it.skipIf(process.platform === 'win32')(
    'every file the app creates is 0600 and every folder 0700: lock, its journal, venue, profiles, databases',
    async () => {
      const dir = join(mkdtempSync(join(tmpdir(), 'matchdesk-all-modes-')), 'Matchdesk')
      const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-pages-'))
      const services = await createMainServices({
        version: 't',
        dataDir: dir,
        demo: { seed: 1 },
        hub: { port: 0, pagesDir },
        broadcastRefreshMs: 0,
      })
      await services.dispatch('tournaments:list', { filters: {} })
      const seen = walk(dir)
      await services.close()
      expect(seen.map(({ path }) => path)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/matchdesk\.lock-journal$/),
          expect.stringMatching(/venue\.json$/),
        ]),
      )
      expect(seen.filter(({ mode: m, folder }) => m !== (folder ? 0o700 : 0o600))).toEqual([])
    },
  )

  it.skipIf(process.platform === 'win32')(
    'leaves the mode of a folder of the person’s own alone (--data-dir ~/Documents)',
    async () => {
      const own = mkdtempSync(join(tmpdir(), 'matchdesk-own-'))
      writeFileSync(join(own, 'notes.txt'), 'mine')
      chmodSync(own, 0o755)
      // Twice: the second start finds Matchdesk's files there and must still leave the folder as it was.
      await (await createMainServices({ version: 't', dataDir: own, demo: { seed: 1 } })).close()
      const services = await createMainServices({ version: 't', dataDir: own, demo: { seed: 1 } })
      expect(mode(own)).toBe(0o755)
      expect(mode(join(own, 'db'))).toBe(0o700)
      expect(mode(join(own, 'profiles.json'))).toBe(0o600)
      await services.close()
    },
  )

  it('asks whether a folder is held without taking it for anyone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'matchdesk-probe-'))
    expect(DataFolderLock.isHeld(dir)).toBe(false)
    expect(existsSync(join(dir, 'matchdesk.lock.json'))).toBe(false)
  })
})
