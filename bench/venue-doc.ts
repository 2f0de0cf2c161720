// The venue's shared record at the large Demo venue's size after a full day (goal: under 20 MB in memory), made as a
// live venue makes it: three desks changing it at once, every entry signed, each change reaching the others at once
// (so no desk's changes run together) — the head organiser's desk taking 40 matches on each of 128 streams (each
// Take sharing the stream's state), the floor putting the Mega Open's 4,094 matches on 64 stations (a fifth moved
// once) and calling each (a third called again), the door scanning 5,000 people (one in ten twice, at the head's
// door), the host naming writers as scans come and the doors writing. Reports the heap one desk's copy holds (read
// back as at a restart: every entry's signature checked, with its index), its size on disk, and the times.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import * as Y from 'yjs'
import { DeskIdentity } from '../electron/main/venue/desk-identity'
import { VenueRecord } from '../electron/main/venue/venue-record'
import { report, round } from './support/stats'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
/** The heap in use once everything unreachable is collected (garbage of the day included: several rounds). */
const heapMb = async () => {
  for (let round = 0; round < 4; round++) {
    gc()
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return process.memoryUsage().heapUsed / 1024 / 1024
}

/** How many Yjs items hold the log (a desk's changes made one after another merge into one). */
const countItems = (doc: Y.Doc) => [...doc.store.clients.values()].reduce((sum, structs) => sum + structs.length, 0)

const STREAMS = 128
const TAKES_PER_STREAM = 40
const MATCHES = 4094
const STATIONS = 64
const PEOPLE = 5000
const GOAL_MB = 20

/** A stream's desk state as a Take shares it (about the size a real one is: the feed's match, queue and casters). */
const streamState = (i: number) => ({ state: { streamId: `stream-${i % STREAMS}`, take: i }, desk: 'x'.repeat(1500) })

/** A station as the floor shares it: its match, and when it was put there and called. */
const station = (stationId: string, matchId: string, at: number, calledAt: number | null) => ({
  tournamentId: 'mega-open',
  station: { number: Number(stationId.split('-')[1]), name: stationId, outOfOrder: false, streamId: null },
  assignment: { matchId, assignedAt: at, calledAt, deadline: calledAt && calledAt + 300_000, arrived: [], times: 0 },
})

/** The day's changes in the order they happen, each by its desk. */
function* day(): Generator<[desk: 'producer' | 'floor' | 'door', change: (desk: VenueRecord, now: number) => void]> {
  const takes = STREAMS * TAKES_PER_STREAM
  const steps = Math.max(takes, MATCHES, PEOPLE)
  for (let i = 0; i < steps; i++) {
    if (i < takes)
      yield [
        'producer',
        (d) => {
          d.streams.take(`stream-${i % STREAMS}`, `m${(i * 31) % MATCHES}`)
          d.streams.share(`stream-${i % STREAMS}`, streamState(i))
        },
      ]
    if (i < MATCHES) {
      const at = `station-${i % STATIONS}`
      yield ['floor', (d, now) => d.streams.shareStation(at, station(at, `m${i}`, now, null))]
      if (i % 5 === 0) {
        const next = `station-${(i + 1) % STATIONS}`
        yield ['floor', (d, now) => d.streams.shareStation(next, station(next, `m${i}`, now, null))]
      }
      yield ['floor', (d, now) => d.streams.shareStation(at, station(at, `m${i}`, now, now))]
      if (i % 3 === 0) yield ['floor', (d, now) => d.streams.shareStation(at, station(at, `m${i}`, now, now + 1))]
    }
    if (i < PEOPLE) {
      yield ['door', (d) => d.checkins.scan(`scan-${i}`, `p${i}`, 'Door 1')]
      if (i % 10 === 0) yield ['producer', (d) => d.checkins.scan(`scan-again-${i}`, `p${i}`, 'Door 2')]
    }
  }
}

let now = Date.parse('2026-11-28T09:00:00Z')
const identities = { producer: DeskIdentity.make(), floor: DeskIdentity.make(), door: DeskIdentity.make() }
const make = (id: keyof typeof identities) =>
  new VenueRecord({ deskId: `d-${id}`, identity: identities[id], root: null, now: () => now })
let producer: VenueRecord | undefined = make('producer')
let floor: VenueRecord | undefined = make('floor')
let door: VenueRecord | undefined = make('door')
// The head organiser's desk founds the venue and admits the floor and the door with their roles.
producer.found('Main desk')
for (const [desk, role] of [
  [floor, 'floor'],
  [door, 'door'],
] as const) {
  const admittedAt = producer.admit(desk.deskId, identities[role === 'floor' ? 'floor' : 'door'].publicKey, role, role)
  desk.rebase(producer.venue, admittedAt)
}
const desks = () => [producer!, floor!, door!]
for (const to of [floor, door]) Y.applyUpdate(to.doc, Y.encodeStateAsUpdate(producer.doc), 'lan')
for (const from of [floor, door]) Y.applyUpdate(producer.doc, Y.encodeStateAsUpdate(from.doc), 'lan')
// The LAN: each change reaches the other desks at once (as the sync does between changes made seconds apart).
for (const from of desks())
  from.doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === 'lan') return
    for (const to of desks()) if (to !== from) Y.applyUpdate(to.doc, update, 'lan')
  })
const started = performance.now()
let changes = 0
for (const [who, change] of day()) {
  now += 1_500
  change(who === 'producer' ? producer : who === 'floor' ? floor : door, now)
  changes++
  // The host (the producers' desk) names writers as scans come; the doors write theirs.
  if (changes % 50 === 0) {
    producer.checkins.nameWriters()
    for (const d of [floor, door])
      for (const { participantId, scanId } of d.checkins.toWrite()) d.checkins.wrote(participantId, scanId)
  }
}
producer.checkins.nameWriters()
for (const d of [floor, door])
  for (const { participantId, scanId } of d.checkins.toWrite()) d.checkins.wrote(participantId, scanId)
const dayMs = performance.now() - started
floor.doc.destroy()
door.doc.destroy()
floor = door = undefined
// Only the day's document, as bytes, stays: every desk of the day is gone.
const state = Y.encodeStateAsUpdate(producer.doc)
producer.doc.destroy()
producer = undefined

// A desk's copy as it holds it through the day: the record read back (as at a restart: every signature checked) with
// its index and view.
const root = identities.producer.publicKey
const before = await heapMb()
const reading = performance.now()
const copy = new VenueRecord({ deskId: 'd-producer', identity: identities.producer, root, now: () => now })
Y.applyUpdate(copy.doc, state)
const doc = copy.doc
copy.view()
copy.streams.stations()
const readMs = performance.now() - reading
const held = (await heapMb()) - before
const view = copy.view()

report({
  day: { changes, streams: STREAMS, matches: MATCHES, stations: STATIONS, people: PEOPLE },
  heap_mb: round(held, 2),
  goal_mb: GOAL_MB,
  within_goal: held < GOAL_MB,
  yjs_items: countItems(doc),
  on_disk_kb: round(state.byteLength / 1024, 1),
  day_ms: round(dayMs, 1),
  read_back_and_view_ms: round(readMs, 1),
  view: {
    on_air: view.onAir.size,
    stations: copy.streams.stations().size,
    written: view.written.size,
    scans: view.scans.size,
    refused: copy.refused().length,
  },
})
