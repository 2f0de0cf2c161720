// The main-process services with a broadcast hub, as the hub's benchmarks start them: a pages folder with stand-in
// overlay and door pages, a fresh data folder, the hub on a free port, no refresh on a timer.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMainServices, type MainPorts } from '../../electron/main/composition'
import { MemoryCredentialStore } from '../../electron/main/secrets/memory-store'

export async function startHubServices(name: string, ports: Pick<MainPorts, 'demo' | 'demoKept'>) {
  const pagesDir = mkdtempSync(join(tmpdir(), `matchdesk-bench-${name}-pages-`))
  mkdirSync(join(pagesDir, 'assets'))
  writeFileSync(join(pagesDir, 'door.html'), '<!doctype html><title>door</title>')
  writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
  return createMainServices({
    version: 'bench',
    dataDir: mkdtempSync(join(tmpdir(), `matchdesk-bench-${name}-`)),
    credentials: new MemoryCredentialStore(),
    hub: { port: 0, pagesDir },
    broadcastRefreshMs: 0,
    ...ports,
  })
}
