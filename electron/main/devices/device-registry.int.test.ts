// The control token lives in the OS keychain (here its port), never in venue.json; an older venue.json that held it
// has it moved to the keychain, and the token Companion was given keeps working. Last-seen times are written off the
// requests' path.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fakeClock } from '../../../tests/support/fake-clock'
import { systemClock } from '../clock'
import { VENUE_SECRETS } from '../secrets/credential-store'
import { MemoryCredentialStore } from '../secrets/memory-store'
import { DeviceRegistry } from './device-registry'

describe('the control token', () => {
  it('is kept in the keychain, not in venue.json, and is the same after a restart and new after New token', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-venue-token-'))
    const credentials = new MemoryCredentialStore()
    const first = await DeviceRegistry.open(dataDir, systemClock, credentials)
    const token = first.controlToken
    expect(token.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(join(dataDir, 'venue.json'), 'utf8')).not.toContain(token)
    expect(await credentials.get(VENUE_SECRETS, 'control-token')).toBe(token)
    expect((await DeviceRegistry.open(dataDir, systemClock, credentials)).controlToken).toBe(token)
    const rotated = await first.rotateControlToken()
    expect(rotated).not.toBe(token)
    expect(await credentials.get(VENUE_SECRETS, 'control-token')).toBe(rotated)
    expect(readFileSync(join(dataDir, 'venue.json'), 'utf8')).not.toContain(rotated)
  })

  it('moves the token an older venue.json held into the keychain and out of the file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-venue-old-'))
    const old = 'a-control-token-companion-was-given-long-ago-0123456789'
    writeFileSync(join(dataDir, 'venue.json'), JSON.stringify({ lan: true, controlToken: old, devices: [] }))
    const credentials = new MemoryCredentialStore()
    const registry = await DeviceRegistry.open(dataDir, systemClock, credentials)
    expect(registry.controlToken).toBe(old)
    expect(registry.lan).toBe(true)
    expect(await credentials.get(VENUE_SECRETS, 'control-token')).toBe(old)
    expect(readFileSync(join(dataDir, 'venue.json'), 'utf8')).not.toContain(old)
  })
})

describe('last seen', () => {
  it('ten doors starting at once are answered before the file is written, then one write a moment later holds all ten', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-venue-seen-'))
    const clock = fakeClock()
    const registry = await DeviceRegistry.open(dataDir, clock, new MemoryCredentialStore())
    const keys = Array.from({ length: 10 }, (_, i) => {
      const { code } = registry.pair(`Door ${i + 1}`, 'door', 't1')
      const paired = registry.exchange(code, '127.0.0.1')
      return 'key' in paired ? paired.key : ''
    })
    const file = join(dataDir, 'venue.json')
    const seenInFile = () =>
      (JSON.parse(readFileSync(file, 'utf8')) as { devices: { lastSeen: number }[] }).devices.map((d) => d.lastSeen)
    const paired = clock.now()
    clock.advance(5 * 60_000)
    const written = statSync(file).mtimeMs
    for (const key of keys) expect(registry.authenticate(key)?.lastSeen).toBe(clock.now())
    // Answered from memory: no request waited for the disk.
    expect(seenInFile()).toEqual(keys.map(() => paired))
    expect(statSync(file).mtimeMs).toBe(written)
    // Written a moment later, on its own: waited for as a state, however busy the machine.
    await expect.poll(seenInFile, { timeout: 30_000, interval: 100 }).toEqual(keys.map(() => clock.now()))
  })
})
