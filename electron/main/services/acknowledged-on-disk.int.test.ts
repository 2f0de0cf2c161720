// "Acknowledged means on disk" with writes that share one flush: a door's scan over the hub and the desk's check-in
// over IPC are answered only once the WAL flush that follows their commit has ended, and a burst of scans shares it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Participant } from '../../../shared/api'
import type { DoorOutcome } from '../../../shared/venue/door'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import { pairDevice } from '../../../tests/support/pair-device'
import { createMainServices, type MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const pagesDir = mkdtempSync(join(tmpdir(), 'matchdesk-pages-'))
mkdirSync(join(pagesDir, 'assets'))
writeFileSync(join(pagesDir, 'door.html'), '<!doctype html><title>door</title>')

/** While held, every WAL flush waits (as a slow disk would) before it syncs; each one started is counted. */
let held: Promise<void> | undefined
let release = () => {}
let flushes = 0
function hold(): void {
  held = new Promise<void>((resolve) => (release = resolve))
}
const flushWal = async (handle: FileHandle) => {
  flushes++
  await held
  await handle.sync()
}

let services: MainServices
const value = dispatchValue(() => services)
let tournamentId = ''
let people: Participant[] = []
let doorKey = ''

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-on-disk-')),
    credentials: new MemoryCredentialStore(),
    demo: { seed: 1 },
    hub: { port: 0, pagesDir },
    broadcastRefreshMs: 0,
    offline: { probeMinMs: 50, replayBaseMs: 20, flushWal },
  })
  tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
    (t) => t.name === 'Street Fighter Weekly 42',
  )!.id
  await value('tournaments:list', { filters: {} })
  people = (await value<{ items: Participant[] }>('participants:list', { tournamentId, filters: {} })).items.filter(
    (p) => !p.checked_in && p.custom_user_identifier,
  )
  doorKey = await pairDevice(value, services.hub!.url, 'Door 1', 'door', tournamentId)
})
afterAll(() => services.close())

const scan = (code: string) =>
  fetch(`${services.hub!.url}/door/v1/scan`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-matchdesk-key': doorKey },
    body: JSON.stringify({ code }),
  }).then(async (answer) => (await answer.json()) as DoorOutcome)

/** Whether a promise has settled after everything else that is ready has run. */
async function answered(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(() => (done = true))
  await new Promise((resolve) => setTimeout(resolve, 100))
  return done
}

describe('acknowledged once on disk', () => {
  it('answers a burst of door scans only after the one flush that follows them', async () => {
    hold()
    const before = flushes
    const scans = people.slice(0, 5).map((p) => scan(p.custom_user_identifier!))
    await expect.poll(() => flushes).toBeGreaterThan(before)
    expect(await answered(Promise.race(scans))).toBe(false)
    // Committed already (a kill -9 keeps it): only the flush is waited for.
    const local = services.connections.active.offline.cache
    expect(people.slice(0, 5).every((p) => local.get('participants', p.id)?.checked_in)).toBe(true)
    release()
    const outcomes = await Promise.all(scans)
    expect(outcomes.map((o) => o.outcome)).toEqual(Array(5).fill('checked-in'))
    // The five commits came close together: they shared a flush or two, not one each.
    expect(flushes - before).toBeLessThan(5)
  })

  it('answers the desk’s check-in over IPC only after its flush', async () => {
    hold()
    const person = people[5]!
    const set = value<{ state: string }>('checkin:set', { participantId: person.id, checkedIn: true })
    expect(await answered(set)).toBe(false)
    release()
    expect(await set).toMatchObject({ state: expect.any(String) })
  })

  it('answers a scan that writes nothing without waiting for a flush', async () => {
    hold()
    const already = await scan(people[0]!.custom_user_identifier!)
    expect(already.outcome).toBe('already')
    release()
  })
})
