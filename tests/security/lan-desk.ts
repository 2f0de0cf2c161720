// What the venue-network scenarios start inside their network namespace: the desk's main services with a hub on a free
// port serving stand-in pages, a channel call that throws on refusal, and the tournament and stream they use.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMainServices, type MainServices } from '../../electron/main/composition'

export interface LanDesk {
  services: MainServices
  pagesDir: string
  dataDir: string
  value: <T>(channel: string, input?: unknown) => Promise<T>
  /** The Lyon LAN Winter Cup's first stream, in the local copy. */
  firstStream: () => Promise<string>
}

export async function startLanDesk(): Promise<LanDesk> {
  const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-lan-pages-'))
  mkdirSync(join(pagesDir, 'assets'))
  for (const page of ['overlay', 'door', 'index'])
    writeFileSync(join(pagesDir, `${page}.html`), `<!doctype html><title>${page}</title>`)
  const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-lan-'))
  const services = await createMainServices({
    version: 't',
    dataDir,
    demo: { seed: 1 },
    hub: { port: 0, pagesDir },
    broadcastRefreshMs: 0,
  })
  const value = async <T>(channel: string, input: unknown = {}): Promise<T> => {
    const result = await services.dispatch(channel, input)
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
    return result.value as T
  }
  const firstStream = async () => {
    const tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
      (t) => t.name === 'Lyon LAN Winter Cup',
    )!.id
    await value('tournaments:list', { filters: {} })
    const streams = await value<{ items: { id: string }[] }>('streams:list', { tournamentId, filters: {} })
    return streams.items[0]!.id
  }
  return { services, pagesDir, dataDir, value, firstStream }
}
