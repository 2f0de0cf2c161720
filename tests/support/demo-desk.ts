// The desk's main services on the Demo venue (seed 1) in a data folder, secrets in memory, no broadcast ticks: what
// most integration tests and the crash scripts start, with their own ports on top.
import { createMainServices, type MainPorts, type MainServices } from '../../electron/main/composition'
import { MemoryCredentialStore } from '../../electron/main/secrets/memory-store'

export function demoDesk(dataDir: string, ports: Partial<MainPorts> = {}): Promise<MainServices> {
  return createMainServices({
    version: 't',
    dataDir,
    credentials: new MemoryCredentialStore(),
    demo: { seed: 1 },
    broadcastRefreshMs: 0,
    ...ports,
  })
}
