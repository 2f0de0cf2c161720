// Builds the main-process services, handlers and event bus from their ports; shared by Electron and web mode.
import { appHandlers } from './ipc/app.handlers'
import { createDispatch, type Dispatch, type Handlers } from './ipc/dispatch'
import { EventBus } from './event-bus'

export interface MainPorts {
  version: string
  dataDir: string
}

export interface MainServices {
  dispatch: Dispatch
  bus: EventBus
  close(): Promise<void>
}

export const DEMO_PROFILE = { id: 'demo', name: 'Demo venue', demo: true } as const

export function createMainServices(ports: MainPorts): Promise<MainServices> {
  const bus = new EventBus()
  const handlers: Handlers = {
    ...appHandlers({ version: ports.version, activeProfile: () => ({ ...DEMO_PROFILE }) }),
  }
  return Promise.resolve({ dispatch: createDispatch(handlers), bus, close: () => Promise.resolve() })
}
