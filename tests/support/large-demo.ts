// Main's services on the large Demo venue for integration tests: a fresh data folder, keys in memory, and the
// "Mega Open" (5,000 people, a 2,048-entrant double elimination) to test against.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { systemClock, type Clock } from '../../electron/main/clock'
import { createMainServices, type MainPorts, type MainServices } from '../../electron/main/composition'
import { MemoryCredentialStore } from '../../electron/main/secrets/memory-store'

export async function largeDemo(
  name: string,
  ports: Omit<Partial<MainPorts>, 'version' | 'dataDir' | 'demo'> = {},
): Promise<{ services: MainServices; tournamentId: string }> {
  const services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), `matchdesk-${name}-`)),
    credentials: new MemoryCredentialStore(),
    demo: { size: 'large', seed: 5 },
    ...ports,
  })
  const megaOpen = [...services.connections.sandbox.store.tournaments.values()].find((t) => t.name === 'Mega Open')!
  return { services, tournamentId: megaOpen.id }
}

/** A clock that runs with the system's and can be moved on (to make a copy stale, or space sweeps in time). */
export function movableClock(): { clock: Clock; skip: (ms: number) => void } {
  let skipped = 0
  return { clock: { ...systemClock, now: () => Date.now() + skipped }, skip: (ms) => void (skipped += ms) }
}
