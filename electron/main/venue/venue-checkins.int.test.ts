// Check-ins at two desks of one shared venue, over real HTTP and WebSocket, each desk on the Demo venue (its own
// stand-in service, so what each desk wrote is counted apart): a person checked in at one desk is written once, and
// the other desk says "already checked in" at that door without writing; a person checked in at both desks while
// they are cut off from each other is written by one desk only once they meet again; a check-out lets them in again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Participant } from '../../../shared/api'
import type { CheckinOutcome } from '../../../shared/checkin/outcome'
import { twoDesks, type TwoDesks } from '../../../tests/support/two-desks'

let desks: TwoDesks
const onHost = <T>(channel: string, input?: unknown) => desks.onHost<T>(channel, input)
const onMember = <T>(channel: string, input?: unknown) => desks.onMember<T>(channel, input)
let tournamentId = ''
let waiting: Participant[] = []
const decide = (value: typeof onHost, participantId: string, checkedIn = true) =>
  value<CheckinOutcome>('checkin:decide', { tournamentId, participantId, checkedIn })
/** Which desks' services have the person checked in (each desk writes to its own stand-in service). */
const writtenAt = (participantId: string) =>
  (['host', 'member'] as const).filter(
    (desk) => desks[desk].connections.sandbox.store.participants.get(participantId)?.checked_in === true,
  )

beforeAll(async () => {
  desks = await twoDesks('venue-checkins')
  tournamentId = [...desks.host.connections.sandbox.store.tournaments.values()].find(
    (t) => t.name === 'Street Fighter Weekly 42',
  )!.id
  for (const value of [onHost, onMember]) {
    await value('tournaments:list', { filters: {} })
    const people = await value<{ items: Participant[] }>('participants:list', { tournamentId, filters: {} })
    waiting = people.items.filter((p) => !p.checked_in)
  }
  await desks.join('Door desk', 'door')
}, 60_000)
afterAll(() => desks?.close())

describe('one venue’s check-ins on two desks', () => {
  it('writes a person checked in at one desk once, and the other desk says already', async () => {
    await expect.poll(() => desks.link()).toBe('connected')
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
    await desks.closeHost()
    await expect.poll(() => desks.link()).toBe('connecting')
    // The member's door decides at once; its write waits for the host to name who writes.
    expect(await decide(onMember, person.id)).toMatchObject({ outcome: 'checked-in' })
    // The host back on another port for a while (the member cannot reach it there): its own door checks them in too.
    await desks.restartHost('elsewhere')
    expect(await decide(onHost, person.id)).toMatchObject({ outcome: 'checked-in' })
    await expect.poll(() => writtenAt(person.id)).toEqual(['host'])
    await desks.restartHost()
    await expect.poll(() => desks.link()).toBe('connected')
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

  it('shows a check-in at the other desk’s door on this desk’s list and doors at once, with the venue’s time and place', async () => {
    await expect.poll(() => desks.link()).toBe('connected')
    const person = waiting[2]!
    const told: { id: string; checkedIn: boolean; place: string | null }[] = []
    const stop = desks.host.doors.subscribe(tournamentId, (batch) => told.push(...batch.participants))
    const updated: string[] = []
    const stopBus = desks.host.bus.subscribe((event, payload) => {
      if (event === 'cache:updated') updated.push((payload as { scope: string }).scope)
    })
    expect(await decide(onMember, person.id)).toMatchObject({ outcome: 'checked-in' })
    // The host's door list is told, and its Check-in view is told to read the list again.
    await expect.poll(() => told.find((p) => p.id === person.id)?.checkedIn).toBe(true)
    expect(updated).toContain(tournamentId)
    type Person = { id: string; checkedIn: boolean; checkedInAt: string | null; place: string | null }
    const on = async (value: typeof onHost) =>
      (await value<Person[]>('checkin:people', { tournamentId })).find((p) => p.id === person.id)
    const atMember = await on(onMember)
    expect(await on(onHost)).toEqual({ ...atMember, waiting: expect.any(Boolean), asOf: expect.any(Number) })
    // Once the host's copy of its own service says checked in too, the time and place are still the venue's.
    desks.host.connections.sandbox.store.participants.get(person.id)!.checked_in = true
    await onHost('participants:list', { tournamentId, filters: {} })
    expect(await on(onHost)).toMatchObject({
      checkedIn: true,
      place: atMember!.place,
      checkedInAt: atMember!.checkedInAt,
    })
    stop()
    stopBus()
  })
})
