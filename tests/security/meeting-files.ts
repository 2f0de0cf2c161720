// How the venue-network scenarios' machines meet: files in a folder they share, each waited for until a deadline.
import { existsSync } from 'node:fs'
import { join } from 'node:path'

export function meetingFiles(folder: string, role: string) {
  const at = (name: string) => join(folder, name)
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  /** Waits until the file `name` is there; throws, naming this machine's role, after `ms`. */
  async function until(name: string, ms = 30_000): Promise<void> {
    const deadline = Date.now() + ms
    while (!existsSync(at(name))) {
      if (Date.now() > deadline) throw new Error(`${role}: no ${name} within ${ms} ms`)
      await sleep(20)
    }
  }
  return { at, until }
}
