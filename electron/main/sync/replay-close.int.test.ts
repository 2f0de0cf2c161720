// Closing the app while a write is on its way to the service: nothing throws afterwards, and the write is still in the
// outbox when the profile opens again (it goes at the next start).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { createMainServices, type MainPorts } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

it('a write in flight when the profile closes stays in the outbox, and nothing fails after the close', async () => {
  const ports: MainPorts = {
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-replay-close-')),
    credentials: new MemoryCredentialStore(),
    demo: { seed: 1 },
    offline: { probeMinMs: 50, replayBaseMs: 20 },
  }
  const failures: unknown[] = []
  const onRejection = (error: unknown) => failures.push(error)
  process.on('unhandledRejection', onRejection)
  try {
    let services = await createMainServices(ports)
    const sandbox = services.connections.sandbox
    const tournamentId = [...sandbox.store.tournaments.values()].find((t) => t.name === 'Street Fighter Weekly 42')!.id
    const listed = await services.dispatch('participants:list', { tournamentId, filters: {} })
    if (!listed.ok) throw new Error(listed.error.message)
    const person = (listed.value as { items: { id: string; checked_in: boolean }[] }).items.find((p) => !p.checked_in)!
    await sandbox.faults.update({ latencyMs: 600 })
    const written = await services.dispatch('checkin:set', { participantId: person.id, checkedIn: true })
    expect(written.ok).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 100))
    await services.close()
    // The service answers after the close (its latency): the answer must find nothing to fail on.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(failures).toEqual([])

    services = await createMainServices(ports)
    expect(services.connections.active.offline.outbox.ofEntity(`participant:${person.id}`)).toHaveLength(1)
    await services.close()
  } finally {
    process.off('unhandledRejection', onRejection)
  }
})
