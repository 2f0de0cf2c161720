// Three desks sharing one venue document, driven by random operations while the LAN is cut and healed at random: at
// every step each desk's view keeps the venue's invariants; once healed and synced, every copy is the same, nothing
// any desk did is lost, and every person scanned anywhere was written to the service exactly once.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { VenueDoc, type VenueView } from './venue-doc'

const STREAMS = ['s1', 's2', 's3']
const MATCHES = ['m1', 'm2', 'm3', 'm4']
const STATIONS = ['st1', 'st2']
const PEOPLE = ['p1', 'p2', 'p3']
const DESKS = 3
/** Desk 0 hosts the venue: it alone names each person's writer. */
const HOST = 0

type Op =
  | { kind: 'take'; desk: number; stream: string; match: string | null }
  | { kind: 'assign'; desk: number; match: string; station: string | null }
  | { kind: 'call'; desk: number; station: string; deadline: number }
  | { kind: 'scan'; desk: number; person: string }
  | { kind: 'write'; desk: number }
  | { kind: 'name-writers' }
  | { kind: 'partition'; groups: number[] }
  | { kind: 'heal' }
  | { kind: 'tick'; ms: number }

const desk = fc.integer({ min: 0, max: DESKS - 1 })
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('take'),
    desk,
    stream: fc.constantFrom(...STREAMS),
    match: fc.option(fc.constantFrom(...MATCHES), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('assign'),
    desk,
    match: fc.constantFrom(...MATCHES),
    station: fc.option(fc.constantFrom(...STATIONS), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('call'),
    desk,
    station: fc.constantFrom(...STATIONS),
    deadline: fc.integer({ min: 1, max: 10_000 }),
  }),
  // Doors scan and write often, and the host names writers often: what a cut must not make double.
  { arbitrary: fc.record({ kind: fc.constant('scan'), desk, person: fc.constantFrom(...PEOPLE) }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('write'), desk }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('name-writers') }), weight: 3 },
  // Which side of the cut each desk is on (0 or 1): desks on one side reach each other only.
  {
    arbitrary: fc.record({
      kind: fc.constant('partition'),
      groups: fc.array(fc.integer({ min: 0, max: 1 }), { minLength: DESKS, maxLength: DESKS }),
    }),
    weight: 1,
  },
  fc.record({ kind: fc.constant('heal') }),
  fc.record({ kind: fc.constant('tick'), ms: fc.integer({ min: 0, max: 5_000 }) }),
)

/** The invariants every desk's view keeps at every moment. */
function invariantsBroken(view: VenueView): string[] {
  const broken: string[] = []
  const onAirMatches = [...view.onAir.values()]
  if (new Set(onAirMatches).size !== onAirMatches.length) broken.push('a match on air on two streams')
  const stationMatches = [...view.stations.values()]
  if (new Set(stationMatches).size !== stationMatches.length) broken.push('a match on two stations')
  for (const [station, call] of view.calls)
    if (view.stations.get(station) !== call.matchId) broken.push(`a call for a match ${station} does not hold`)
  for (const [person, written] of view.written)
    if (view.scans.get(written.scanId)?.participantId !== person) broken.push(`${person} written from another's scan`)
  return broken
}

/** A view as plain data, to compare desks. */
const plain = (view: VenueView) =>
  JSON.stringify(Object.fromEntries(Object.entries(view).map(([k, v]) => [k, [...(v as Map<string, unknown>)].sort()])))

function run(ops: Op[]) {
  let clock = Date.parse('2026-11-28T10:00:00Z')
  // Each desk's clock is off by a few seconds, as laptops' are.
  const desks = Array.from({ length: DESKS }, (_, i) => new VenueDoc(`desk-${i}`, () => clock + i * 1_700))
  let groups = Array.from({ length: DESKS }, () => 0)
  const service = new Map<string, number>()
  const scanned = new Set<string>()
  let scans = 0
  const reach = (a: number, b: number) => groups[a] === groups[b]
  /** Every pair that reaches each other exchanges what the other lacks (as the host relays it). */
  const sync = () => {
    for (let a = 0; a < DESKS; a++)
      for (let b = 0; b < DESKS; b++) {
        if (a === b || !reach(a, b)) continue
        const update = Y.encodeStateAsUpdate(desks[a]!.doc, Y.encodeStateVector(desks[b]!.doc))
        Y.applyUpdate(desks[b]!.doc, update)
      }
  }
  const write = (d: VenueDoc) => {
    for (const { participantId, scanId } of d.toWrite()) {
      service.set(participantId, (service.get(participantId) ?? 0) + 1)
      d.wrote(participantId, scanId)
    }
  }
  for (const step of ops) {
    switch (step.kind) {
      case 'take':
        desks[step.desk]!.take(step.stream, step.match)
        break
      case 'assign':
        desks[step.desk]!.assign(step.match, step.station)
        break
      case 'call': {
        const held = desks[step.desk]!.view().stations.get(step.station)
        if (held) desks[step.desk]!.call(step.station, held, clock + step.deadline)
        break
      }
      case 'scan':
        desks[step.desk]!.scan(`scan-${++scans}`, step.person, `Door ${step.desk}`)
        scanned.add(step.person)
        break
      case 'write':
        write(desks[step.desk]!)
        break
      case 'name-writers':
        desks[HOST]!.nameWriters()
        break
      case 'partition':
        groups = step.groups
        break
      case 'heal':
        groups = groups.map(() => 0)
        break
      case 'tick':
        clock += step.ms
        break
    }
    sync()
    for (const d of desks) expect(invariantsBroken(d.view())).toEqual([])
    // Never twice, even while cut off.
    for (const count of service.values()) expect(count).toBe(1)
  }
  // The LAN back: everything reaches everyone, the host names the writers left, each desk writes its own.
  groups = groups.map(() => 0)
  sync()
  desks[HOST]!.nameWriters()
  sync()
  for (const d of desks) write(d)
  sync()
  const views = desks.map((d) => d.view())
  for (const view of views) expect(invariantsBroken(view)).toEqual([])
  expect(new Set(views.map(plain)).size).toBe(1)
  expect(views[0]!.scans.size).toBe(scans)
  expect([...service.keys()].sort()).toEqual([...scanned].sort())
  for (const count of service.values()) expect(count).toBe(1)
  expect(new Set(views[0]!.written.keys())).toEqual(scanned)
}

describe('the shared venue document across three desks', () => {
  it('keeps the invariants at every step, converges once healed, loses nothing and writes each check-in once', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 120, size: 'max' }), (ops) => run(ops)),
      { numRuns: 300 },
    )
  })

  it('settles two desks taking one match at once on the stream that took it last, the other showing nothing', () => {
    let clock = 1_000
    const [a, b] = [new VenueDoc('desk-a', () => clock), new VenueDoc('desk-b', () => clock)]
    a.take('main', 'm1')
    clock += 10
    b.take('side', 'm1')
    Y.applyUpdate(a.doc, Y.encodeStateAsUpdate(b.doc))
    Y.applyUpdate(b.doc, Y.encodeStateAsUpdate(a.doc))
    for (const view of [a.view(), b.view()]) expect([...view.onAir]).toEqual([['side', 'm1']])
  })
})
