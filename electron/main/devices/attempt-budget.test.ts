// Guessing pairing codes from many addresses at once: each address has its few tries a minute, the whole network a
// budget for wrong codes, and the addresses are forgotten once quiet — and a right code always pairs: no program on
// the LAN keeps the venue from pairing.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { fakeClock } from '../../../tests/support/fake-clock'
import { MemoryCredentialStore } from '../secrets/memory-store'
import { DeviceRegistry, PairingRefused } from './device-registry'
import { PAIRING_FAILURES_PER_MINUTE, AttemptBudget } from './attempt-budget'

/** What the registry answered a code: 'judged' (told wrong), 'wait' (429), or 'paired'. */
function tryCode(registry: DeviceRegistry, code: string, from: string): 'judged' | 'wait' | 'paired' {
  try {
    registry.exchange(code, from)
    return 'paired'
  } catch (error) {
    if (!(error instanceof PairingRefused)) throw error
    return error.status === 429 ? 'wait' : 'judged'
  }
}

describe('pairing attempts', () => {
  it('50 addresses guessing 10 codes each get no more than the network budget judged, and a right code still pairs', async () => {
    const clock = fakeClock()
    const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-pairing-'))
    const registry = await DeviceRegistry.open(dataDir, clock, new MemoryCredentialStore())
    const outcomes: string[] = []
    for (let guess = 0; guess < 10; guess++)
      for (let address = 0; address < 50; address++)
        outcomes.push(tryCode(registry, `ZZZZ-ZZ${guess}${address}`, `10.0.0.${address + 2}`))
    expect(outcomes.filter((o) => o === 'judged')).toHaveLength(PAIRING_FAILURES_PER_MINUTE)
    expect(outcomes.filter((o) => o === 'wait')).toHaveLength(500 - PAIRING_FAILURES_PER_MINUTE)
    // A real code shown on the desk pairs at once from an address that guessed nothing; a guesser waits its minute.
    const { code } = registry.pair('OBS PC', 'overlay', null)
    expect(tryCode(registry, code, '10.0.0.200')).toBe('paired')
    const another = registry.pair('Door PC', 'overlay', null)
    expect(tryCode(registry, another.code, '10.0.0.2')).toBe('wait')
    // A wrong one from an address that guessed nothing waits with everyone else's.
    expect(tryCode(registry, 'ZZZZ-ZZZZ', '10.0.0.200')).toBe('wait')
  })

  it('three addresses with 30 wrong codes keep no fourth from pairing with a right one', async () => {
    const clock = fakeClock()
    const dataDir = mkdtempSync(join(tmpdir(), 'matchdesk-pairing-'))
    const registry = await DeviceRegistry.open(dataDir, clock, new MemoryCredentialStore())
    for (let i = 0; i < 30; i++) tryCode(registry, `WRNG-${i}`, `10.0.3.${i % 3}`)
    const { code } = registry.pair('Door 1', 'overlay', null)
    expect(tryCode(registry, code, '10.0.3.9')).toBe('paired')
  })

  it('forgets addresses once their attempts are a minute old', () => {
    const attempts = new AttemptBudget()
    for (let address = 0; address < 25; address++) attempts.spent(`10.0.1.${address}`, 0)
    expect(attempts.remembered).toBe(25)
    expect(attempts.wait('10.0.9.9', 30_000)).toBeUndefined()
    expect(attempts.remembered).toBe(25)
    expect(attempts.wait('10.0.9.9', 60_000)).toBeUndefined()
    expect(attempts.remembered).toBe(0)
  })

  it('one address waits after its own ten, while others may still try', () => {
    const attempts = new AttemptBudget()
    for (let i = 0; i < 10; i++) attempts.spent('10.0.2.1', 1_000)
    expect(attempts.wait('10.0.2.1', 2_000)).toMatchObject({ retryAfterS: 59 })
    expect(attempts.wait('10.0.2.2', 2_000)).toBeUndefined()
  })
})
