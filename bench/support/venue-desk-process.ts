// One desk of `bench/venue-desks.ts`, started in its own network namespace. First the Takes: desk 1 opens its hub to
// the venue network, makes a pairing code for each other desk and, once they joined, takes matches on one stream;
// every other desk records each feed its own hub serves for that stream, with the time it arrived. Then the cut: the
// last desk is cut off from the others (the outer script takes its link down) for 30 minutes of event time, during
// which it and desk 1 check people in at their doors (some at both), put matches on stations (some the same) and take
// one match on two streams; once the link is back, every desk reports what its copy says until all agree, and what it
// wrote to its own stand-in service. They meet through files in a shared folder.
import { existsSync, readFileSync } from 'node:fs'
import { deskFiles } from '../../tests/support/desk-files'
import type { Feed } from '../../shared/broadcast/feed'
import type { HubStatus, PairingCode } from '../../shared/ipc/hub'
import type { SharingState } from '../../shared/venue/sharing'
import { readEvents } from '../../tests/support/event-stream-reader'
import { linkedDuels } from '../../tests/support/linked-duels'
import { startLanDesk } from '../../tests/security/lan-desk'

const [index, folder, desksText, takesText] = process.argv.slice(2) as [string, string, string, string]
const desk = Number(index)
const desks = Number(desksText)
const TAKES = Number(takesText)
const { at, writeFileSync, sleep, until } = deskFiles(folder, desk)

const lan = await startLanDesk()
const { value, services } = lan
/** People checked in during the cut, matches put on stations, stations, and the cut's real length. */
const PEOPLE = 60
const MATCHES = 12
const STATIONS = 16
const CUT_MS = 20_000
// The same people on every desk's stand-in service, not checked in yet, before any copy reads them.
const store = services.connections.sandbox.store.participants
const tournamentOf = new Map<string, string>()
const people = [...store.values()]
  .map((p) => p.id)
  .sort()
  .slice(0, PEOPLE)
for (const id of people) {
  const record = store.get(id)!
  store.set(id, { ...record, checked_in: false })
  tournamentOf.set(id, record.tournament_id)
}
const linked = await linkedDuels(value, 2)
const { streamId } = linked
// The other stream the cut desk takes on: the same duels linked to it too.
const otherStream = linked.streams.find((s) => s.id !== streamId)!.id
for (const duel of linked.duels)
  await value('match-streams:replace', { matchId: duel.id, streamIds: [streamId, otherStream] })

if (desk === 1) {
  const on = await value<HubStatus>('hub:configure', { lan: true })
  const codes: Record<number, string> = {}
  for (let other = 2; other <= desks; other++)
    codes[other] = (await value<PairingCode>('hub:pair', { name: `Desk ${other}`, kind: 'desk' })).code
  writeFileSync(at('host.json'), JSON.stringify({ url: on.lanUrls[0]!.url, codes }))
  for (let other = 2; other <= desks; other++) await until(() => existsSync(at(`ready-${other}`)))
  // Takes one after another, alternating two duels, each time written down before it is made.
  const takes: { matchId: string; at: number }[] = []
  for (let i = 0; i < TAKES; i++) {
    const matchId = linked.duels[i % 2]!.id
    takes.push({ matchId, at: Date.now() })
    await value('broadcast:take', { streamId, matchId })
    await sleep(150)
  }
  await sleep(2000)
  writeFileSync(at('takes.json'), JSON.stringify(takes))
} else {
  const host = await until(
    () =>
      existsSync(at('host.json')) &&
      (JSON.parse(readFileSync(at('host.json'), 'utf8')) as { url: string; codes: Record<string, string> }),
  )
  const { url, codes } = host
  await value('venue:join', { address: url, code: codes[desk] })
  await until(async () => (await value<SharingState>('venue:sharing')).link === 'connected')
  // The stream's feed as this desk's own hub serves it to an overlay.
  const response = await fetch(`${services.hub!.url}/feed/v1/streams/${streamId}/events`)
  const events = readEvents(response)
  const seen: { matchId: string | null; at: number }[] = []
  let reading = true
  void (async () => {
    while (reading) {
      const feed = await events.next<Feed>('feed').catch(() => null)
      if (!feed) break
      seen.push({ matchId: feed.onAir?.id ?? null, at: Date.now() })
    }
  })()
  writeFileSync(at(`ready-${desk}`), '')
  await until(() => existsSync(at('takes.json')), 10 * 60_000)
  reading = false
  writeFileSync(at(`seen-${desk}.json`), JSON.stringify(seen))
  await events.close().catch(() => undefined)
}
await theCut()
await services.close()
process.exit(0)

/** The cut and the merge after it (see the top). */
async function theCut(): Promise<void> {
  const cutDesk = desks
  // Every desk checks in, puts matches on stations and takes on streams: the host makes each a head organiser.
  type Roles = { desks: { deskId: string; role: string; you: boolean }[] }
  if (desk === 1) {
    await until(async () => (await value<Roles>('venue:roles')).desks.length === desks)
    for (const other of (await value<Roles>('venue:roles')).desks.filter((d) => !d.you))
      await value('venue:set-role', { deskId: other.deskId, role: 'head' })
  } else await until(async () => (await value<Roles>('venue:roles')).desks.find((d) => d.you)?.role === 'head')
  const floorTournament = [...services.connections.sandbox.store.tournaments.values()].find(
    (t) => t.name === 'Street Fighter Weekly 42',
  )!.id
  await value('streams:list', { tournamentId: floorTournament, filters: {} })
  await value('match-streams:of-tournament', { tournamentId: floorTournament })
  await value('bracket:nodes', { tournamentId: floorTournament, filters: {} })
  for (const tournamentId of new Set(tournamentOf.values()))
    await value('participants:list', { tournamentId, filters: {} })
  type Floor = {
    stations: { id: string; match: { id: string } | null }[]
    upNext: { id: string; waits: { kind: string }[] }[]
  }
  const floor = () => value<Floor>('floor:state', { tournamentId: floorTournament })
  if (desk === 1)
    await value('floor:create-stations', { tournamentId: floorTournament, prefix: 'Station', from: 1, to: STATIONS })
  await until(async () => (await floor()).stations.length === STATIONS)
  writeFileSync(at(`before-cut-${desk}`), '')
  if (desk === 1) {
    for (let other = 1; other <= desks; other++) await until(() => existsSync(at(`before-cut-${other}`)))
    writeFileSync(at('cut'), '')
  }
  await until(() => existsSync(at('cut-down')))
  const ready = (await floor()).upNext
    .filter((m) => m.waits.every((w) => w.kind === 'not-checked-in'))
    .map((m) => m.id)
    .sort()
    .slice(0, MATCHES)
  const stations = (await floor()).stations.map((s) => s.id)
  /** What this desk's doors answered during the cut, by outcome. */
  const outcomes: Record<string, number> = {}
  if (desk === 1 || desk === cutDesk) {
    // Desk 1 takes the first two thirds of the people, the cut desk the last two thirds: a third at both doors.
    const mine = desk === 1 ? people.slice(0, (PEOPLE * 2) / 3) : people.slice(PEOPLE / 3)
    if (people.length !== PEOPLE) throw new Error(`desk ${desk}: ${people.length} people, not ${PEOPLE}`)
    const steps = mine.length + ready.length + 1
    const pause = CUT_MS / steps
    for (const participantId of mine) {
      const { outcome } = await value<{ outcome: string }>('checkin:decide', {
        tournamentId: tournamentOf.get(participantId),
        participantId,
        checkedIn: true,
      })
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
      await sleep(pause)
    }
    for (const [i, matchId] of ready.entries()) {
      const stationId = desk === 1 ? stations[i]! : stations[STATIONS - 1 - i]!
      await value('floor:assign', { tournamentId: floorTournament, stationId, matchId }).catch(() => undefined)
      await sleep(pause)
    }
    // One match on two streams: desk 1 on its stream, the cut desk on the other.
    const stream = desk === 1 ? streamId : otherStream
    await value('broadcast:take', { streamId: stream, matchId: linked.duels[0]!.id })
    writeFileSync(at(`ops-${desk}`), '')
  }
  await until(() => existsSync(at('healed')), 10 * 60_000)
  const healedAt = Number(readFileSync(at('healed'), 'utf8'))
  // What this desk's copy says, again and again, until every desk's says the same.
  const venue = services.connections.active.offline.venue
  const said = async () => {
    const view = venue.view()
    const onFloor = (await floor()).stations.map((s) => [s.id, s.match?.id ?? null])
    return JSON.stringify({
      onAir: [...view.onAir].sort(),
      onFloor,
      scans: view.scans.size,
      writers: [...view.writers].sort(),
      written: [...view.written.keys()].sort(),
    })
  }
  // A desk that never sees every copy agree gives up (and so ends) rather than staying behind, busy, on the machine.
  const givesUpAt = Date.now() + 5 * 60_000
  for (;;) {
    if (Date.now() > givesUpAt) throw new Error(`desk ${desk}: the copies did not agree within 5 minutes`)
    writeFileSync(at(`said-${desk}.json`), JSON.stringify({ at: Date.now(), said: await said() }))
    if (existsSync(at('converged'))) break
    if (desk === 1) {
      const all = Array.from({ length: desks }, (_, i) => at(`said-${i + 1}.json`))
      if (all.every((file) => existsSync(file))) {
        const texts = all.map((file) => (JSON.parse(readFileSync(file, 'utf8')) as { said: string }).said)
        if (texts.every((text) => text === texts[0])) writeFileSync(at('converged'), String(Date.now() - healedAt))
      }
    }
    await sleep(100)
  }
  const view = venue.view()
  const onAir = [...view.onAir.values()]
  const onFloor = (await floor()).stations.flatMap((s) => (s.match ? [s.match.id] : []))
  // Let writes named at the merge reach this desk's stand-in service.
  await until(() => services.connections.active.offline.outbox.unsentEntities().size === 0, 30_000).catch(
    () => undefined,
  )
  writeFileSync(
    at(`result-${desk}.json`),
    JSON.stringify({
      said: await said(),
      scans: view.scans.size,
      matchOnTwoStreams: onAir.length !== new Set(onAir).size,
      matchOnTwoStations: onFloor.length !== new Set(onFloor).size,
      outcomes,
      wroteHere: people.filter((id) => services.connections.sandbox.store.participants.get(id)?.checked_in),
    }),
  )
}
