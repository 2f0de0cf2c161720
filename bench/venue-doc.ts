// The venue's shared document at the large Demo venue's size after a full day (goal: under 20 MB in memory), made as
// a live venue makes it: three desks changing it at once, each change reaching the others at once (so no desk's
// changes run together) — the producers' desk taking 40 matches on each of 128 streams, the floor assigning the Mega
// Open's 4,094 matches to 64 stations (a fifth moved once) and calling each (a third called again), the door scanning
// 5,000 people (one in ten twice, at a second door), the host naming writers as scans come and the doors writing.
// Reports the heap one desk's copy holds (read back, with its index), its size on disk, and the times.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import * as Y from 'yjs'
import { VenueDoc } from '../electron/main/venue/venue-doc'
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

/** The day's changes in the order they happen, each by its desk. */
function* day(): Generator<[desk: 'producer' | 'floor' | 'door', change: (desk: VenueDoc, now: number) => void]> {
  const takes = STREAMS * TAKES_PER_STREAM
  const steps = Math.max(takes, MATCHES, PEOPLE)
  for (let i = 0; i < steps; i++) {
    if (i < takes) yield ['producer', (d) => d.take(`stream-${i % STREAMS}`, `m${(i * 31) % MATCHES}`)]
    if (i < MATCHES) {
      const station = `station-${i % STATIONS}`
      yield ['floor', (d) => d.assign(`m${i}`, station)]
      if (i % 5 === 0) yield ['floor', (d) => d.assign(`m${i}`, `station-${(i + 1) % STATIONS}`)]
      yield ['floor', (d, now) => d.call(station, `m${i}`, now + 300_000)]
      if (i % 3 === 0) yield ['floor', (d, now) => d.call(station, `m${i}`, now + 600_000)]
    }
    if (i < PEOPLE) {
      yield ['door', (d) => d.scan(`scan-${i}`, `p${i}`, 'Door 1')]
      if (i % 10 === 0) yield ['floor', (d) => d.scan(`scan-again-${i}`, `p${i}`, 'Door 2')]
    }
  }
}

let now = Date.parse('2026-11-28T09:00:00Z')
const make = (id: string) => new VenueDoc(`d-${id}`, () => now)
let producer: VenueDoc | undefined = make('producer')
let floor: VenueDoc | undefined = make('floor')
let door: VenueDoc | undefined = make('door')
const desks = () => [producer!, floor!, door!]
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
    producer.nameWriters()
    for (const d of [floor, door]) for (const { participantId, scanId } of d.toWrite()) d.wrote(participantId, scanId)
  }
}
producer.nameWriters()
for (const d of [floor, door]) for (const { participantId, scanId } of d.toWrite()) d.wrote(participantId, scanId)
const dayMs = performance.now() - started
floor.doc.destroy()
door.doc.destroy()
floor = door = undefined
// Only the day's document, as bytes, stays: every desk of the day is gone.
const state = Y.encodeStateAsUpdate(producer.doc)
producer.doc.destroy()
producer = undefined

// A desk's copy as it holds it through the day: the document read back (as at a restart) with its index and view.
const before = await heapMb()
const reading = performance.now()
const doc = new Y.Doc()
Y.applyUpdate(doc, state)
const copy = new VenueDoc('d-restarted', () => now, doc)
copy.view()
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
  view: { on_air: view.onAir.size, stations: view.stations.size, written: view.written.size, scans: view.scans.size },
})
