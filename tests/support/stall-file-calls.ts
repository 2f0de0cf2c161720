// A disk that stalls, as a network drive does, for the process that calls this: every thread Node's asynchronous file
// calls run on (libuv's pool, UV_THREADPOOL_SIZE, 4 unless set) is held opening a FIFO that has no writer yet — queued
// first, so any fs.promises call made after waits behind them — until `release` opens each FIFO for writing and the
// held calls go on. Sockets and timers go on meanwhile.
import { execFileSync } from 'node:child_process'
import { closeSync, constants, openSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { join } from 'node:path'

export interface StalledDisk {
  /** Lets the held calls go on; resolves once every FIFO was opened for writing. */
  release(): Promise<void>
}

export function stallFileCalls(folder: string): StalledDisk {
  const threads = Number(process.env['UV_THREADPOOL_SIZE'] ?? 4)
  const fifos = Array.from({ length: threads }, (_, i) => join(folder, `stall-${i}.fifo`))
  for (const fifo of fifos) execFileSync('mkfifo', [fifo])
  const held = fifos.map((fifo) => open(fifo, 'r').then((handle) => handle.close()))
  /** Opens a FIFO for writing once its reader is there (never blocking this thread: the pool may still be busy). */
  const writeEnd = async (fifo: string): Promise<void> => {
    for (;;) {
      try {
        closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK))
        return
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENXIO') throw error
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    }
  }
  return {
    release: async () => {
      await Promise.all(fifos.map(writeEnd))
      await Promise.all(held)
      for (const fifo of fifos) rmSync(fifo, { force: true })
    },
  }
}
