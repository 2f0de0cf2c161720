// The control token lives in the OS keychain (here its port), never in venue.json; an older venue.json that held it
// has it moved to the keychain, and the token Companion was given keeps working.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
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
