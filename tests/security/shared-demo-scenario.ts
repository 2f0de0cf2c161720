// One desk of `shared-demo-venue.test.ts`, started in its own network namespace: three desks on one bridge, the Demo
// venue's sandbox on the bridge's address (`npm run sandbox -- --host`), each desk connected to that one service as a
// person would be (Connect → another deployment, plain http on the staff network). Desk 1 hosts; desks 2 and 3 join;
// desk 1 makes desk 2 the door lead's and desk 3 the floor's. Desk 2 checks a person in at its desk; every desk notes
// when its list shows it and with which time and place; desk 3 makes stations and desk 1 notes their numbers; desk 1
// reads how many check-ins reached the one service. The desks meet through files in a shared folder.
import { existsSync, readFileSync } from 'node:fs'
import { SCOPES } from '../../shared/api'
import type { HubStatus, PairingCode } from '../../shared/ipc/hub'
import type { CheckinPerson } from '../../shared/checkin/outcome'
import type { FloorState } from '../../shared/floor/floor'
import type { SharingState } from '../../shared/venue/sharing'
import { deskFiles } from '../support/desk-files'
import { startLanDesk } from './lan-desk'

const [index, folder] = process.argv.slice(2) as [string, string]
const desk = Number(index)
const DESKS = [1, 2, 3]
const TOURNAMENT = 'Street Fighter Weekly 42'
const { at, writeFileSync, until } = deskFiles(folder, desk)
const read = <T>(name: string): T | false => existsSync(at(name)) && (JSON.parse(readFileSync(at(name), 'utf8')) as T)

const step = (what: string) => console.log(`desk ${desk}: ${what}`)
const { value, services } = await startLanDesk()
// The one service on the staff network, as its command line printed it.
type Printed = Record<'organizer' | 'participant' | 'v1' | 'auth' | 'account' | 'origin', string> &
  Record<'apiKey' | 'clientId' | 'clientSecret', string>
const service = await until(() => read<Printed>('sandbox.json'))
const profile = await value<{ id: string }>('profiles:save', {
  name: 'Venue Demo',
  clientId: service.clientId,
  apiKey: service.apiKey,
  clientSecret: service.clientSecret,
  method: 'client-credentials',
  scopes: [...SCOPES],
  baseUrls: {
    organizer: service.organizer,
    participant: service.participant,
    v1: service.v1,
    auth: service.auth,
    account: service.account,
  },
})
await value('profiles:activate', { id: profile.id })
step('on the shared service')
const tournaments = await value<{ items: { id: string; name: string }[] }>('tournaments:list', { filters: {} })
const tournamentId = tournaments.items.find((t) => t.name === TOURNAMENT)!.id
await value('participants:list', { tournamentId, filters: {} })
const venue = () => services.connections.active.offline.venue
const own = (await value<HubStatus>('hub:configure', { lan: true })).lanUrls[0]!.url

if (desk === 1) {
  const codes: Record<number, string> = {}
  for (const other of [2, 3])
    codes[other] = (await value<PairingCode>('hub:pair', { name: `Desk ${other}`, kind: 'desk' })).code
  writeFileSync(at('host.json'), JSON.stringify({ url: own, codes }))
} else {
  const { url, codes } = await until(() => read<{ url: string; codes: Record<string, string> }>('host.json'))
  await value('venue:join', { address: url, code: codes[desk] })
  await until(async () => (await value<SharingState>('venue:sharing')).link === 'connected')
}
step('in the venue')
await until(() => venue().deskAddresses().length === DESKS.length)
step('knows every desk')
writeFileSync(at(`ready-${desk}.json`), JSON.stringify({ deskId: venue().deskId }))
const deskIds = await Promise.all(DESKS.map((n) => until(() => read<{ deskId: string }>(`ready-${n}.json`))))

if (desk === 1) {
  await value('venue:set-role', { deskId: deskIds[1]!.deskId, role: 'door' })
  await value('venue:set-role', { deskId: deskIds[2]!.deskId, role: 'floor' })
}
const roleOf = { 1: 'head', 2: 'door', 3: 'floor' }[desk]
await until(() => venue().roleOf(venue().deskId) === roleOf)
step(`is ${roleOf}`)

const people = () => value<CheckinPerson[]>('checkin:people', { tournamentId })
if (desk === 2) {
  const person = (await people()).find((p) => !p.checkedIn)!
  await value('checkin:decide', { tournamentId, participantId: person.id, checkedIn: true })
  writeFileSync(at('checked.json'), JSON.stringify({ participantId: person.id, at: Date.now() }))
}
step('waits for the check-in')
const checked = await until(() => read<{ participantId: string; at: number }>('checked.json'))
const seen = await until(async () => {
  const person = (await people()).find((p) => p.id === checked.participantId)
  return person?.checkedIn && person.place !== null && person
})
writeFileSync(
  at(`seen-${desk}.json`),
  JSON.stringify({ ms: Date.now() - checked.at, checkedInAt: seen.checkedInAt, place: seen.place }),
)

if (desk === 3) await value('floor:create-stations', { tournamentId, prefix: 'Station', from: 1, to: 4 })
if (desk === 1) {
  const floor = await until(async () => {
    const state = await value<FloorState>('floor:state', { tournamentId })
    return state.stations.length === 4 && state
  })
  writeFileSync(at('stations.json'), JSON.stringify(floor.stations.map((s) => [s.number, s.name])))
}
/** How many check-ins the one service was written (every desk's PATCH of a participant reaches it). */
const patches = async () => {
  const stats = (await (
    await fetch(`${service.origin}/_sandbox/stats`, { headers: { 'x-api-key': service.apiKey } })
  ).json()) as { routes: Record<string, number> }
  return Object.entries(stats.routes)
    .filter(([route]) => route.startsWith('PATCH ') && route.includes('participants'))
    .reduce((sum, [, count]) => sum + count, 0)
}
await until(async () => (await patches()) > 0)
writeFileSync(at(`done-${desk}`), '')
await until(() => DESKS.every((n) => existsSync(at(`done-${n}`))))
// Every desk has written what it owed by now (each saw the write reach the service): counted once more, at the end.
if (desk === 1) writeFileSync(at('service.json'), JSON.stringify({ patches: await patches() }))
await services.close()
process.exit(0)
