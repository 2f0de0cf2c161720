// A damaged profiles.json or database never stops Matchdesk: the bad copy is kept, the start goes on, the person is told.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  writeFileSync,
  writeSync,
  closeSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { createMainServices, type MainServices } from './composition'
import { MemoryCredentialStore } from './secrets/memory-store'

type Info = { profile: { id: string }; notices: { level: string; message: string }[] }

const start = (dataDir: string, credentials = new MemoryCredentialStore()) =>
  createMainServices({
    version: 't',
    dataDir,
    credentials,
    demo: { seed: 1 },
    offline: { probeMinMs: 50, replayBaseMs: 20 },
  })

async function value<T>(services: MainServices, channel: string, input: unknown = {}): Promise<T> {
  const result = await services.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

describe('damaged files', () => {
  it('moves a truncated profiles.json aside, starts on the Demo venue and says where the copy is', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-damaged-'))
    const truncated = '{"version":1,"activeProfileId":"x","profiles":[{"id":"x","na'
    writeFileSync(join(dataDir, 'profiles.json'), truncated)
    const services = await start(dataDir)
    const info = await value<Info>(services, 'app:info')
    expect(info.profile.id).toBe('demo')
    const kept = readdirSync(dataDir).find((name) => name.startsWith('profiles.json.unreadable-'))!
    expect(readFileSync(join(dataDir, kept), 'utf8')).toBe(truncated)
    expect(info.notices).toEqual([
      expect.objectContaining({ level: 'warning', message: expect.stringContaining(join(dataDir, kept)) }),
    ])
    await services.close()
  })

  it('moves a profiles.json of the wrong shape aside the same way', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-damaged-'))
    writeFileSync(join(dataDir, 'profiles.json'), '[1, 2, 3]')
    const services = await start(dataDir)
    expect((await value<Info>(services, 'app:info')).notices[0]?.message).toMatch(/does not hold connection profiles/)
    await services.close()
  })

  it('replaces a database that is not one with a fresh cache, keeping the file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-damaged-'))
    mkdirSync(join(dataDir, 'db'))
    writeFileSync(
      join(dataDir, 'db', 'demo.sqlite'),
      'this is not a database, only a file with words in it'.repeat(200),
    )
    const services = await start(dataDir)
    const info = await value<Info>(services, 'app:info')
    expect(info.notices[0]?.message).toMatch(/Demo venue: The local database could not be used .* kept as .*damaged-/)
    expect(readdirSync(join(dataDir, 'db')).some((name) => name.startsWith('demo.sqlite.damaged-'))).toBe(true)
    const tournaments = await value<{ items: unknown[] }>(services, 'tournaments:list', { filters: {} })
    expect(tournaments.items.length).toBeGreaterThan(0)
    await services.close()
  })

  it('carries the waiting writes of a database that fails integrity_check over to the fresh one, and sends them', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-damaged-'))
    const credentials = new MemoryCredentialStore()
    let services = await start(dataDir, credentials)
    const tournament = [...services.connections.sandbox.store.tournaments.values()].find(
      (t) => t.name === 'Street Fighter Weekly 42',
    )!
    const { items } = await value<{ items: { id: string }[] }>(services, 'participants:list', {
      tournamentId: tournament.id,
      filters: { is_checked_in: false },
    })
    await services.connections.sandbox.faults.setOffline(true)
    const two = items.slice(0, 2).map((p) => p.id)
    for (const id of two) await value(services, 'checkin:set', { participantId: id, checkedIn: true })
    await services.close()

    // Scribble over pages in the middle of the file, where the cached participants live.
    const file = join(dataDir, 'db', 'demo.sqlite')
    const fd = openSync(file, 'r+')
    writeSync(fd, Buffer.alloc(4096 * 3, 0x5a), 0, 4096 * 3, 4096 * 3)
    closeSync(fd)

    services = await start(dataDir, credentials)
    const info = await value<Info>(services, 'app:info')
    expect(info.notices.map((n) => n.message).join('\n')).toMatch(
      /integrity check.*the 2 writes waiting to sync were kept/s,
    )
    await services.connections.active.offline.replayer.drain(15_000)
    for (const id of two) expect(services.connections.sandbox.store.participants.get(id)?.checked_in).toBe(true)
    expect(existsSync(file)).toBe(true)
    await services.close()
  })

  it('never sets aside a database a newer Matchdesk wrote: it says to update, and leaves the file as it is', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-damaged-'))
    const services = await start(dataDir)
    await services.close()
    const file = join(dataDir, 'db', 'demo.sqlite')
    const newer = new Database(file)
    newer.pragma('user_version = 99')
    newer.close()
    await expect(start(dataDir)).rejects.toThrow(/newer Matchdesk .*update Matchdesk/)
    expect(readdirSync(join(dataDir, 'db')).filter((name) => name.includes('damaged'))).toEqual([])
  })
})
