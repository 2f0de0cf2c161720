// One desk of `shared-demo-venue.test.ts`, started in its own network namespace: three desks on one bridge, the Demo
// venue's sandbox on the bridge's address (`npm run sandbox -- --host`), each desk connected to that one service as a
// person would be (Connect → another deployment, plain http on the staff network). Desk 1 hosts; desks 2 and 3 join;
// desk 1 makes desk 2 the door lead's and desk 3 the floor's. Desk 2 checks a person in; every desk notes when its
// list shows it, with which time and place; desk 3 makes stations, desk 1 notes their numbers; desk 3 calls a match,
// desk 1's doors hear it, its result entered on the service frees the station and every desk reads its audit log;
// a door paired at desk 2 scans after desk 2 was made the producer's; every desk says who hosts; desk 1 hands the
// hosting to desk 2 while every desk samples whom it syncs with; desk 1 reads how many check-ins reached the service;
// desk 2, hosting, stops dead and desks 1 and 3 sample whom they sync with until one of them hosts the other.
// The desks meet through files in a shared folder.
import { existsSync, readFileSync } from 'node:fs'
import { SCOPES } from '../../shared/api'
import type { HubStatus, PairingCode } from '../../shared/ipc/hub'
import type { CheckinPerson } from '../../shared/checkin/outcome'
import { placeable, type FloorState } from '../../shared/floor/floor'
import type { AuditPage, VenueRoles } from '../../shared/venue/roles'
import type { SharingState } from '../../shared/venue/sharing'
import { deskFiles } from '../support/desk-files'
import { pairDevice } from '../support/pair-device'
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
// The bracket as the floor reads it (its matches are what stations are given).
await value('bracket:nodes', { tournamentId, filters: {} })
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
// A call made at the floor's desk rings the doors of the host's desk (its door list's call events, as a door hears them).
if (desk === 1) {
  const rang: number[] = []
  services.floor.subscribeCalls(tournamentId, (event) => event === 'called' && rang.push(Date.now()))
  writeFileSync(at('listening-1'), '')
  const called = await until(() => read<{ at: number; matchId: string }>('called.json'))
  await until(() => rang.length > 0)
  writeFileSync(at('rang.json'), JSON.stringify({ ms: rang[0]! - called.at }))
  // The match played out: its result entered on the service (as the organiser would there).
  const ended = await fetch(`${service.origin}/_sandbox/matches/${called.matchId}/result`, {
    method: 'POST',
    headers: { 'x-api-key': service.apiKey },
  })
  if (ended.status !== 200) throw new Error(`the match's result was refused: ${ended.status} ${await ended.text()}`)
  writeFileSync(at('result.json'), '{}')
}
if (desk === 3) {
  await until(() => existsSync(at('listening-1')))
  const floor = await value<FloorState>('floor:state', { tournamentId })
  const match = floor.upNext.find(placeable)!
  const stationId = floor.stations[0]!.id
  await value('floor:assign', { tournamentId, stationId, matchId: match.id })
  await value('venue:set-operator', { operator: 'Ana' })
  const callAt = Date.now()
  await value('floor:call', { tournamentId, stationId })
  writeFileSync(at('called.json'), JSON.stringify({ at: callAt, matchId: match.id }))
  // The floor's desk may not pair a door: it says so before pairing (a door paired here would refuse every scan).
  const { pairingRefused } = await value<HubStatus>('hub:status')
  writeFileSync(at('refusal-3.json'), JSON.stringify({ door: pairingRefused.door ?? null }))
}
await until(() => existsSync(at('rang.json')))

// The floor's desk reads the result: the station is freed by the desk itself, and every desk's audit log says so as
// automatic with its cause — a person (Ana, who called the match) only with what she pressed.
if (desk === 3) {
  await until(() => existsSync(at('result.json')))
  await until(async () => {
    await value('bracket:nodes', { tournamentId, filters: {} })
    return (await value<FloorState>('floor:state', { tournamentId })).stations[0]!.match === null
  })
}
const audit = await until(async () => {
  const { entries } = await value<AuditPage>('venue:audit', { search: 'Station 1', subject: 'station' })
  const freed = entries.filter((e) => e.what.startsWith('Freed'))
  return freed.length > 0 && entries.map((e) => ({ operator: e.operator, automatic: e.automatic, what: e.what }))
})
writeFileSync(at(`audit-${desk}.json`), JSON.stringify(audit))

// A door paired at the door lead's desk, whose desk is then made the producer's: its scans are refused in the door's
// words at that desk and at the host (a door moves between desks), none written to the service.
if (desk === 2)
  writeFileSync(
    at('door-7.json'),
    JSON.stringify({ key: await pairDevice(value, own, 'Door 7', 'door', tournamentId) }),
  )
if (desk === 1) {
  await until(() => existsSync(at('door-7.json')))
  await value('venue:set-role', { deskId: deskIds[1]!.deskId, role: 'producer' })
}
if (desk === 2) {
  await until(() => venue().roleOf(venue().deskId) === 'producer')
  const { key } = await until(() => read<{ key: string }>('door-7.json'))
  const person = (await people()).find((p) => !p.checkedIn)!
  const scans = []
  let hostScanAt = 0
  for (const hub of [own, (await until(() => read<{ url: string }>('host.json'))).url]) {
    hostScanAt = Date.now()
    const answer = await fetch(`${hub}/door/v1/scan`, {
      method: 'POST',
      headers: { 'x-matchdesk-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ code: person.id }),
    })
    scans.push({ status: answer.status, ...((await answer.json()) as { outcome: string; message: string }) })
  }
  writeFileSync(at('door-scans.json'), JSON.stringify(scans))
  writeFileSync(at('door-seen.json'), JSON.stringify({ at: hostScanAt }))
}
await until(() => existsSync(at('door-scans.json')))

// Every desk's Devices says when the door was last seen at any desk (the host saw it last; desk 3 never did), and the
// host's says it heard each joined desk after pairing it.
const hostScanAt = (await until(() => read<{ at: number }>('door-seen.json'))).at
const lastSeen = await until(async () => {
  const { devices } = await value<HubStatus>('hub:status')
  const door = devices.find((d) => d.name === 'Door 7')
  const desks = devices.filter((d) => d.kind === 'desk')
  const heard = desk !== 1 || (desks.length === 2 && desks.every((d) => d.lastSeen !== null && d.lastSeen > d.pairedAt))
  return (
    door?.lastSeen !== null && door!.lastSeen >= hostScanAt && heard && { door: door!.lastSeen, desks: desks.length }
  )
})
writeFileSync(at(`last-seen-${desk}.json`), JSON.stringify(lastSeen))

// What each desk says of the venue: the host that two desks joined, and which desk hosts.
const words = await until(async () => {
  const [state, roles] = [await value<SharingState>('venue:sharing'), await value<VenueRoles>('venue:roles')]
  return (
    roles.host !== null &&
    (desk !== 1 || state.joined === 2) && { role: state.role, joined: state.joined, host: roles.host }
  )
})
writeFileSync(at(`words-${desk}.json`), JSON.stringify(words))

// The hosting handed from desk 1 to desk 2: every desk samples whom it syncs with every 20 ms until all three are with
// desk 2, noting any moment it hosted desks itself (desk 2 aside) or synced with another host.
await until(() => DESKS.every((n) => existsSync(at(`words-${n}.json`))))
if (desk === 2) writeFileSync(at('hub-2.json'), JSON.stringify({ url: own }))
const newHost = (await until(() => read<{ url: string }>('hub-2.json'))).url
const oldHost = (await until(() => read<{ url: string }>('host.json'))).url
if (desk === 1) {
  await until(() => existsSync(at('hub-2.json')))
  writeFileSync(at('handing.json'), JSON.stringify({ at: Date.now() }))
  await value('venue:hand-over', { deskId: deskIds[1]!.deskId })
}
const handing = await until(() => read<{ at: number }>('handing.json'))
const strays: string[] = []
const settledAt = await until(async () => {
  const state = await value<SharingState>('venue:sharing')
  if (desk !== 2 && state.role === 'host' && state.joined > 0) strays.push('hosted')
  if (state.link === 'connected' && state.host !== newHost && state.host !== oldHost) strays.push(state.host!)
  const settled =
    desk === 2 ? state.role === 'host' && state.joined === 2 : state.link === 'connected' && state.host === newHost
  return settled && Date.now()
})
writeFileSync(at(`handover-${desk}.json`), JSON.stringify({ ms: settledAt - handing.at, strays }))
// Each desk of the audit log under one name: the names it shows, every line read.
const { entries: everyLine } = await value<AuditPage>('venue:audit', {})
writeFileSync(at(`audit-desks-${desk}.json`), JSON.stringify([...new Set(everyLine.map((e) => e.desk))].sort()))

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
await until(() => existsSync(at('service.json')))

// The host (desk 2 now) crashes: no goodbye, its sockets closed by the system (a pulled plug, silent, is the
// election benchmark's and venue-failover.test.ts's case). Desks 1 and 3 sample whom
// they sync with every 20 ms until desk 1 (the most senior desk up) hosts with desk 3 joined, noting any moment desk 3
// hosted desks or either synced with a third host.
if (desk === 2) {
  writeFileSync(at('killed.json'), JSON.stringify({ at: Date.now() }))
  // Exits without closing anything, as a killed process does (a plain exit keeps the bridge's wait for every desk
  // simple).
  process.exit(0)
}
const killed = await until(() => read<{ at: number }>('killed.json'))
const failStrays: string[] = []
const failedOverAt = await until(async () => {
  const state = await value<SharingState>('venue:sharing')
  if (desk === 3 && state.role === 'host' && state.joined > 0) failStrays.push('hosted')
  if (state.link === 'connected' && state.host !== oldHost && state.host !== newHost) failStrays.push(state.host!)
  const settled =
    desk === 1 ? state.role === 'host' && state.joined === 1 : state.link === 'connected' && state.host === oldHost
  return settled && Date.now()
})
// The election's entry (the handover's, a person's, says the same words without a cause).
const elected = await until(async () => {
  const { entries } = await value<AuditPage>('venue:audit', {
    search: 'elected when its host was gone',
    subject: 'venue',
  })
  return entries.length > 0 && entries[0]!
})
// Neither desk stops before the other settled and read the election (a host that closes goes away from its desks).
writeFileSync(at(`failed-over-${desk}`), '')
await until(() => existsSync(at(`failed-over-${desk === 1 ? 3 : 1}`)))
writeFileSync(
  at(`failover-${desk}.json`),
  JSON.stringify({
    ms: failedOverAt - killed.at,
    strays: failStrays,
    elected: { operator: elected.operator, automatic: elected.automatic, what: elected.what },
  }),
)
await services.close()
process.exit(0)
