// One check-in decision for every place: the desk's scan (checkin:scan) and a door's scan are decided by the same
// module against the same local copy, in the same words, and the desk sees where and when a door checked someone in.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Participant } from '../../../shared/api'
import { laidOver, type CheckinOutcome, type CheckinPerson } from '../../../shared/checkin/outcome'
import { createMainServices, type MainServices } from '../composition'

let services: MainServices
let tournamentId = ''
let people: Participant[] = []

async function value<T>(channel: string, input: unknown = {}): Promise<T> {
  const result = await services.dispatch(channel, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '')

beforeAll(async () => {
  services = await createMainServices({
    version: 't',
    dataDir: mkdtempSync(join(tmpdir(), 'matchdesk-decision-')),
    demo: { seed: 1 },
    broadcastRefreshMs: 0,
  })
  tournamentId = [...services.connections.sandbox.store.tournaments.values()].find(
    (t) => t.name === 'Street Fighter Weekly 42',
  )!.id
  await value('tournaments:list', { filters: {} })
  people = (await value<{ items: Participant[] }>('participants:list', { tournamentId, filters: {} })).items.filter(
    (p) => !p.checked_in && p.custom_user_identifier,
  )
})
afterAll(() => services.close())

describe('one check-in decision', () => {
  it('words the desk’s and a door’s outcomes alike, and writes once', async () => {
    const [first, second] = people
    const code = first!.custom_user_identifier!
    const atDesk = await value<CheckinOutcome & { updated: Participant }>('checkin:scan', {
      tournamentId,
      code: ` ${code.toLowerCase()} `,
    })
    expect(atDesk).toMatchObject({ outcome: 'checked-in', participant: { id: first!.id, place: 'desk' } })
    expect(plain(atDesk.message)).toBe(`Checked in: ${first!.name}`)
    expect(atDesk.updated).toMatchObject({ id: first!.id, checked_in: true })

    const atDoor = await services.doors.scan(tournamentId, code, 'Door 2')
    expect(atDoor.outcome).toBe('already')
    expect(plain(atDoor.message)).toMatch(
      new RegExp(`^${first!.name}: already checked in at \\d\\d:\\d\\d \\(desk\\)$`),
    )
    const againAtDesk = await value<CheckinOutcome>('checkin:scan', { tournamentId, code })
    expect(againAtDesk.message).toBe(atDoor.message)

    const unknownAtDesk = await value<CheckinOutcome>('checkin:scan', { tournamentId, code: 'NOBODY-1' })
    const unknownAtDoor = await services.doors.scan(tournamentId, 'NOBODY-1', 'Door 2')
    expect(unknownAtDesk).toMatchObject({ outcome: 'unknown', message: 'Unknown code: NOBODY-1' })
    expect(unknownAtDoor.message).toBe(unknownAtDesk.message)

    // A door checks someone in: the desk sees when and where.
    await services.doors.scan(tournamentId, second!.custom_user_identifier!, 'Door 2')
    const everyone = await value<CheckinPerson[]>('checkin:people', { tournamentId })
    expect(everyone.find((p) => p.id === second!.id)).toMatchObject({ checkedIn: true, place: 'Door 2' })
    expect(everyone.find((p) => p.id === first!.id)).toMatchObject({ checkedIn: true, place: 'desk' })
    await services.connections.active.offline.replayer.drain(15_000)
    const store = services.connections.sandbox.store.participants
    expect([store.get(first!.id)?.checked_in, store.get(second!.id)?.checked_in]).toEqual([true, true])
  })

  it('a tap’s answer that reaches a door after the live list’s “sent” does not bring “waiting” back', async () => {
    const person = people[2]!
    const told: CheckinPerson[] = []
    const stop = services.doors.subscribe(tournamentId, ({ participants }) => told.push(...participants))
    const answer = await services.doors.set(tournamentId, person.id, true, 'Door 1')
    expect(answer.participant).toMatchObject({ checkedIn: true, waiting: true })
    await services.connections.active.offline.replayer.drain(15_000)
    await expect.poll(() => told.some((p) => p.id === person.id && !p.waiting)).toBe(true)
    stop()
    const sent = told.filter((p) => p.id === person.id).at(-1)!
    // The two come by different ways: whichever order they arrive in, the door shows what the desk said last.
    for (const arrived of [
      [sent, answer.participant!],
      [answer.participant!, sent],
    ])
      expect(laidOver({}, arrived)[person.id]).toMatchObject({ checkedIn: true, place: 'Door 1', waiting: false })
  })

  it('refuses a code over 128 characters, naming the field', async () => {
    const refused = await services.dispatch('checkin:scan', { tournamentId, code: 'x'.repeat(129) })
    expect(refused).toMatchObject({ ok: false, error: { code: 'validation' } })
    expect(JSON.stringify(refused)).toMatch(/code: at most 128 characters/)
  })
})
