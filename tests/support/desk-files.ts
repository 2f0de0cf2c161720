// How desk processes started in network namespaces meet: files in one shared folder, each written whole (another desk
// may read it at any moment), and waiting for what another desk writes.
import { renameSync, writeFileSync as writeWhole } from 'node:fs'
import { join } from 'node:path'

export interface DeskFiles {
  /** A file of the shared folder. */
  at: (name: string) => string
  /** Written whole or not at all. */
  writeFileSync: (path: string, text: string) => void
  sleep: (ms: number) => Promise<void>
  /** Waits until `read` gives something (set-up between processes: it throws, naming the desk, when it does not). */
  until: <T>(read: () => T | undefined | false | Promise<T | undefined | false>, ms?: number) => Promise<T>
}

export function deskFiles(folder: string, desk: number): DeskFiles {
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
  return {
    at: (name) => join(folder, name),
    writeFileSync: (path, text) => {
      writeWhole(`${path}.${desk}.tmp`, text)
      renameSync(`${path}.${desk}.tmp`, path)
    },
    sleep,
    until: async (read, ms = 60_000) => {
      const deadline = Date.now() + ms
      for (;;) {
        const value = await read()
        if (value) return value
        if (Date.now() > deadline) throw new Error(`desk ${desk}: waited ${ms} ms in vain`)
        await sleep(20)
      }
    },
  }
}
