// The Demo desk with its hub on a free port and one stream's stand-in OBS, in folders of its own: where the desk's
// integration tests of the show (technical difficulties, show sequences, sponsors) start, and how they end. The
// stream is B stream with its first duels linked; nothing is on air yet.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MainPorts, MainServices } from '../../electron/main/composition'
import { MemoryCredentialStore } from '../../electron/main/secrets/memory-store'
import { demoDesk } from './demo-desk'
import { dispatchValue } from './dispatch-value'
import type { FakeObs } from './fake-obs'
import { linkedDuels, type LinkedDuels } from './linked-duels'
import { streamWithFakeObs } from './stream-with-fake-obs'

export interface DeskWithObs {
  /** The desk's services now (a restart makes new ones). */
  services(): MainServices
  /** A channel called as the page calls it, on the desk now. */
  value: <T>(channel: string, input?: unknown) => Promise<T>
  linked: LinkedDuels
  streamId: string
  obs: FakeObs
  /** Closes the desk and starts it again on the same folder and keys. */
  restart(): Promise<void>
  /** Closes the desk and the stand-in OBS and removes the folders. */
  close(): Promise<void>
}

export async function deskWithObs(name: string, duels: number, ports: Partial<MainPorts> = {}): Promise<DeskWithObs> {
  const dataDir = mkdtempSync(join(tmpdir(), `matchdesk-${name}-`))
  const pagesDir = mkdtempSync(join(tmpdir(), `matchdesk-${name}-pages-`))
  writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
  const credentials = new MemoryCredentialStore()
  const start = () =>
    demoDesk(dataDir, { credentials, hub: { port: 0, pagesDir }, obsRetryMs: { first: 100, most: 200 }, ...ports })
  let services = await start()
  const value = dispatchValue(() => services)
  const linked = await linkedDuels(value, duels)
  const obs = await streamWithFakeObs(value, linked.streamId)
  return {
    services: () => services,
    value,
    linked,
    streamId: linked.streamId,
    obs,
    restart: async () => {
      await services.close()
      services = await start()
    },
    close: async () => {
      await services.close()
      await obs.close()
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(pagesDir, { recursive: true, force: true })
    },
  }
}
