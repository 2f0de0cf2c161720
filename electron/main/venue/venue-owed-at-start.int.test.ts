// A check-in a desk owes the service is written when the desk starts, with no scan or change from another desk to set
// it off: the record can hold one (a desk stopped after another desk's naming of its scan arrived, before the write
// that follows each burst ran), and nothing else would ever write it.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { MainServices } from '../composition'
import { demoDesk } from '../../../tests/support/demo-desk'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import type { Participant } from '../../../shared/api'
import { MemoryCredentialStore } from '../secrets/memory-store'

const folder = mkdtempSync(join(tmpdir(), 'matchdesk-owed-'))
let desk: MainServices | undefined
// The desk's keychain outlives its restart, as an OS keychain does (its key signs its entries in the record).
const credentials = new MemoryCredentialStore()
afterAll(async () => {
  await desk?.close()
  rmSync(folder, { recursive: true, force: true })
})

describe('a check-in owed at start', () => {
  it('reaches the service when the desk starts again, with nothing else happening', async () => {
    desk = await demoDesk(folder, { credentials })
    const value = dispatchValue(() => desk!)
    await value('tournaments:list', { filters: {} })
    const tournamentId = [...desk.connections.sandbox.store.tournaments.values()].find(
      (t) => t.name === 'Street Fighter Weekly 42',
    )!.id
    const people = await value<{ items: Participant[] }>('participants:list', { tournamentId, filters: {} })
    const person = people.items.find((p) => !p.checked_in)!
    // The record as a desk stopped mid-burst leaves it: this desk's scan, named its writer, not written.
    const venue = desk.connections.active.offline.venue
    venue.doc.transact(() => {
      venue.checkins.scan('scan-owed-1', person.id, 'Door 1')
      venue.checkins.nameWriters()
    })
    expect(venue.checkins.toWrite()).toEqual([{ participantId: person.id, scanId: 'scan-owed-1' }])
    await desk.close()

    desk = await demoDesk(folder, { credentials })
    const service = desk.connections.sandbox.store
    await expect.poll(() => service.participants.get(person.id)?.checked_in, { timeout: 10_000 }).toBe(true)
    expect(desk.connections.active.offline.venue.checkins.toWrite()).toEqual([])
  })
})
