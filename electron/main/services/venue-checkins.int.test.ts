// Check-ins at two desks of one shared venue, over real HTTP and WebSocket, each desk on the Demo venue (its own
// stand-in service, so what each desk wrote is counted apart): a person checked in at one desk is written once, and
// the other desk says "already checked in" at that door without writing; a person checked in at both desks while
// they are cut off from each other is written by one desk only once they meet again; a check-out lets them in again.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Participant } from '../../../shared/api'
import type { CheckinOutcome } from '../../../shared/checkin/outcome'
import type { PairingCode } from '../../../shared/ipc/hub'
import type { SharingState } from '../../../shared/venue/sharing'
import { demoDesk } from '../../../tests/support/demo-desk'
import { dispatchValue } from '../../../tests/support/dispatch-value'
import type { MainServices } from '../composition'
import { MemoryCredentialStore } from '../secrets/memory-store'

const folders = [0, 1, 2].map((i) => mkdtempSync(join(tmpdir(), `matchdesk-venue-checkins-${i}-`)))
const [hostDir, memberDir, pagesDir] = folders as [string, string, string]
writeFileSync(join(pagesDir, 'overlay.html'), '<!doctype html><title>overlay</title>')
const retry = { first: 100, most: 300 }
let host: MainServices
let member: MainServices
const onHost = dispatchValue(() => host)
const onMember = dispatchValue(() => member)
let tournamentId = ''
let waiting: Participant[] = []
const startHost = (port = 0) => demoDesk(hostDir, { hub: { port, pagesDir }, venueRetryMs: retry })
const decide = (value: typeof onHost, participantId: string, checkedIn = true) =>
  value<CheckinOutcome>('checkin:decide', { tournamentId, participantId, checkedIn })
/** Which desks' services have the person checked in (each desk writes to its own stand-in service). */
const writtenAt = (participantId: string) =>
  (['host', 'member'] as const).filter(
    (desk) => ({ host, member })[desk].connections.sandbox.store.participants.get(participantId)?.checked_in === true,
  )

beforeAll(async () => {
  host = await startHost()
  member = await demoDesk(memberDir, { credentials: new MemoryCredentialStore(), venueRetryMs: retry })
  tournamentId = [...host.connections.sandbox.store.tournaments.values()].find(
    (t) => t.name === 'Street Fighter Weekly 42',
  )!.id
  for (const value of [onHost, onMember]) {
    await value('tournaments:list', { filters: {} })
    const people = await value<{ items: Participant[] }>('participants:list', { tournamentId, filters: {} })
    waiting = people.items.filter((p) => !p.checked_in)
  }
  const { code } = await onHost<PairingCode>('hub:pair', { name: 'Door desk', kind: 'desk' })
  await onMember('venue:join', { address: host.hub!.url, code })
}, 60_000)
afterAll(async () => {
  await member?.close()
  await host?.close()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe('one venue’s check-ins on two desks', () => {
  it('writes a person checked in at one desk once, and the other desk says already', async () => {
    await expect.poll(async () => (await onMember<SharingState>('venue:sharing')).link).toBe('connected')
    const person = waiting[0]!
    expect(await decide(onMember, person.id)).toMatchObject({ outcome: 'checked-in' })
    await expect.poll(() => writtenAt(person.id)).toEqual(['member'])
    // The host's door: already checked in, at the member's desk place — nothing written on the host's side.
    await expect.poll(async () => (await decide(onHost, person.id)).outcome).toBe('already')
    const people = await onHost<{ id: string; checkedIn: boolean; place: string | null }[]>('checkin:people', {
      tournamentId,
    })
    expect(people.find((p) => p.id === person.id)).toMatchObject({ checkedIn: true, place: 'desk' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(writtenAt(person.id)).toEqual(['member'])
  })

  it('writes a person checked in at both desks while cut off by one desk only, once they meet again', async () => {
    const person = waiting[1]!
    const port = Number(new URL(host.hub!.url).port)
    await host.close()
    await expect.poll(async () => (await onMember<SharingState>('venue:sharing')).link).toBe('connecting')
    // The member's door decides at once; its write waits for the host to name who writes.
    expect(await decide(onMember, person.id)).toMatchObject({ outcome: 'checked-in' })
    // The host back on another port for a while (the member cannot reach it there): its own door checks them in too.
    host = await startHost()
    expect(await decide(onHost, person.id)).toMatchObject({ outcome: 'checked-in' })
    await expect.poll(() => writtenAt(person.id)).toEqual(['host'])
    expect(writtenAt(person.id)).toEqual(['host'])
    await host.close()
    host = await startHost(port)
    await expect.poll(async () => (await onMember<SharingState>('venue:sharing')).link).toBe('connected')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(writtenAt(person.id)).toEqual(['host'])
  })

  it('lets a person checked out check in again', async () => {
    const person = waiting[0]!
    await decide(onMember, person.id, false)
    await expect.poll(() => writtenAt(person.id)).toEqual([])
    await expect.poll(async () => (await decide(onHost, person.id)).outcome).toBe('checked-in')
    await expect.poll(() => writtenAt(person.id)).toEqual(['host'])
  })
})
