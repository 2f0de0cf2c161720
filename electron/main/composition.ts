// Builds the main-process services, handlers and event bus from their ports; shared by Electron and web mode.
import { startSandbox, type SandboxOptions } from '../../sandbox/index'
import { PUBLIC_SERVICE_BASES } from './api/public-service'
import { systemClock, type Clock } from './clock'
import { DataFolderLock } from './data-folder'
import { EventBus } from './event-bus'
import { NoticeLog } from './notice-log'
import { createDispatch, type Dispatch } from './ipc/dispatch'
import { allHandlers } from './ipc/handlers'
import type { SandboxStarter } from './profiles/demo-venue'
import type { CredentialStore } from './secrets/credential-store'
import { MemoryCredentialStore } from './secrets/memory-store'
import { Connections } from './services/connections'

export interface MainPorts {
  version: string
  dataDir: string
  /** Who holds the data folder, named to a second process that tries it ("the desktop app", "web mode"). */
  processKind?: string
  credentials?: CredentialStore
  clock?: Clock
  openBrowser?: (url: string) => Promise<void>
  /** Offline tuning (tests): how soon the probe and the replay retry. */
  offline?: { probeMinMs?: number; replayBaseMs?: number }
  /** How the Demo venue's sandbox runs (size, seed, simulation, faults). */
  demo?: Omit<SandboxOptions, 'apiKey' | 'clientId' | 'clientSecret' | 'port'>
}

export interface MainServices {
  dispatch: Dispatch
  bus: EventBus
  connections: Connections
  close(): Promise<void>
}

/** The Demo venue by default: small, seeded, live at the pace of a real event (checked every five seconds). */
export const DEFAULT_DEMO: MainPorts['demo'] = { size: 'small', seed: 1, simulateMs: 5000, speed: 1 }

export async function createMainServices(ports: MainPorts): Promise<MainServices> {
  // One process per data folder: two would send the same outbox rows twice.
  const lock = DataFolderLock.acquire(ports.dataDir, ports.processKind ?? 'Matchdesk')
  try {
    return await startServices(ports, lock)
  } catch (error) {
    lock.release()
    throw error
  }
}

async function startServices(ports: MainPorts, lock: DataFolderLock): Promise<MainServices> {
  const bus = new EventBus()
  const notices = new NoticeLog(bus)
  const startDemo: SandboxStarter = (credentials) => startSandbox({ ...(ports.demo ?? DEFAULT_DEMO), ...credentials })
  const connections = await Connections.open({
    dataDir: ports.dataDir,
    credentials: ports.credentials ?? new MemoryCredentialStore(),
    clock: ports.clock ?? systemClock,
    bus,
    openBrowser: ports.openBrowser ?? (() => Promise.reject(new Error('no browser can be opened here'))),
    startSandbox: startDemo,
    notices,
    defaultBases: PUBLIC_SERVICE_BASES,
    ...(ports.offline && { offline: ports.offline }),
  })
  const handlers = allHandlers(connections, {
    version: ports.version,
    activeProfile: () => {
      const { id, name, demo } = connections.active.profile
      return { id, name, demo }
    },
    notices: () => notices.list(),
  })
  return {
    dispatch: createDispatch(handlers),
    bus,
    connections,
    close: async () => {
      try {
        await connections.close()
      } finally {
        lock.release()
      }
    },
  }
}
