// Several desks of one shared venue for integration tests, each on the Demo venue (seed 1: the same ids on all, as one
// service's are) with its own data folder, keychain and hub on this machine: desk 0 hosts and pairs the others. A desk
// can be closed and started again on its port (its keychain outlives it, as an OS keychain does).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MainServices } from '../../electron/main/composition'
import { MemoryCredentialStore } from '../../electron/main/secrets/memory-store'
import type { PairingCode } from '../../shared/ipc/hub'
import type { SharingState } from '../../shared/venue/sharing'
import { demoDesk } from './demo-desk'
import { dispatchValue } from './dispatch-value'

export interface VenueDesks {
  /** Desk i as it runs now. */
  desk(i: number): MainServices
  value(i: number): ReturnType<typeof dispatchValue>
  sharing(i: number): Promise<SharingState>
  deskId(i: number): string
  /** Desk 0 pairs every other desk, which joins it. */
  joinAll(): Promise<void>
  /** Desk i goes away (closed). */
  stop(i: number): Promise<void>
  /** Desk i starts again on the port it had. */
  restart(i: number): Promise<void>
  close(): Promise<void>
}

export async function venueDesks(
  name: string,
  count: number,
  /** The hosting rule's tick (ms): long, only what moves desks at once moves them. */
  { electionTickMs }: { electionTickMs?: number } = {},
): Promise<VenueDesks> {
  const folders = Array.from({ length: count + 1 }, (_, i) => mkdtempSync(join(tmpdir(), `matchdesk-${name}-${i}-`)))
  const pagesDir = folders[count]!
  writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
  const keychains = folders.map(() => new MemoryCredentialStore())
  const start = (i: number, port = 0) =>
    demoDesk(folders[i]!, {
      hub: { port, pagesDir },
      venueRetryMs: { first: 100, most: 300 },
      credentials: keychains[i]!,
      ...(electionTickMs && { venueElectionTickMs: electionTickMs }),
    })
  const desks: (MainServices | undefined)[] = []
  for (let i = 0; i < count; i++) desks.push(await start(i))
  const ports = desks.map((desk) => Number(new URL(desk!.hub!.url).port))
  const value = (i: number) => dispatchValue(() => desks[i]!)
  return {
    desk: (i) => desks[i]!,
    value,
    sharing: (i) => value(i)<SharingState>('venue:sharing'),
    deskId: (i) => desks[i]!.connections.active.offline.venue.deskId,
    joinAll: async () => {
      for (let i = 1; i < count; i++) {
        const { code } = await value(0)<PairingCode>('hub:pair', { name: `Desk ${i}`, kind: 'desk' })
        await value(i)('venue:join', { address: desks[0]!.hub!.url, code })
      }
    },
    stop: async (i) => {
      await desks[i]?.close()
      desks[i] = undefined
    },
    restart: async (i) => {
      desks[i] = await start(i, ports[i])
    },
    close: async () => {
      for (const desk of desks) await desk?.close().catch(() => undefined)
      for (const folder of folders) rmSync(folder, { recursive: true, force: true })
    },
  }
}
