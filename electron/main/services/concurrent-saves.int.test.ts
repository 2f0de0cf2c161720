// Forty saves at once, as a hurried renderer might send them: each succeeds, the file stays whole, secrets stay put.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

let services: MainServices
const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-concurrent-'))
const credentials = new MemoryCredentialStore()

beforeAll(async () => {
  services = await createMainServices({ version: '1', dataDir, credentials, demo: { seed: 1 } })
})
afterAll(() => services.close())

const profile = (i: number, id?: string) => ({
  ...(id && { id }),
  name: `Venue ${i}`,
  clientId: `client-${i}`,
  apiKey: `api-key-number-${i}`,
  clientSecret: `client-secret-${i}`,
  method: 'client-credentials',
  scopes: ['organizer:view'],
})

describe('concurrent profile saves', () => {
  it('saves 40 new profiles at once, then edits them all at once, without losing one or a secret', async () => {
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) => services.dispatch('profiles:save', profile(i))),
    )
    expect(created.filter((r) => !r.ok)).toEqual([])
    const ids = created.map((r) => (r.ok ? (r.value as { id: string }).id : ''))
    // Edits that keep the addresses and omit the secrets, interleaved with activations.
    const edits = await Promise.all(
      ids.flatMap((id, i) => [
        services.dispatch('profiles:save', {
          ...profile(i, id),
          name: `Venue ${i} (edited)`,
          apiKey: undefined,
          clientSecret: undefined,
        }),
        services.dispatch('profiles:activate', { id }),
      ]),
    )
    expect(edits.filter((r) => !r.ok)).toEqual([])
    const file = JSON.parse(readFileSync(join(dataDir, 'profiles.json'), 'utf8')) as {
      profiles: { id: string; name: string }[]
    }
    expect(file.profiles.filter((p) => p.name.endsWith('(edited)'))).toHaveLength(40)
    for (const [i, id] of ids.entries()) {
      expect(await credentials.get(id, 'api-key')).toBe(`api-key-number-${i}`)
      expect(await credentials.get(id, 'client-secret')).toBe(`client-secret-${i}`)
    }
    expect(readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([])
  })
})
