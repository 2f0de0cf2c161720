import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { BracketNode } from '../api'
import { matchNode } from '../../tests/support/bracket-node'
import { autoAssign, readyMatches, upNextOf, type FloorStation, type ReadySources } from './auto-assign'

const node = matchNode

const station = (id: string, extra: Partial<FloorStation> = {}): FloorStation => ({
  id,
  outOfOrder: false,
  streamId: null,
  matchId: null,
  ...extra,
})

const sources = (nodes: BracketNode[], links: Record<string, string[]> = {}, absent: string[] = []): ReadySources => ({
  nodes,
  links: new Map(Object.entries(links)),
  checkedIn: (id) => !absent.includes(id),
})

describe('auto-assign', () => {
  it('fills free stations in order with ready matches, everyone checked in first, then in bracket order', () => {
    const nodes = [node('m1', ['a', 'b']), node('m2', ['c', 'd']), node('m3', ['e', 'f'])]
    const got = autoAssign(sources(nodes, {}, ['a']), [station('s1'), station('s2')])
    expect(got).toEqual([
      { stationId: 's1', matchId: 'm2' },
      { stationId: 's2', matchId: 'm3' },
    ])
  })

  it('leaves out matches queued on a stream, undecided, played or byes, and stations out of order or on a stream', () => {
    const nodes = [
      node('m1', ['a', 'b']),
      node('m2', ['c', null]),
      node('m3', ['e', 'f'], { status: 'completed' }),
      node('m4', ['g', 'h'], { type: 'bye' }),
      node('m5', ['i', 'j']),
    ]
    const stations = [station('s1', { outOfOrder: true }), station('s2', { streamId: 'st' }), station('s3')]
    expect(autoAssign(sources(nodes, { m1: ['st'] }), stations)).toEqual([{ stationId: 's3', matchId: 'm5' }])
  })

  it('never puts a player on two stations (pools give one player several ready matches)', () => {
    const nodes = [node('m1', ['a', 'b']), node('m2', ['a', 'c']), node('m3', ['d', 'e'])]
    expect(autoAssign(sources(nodes), [station('s1'), station('s2'), station('s3')])).toEqual([
      { stationId: 's1', matchId: 'm1' },
      { stationId: 's2', matchId: 'm3' },
    ])
    // A player already on a station keeps their other matches off the floor.
    expect(readyMatches(sources(nodes), [station('s1', { matchId: 'm1' })]).map((n) => n.id)).toEqual(['m3'])
  })

  it('lists Up next in bracket order with what each match waits for: check-in, a player elsewhere, a stream', () => {
    const nodes = [
      node('m1', ['a', 'b']),
      node('m2', ['a', 'c']),
      node('m3', ['d', 'e']),
      node('m4', ['f', 'g']),
      node('m5', ['h', null]),
    ]
    const listed = upNextOf(sources(nodes, { m4: ['st'] }, ['e']), [station('s1', { matchId: 'm1' })])
    expect(listed.map(({ node, waits }) => [node.id, waits])).toEqual([
      ['m2', { notCheckedIn: [], busy: [{ participantId: 'a', stationId: 's1' }], streams: [] }],
      ['m3', { notCheckedIn: ['e'], busy: [], streams: [] }],
      ['m4', { notCheckedIn: [], busy: [], streams: ['st'] }],
    ])
  })

  it('assigns free-for-all matches like duels', () => {
    const nodes = [node('m1', ['a', 'b', 'c', 'd'])]
    expect(autoAssign(sources(nodes), [station('s1')])).toEqual([{ stationId: 's1', matchId: 'm1' }])
  })

  // Random brackets of every shape: duels and FFAs, pools sharing players, played, undecided, byes, stream links,
  // stations free, busy, out of order or on a stream.
  const bracket = fc
    .record({
      matches: fc.array(
        fc.record({
          size: fc.integer({ min: 2, max: 4 }),
          // Distinct players of twelve in a match, so pools share them (-1: a slot waiting for its opponent).
          seats: fc.uniqueArray(fc.integer({ min: -1, max: 11 }), { minLength: 4, maxLength: 4 }),
          status: fc.constantFrom('pending', 'running', 'completed'),
          bye: fc.boolean(),
          stream: fc.option(fc.constantFrom('st1', 'st2'), { freq: 4 }),
          scheduled: fc.option(fc.integer({ min: 0, max: 10 })),
        }),
        { maxLength: 60 },
      ),
      stations: fc.array(
        fc.record({
          outOfOrder: fc.boolean(),
          stream: fc.option(fc.constant('st1'), { freq: 5 }),
          busyWith: fc.option(fc.integer({ min: 0, max: 59 }), { freq: 3 }),
        }),
        { maxLength: 24 },
      ),
      absent: fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 10 }),
    })
    .map(({ matches, stations, absent }) => {
      const nodes = matches.map((m, index) =>
        node(
          `m${index + 1}`,
          m.seats.slice(0, m.size).map((seat) => (seat < 0 ? null : `p${seat}`)),
          {
            status: m.status,
            ...(m.bye && { type: 'bye' as const }),
            scheduled_datetime: m.scheduled === null ? null : `2026-11-23T1${m.scheduled % 10}:00:00Z`,
          },
        ),
      )
      const links = Object.fromEntries(matches.flatMap((m, i) => (m.stream ? [[`m${i + 1}`, [m.stream]]] : [])))
      const floorStations = stations.map((s, i) =>
        station(`s${i + 1}`, {
          outOfOrder: s.outOfOrder,
          streamId: s.stream,
          matchId: s.busyWith !== null && s.busyWith < nodes.length ? `m${s.busyWith + 1}` : null,
        }),
      )
      return { nodes, links, stations: floorStations, absent: absent.map((a) => `p${a}`) }
    })

  it('over random brackets: no match twice, no stream match, no station twice, only free floor stations', () => {
    fc.assert(
      fc.property(bracket, ({ nodes, links, stations, absent }) => {
        const got = autoAssign(sources(nodes, links, absent), stations)
        const byId = new Map(nodes.map((n) => [n.id, n]))
        const matchIds = got.map((a) => a.matchId)
        expect(new Set(matchIds).size).toBe(matchIds.length)
        expect(new Set(got.map((a) => a.stationId)).size).toBe(got.length)
        const already = new Set(stations.flatMap((s) => s.matchId ?? []))
        for (const { stationId, matchId } of got) {
          const s = stations.find((x) => x.id === stationId)!
          expect(s.outOfOrder || s.streamId !== null || s.matchId !== null).toBe(false)
          expect(links[matchId] ?? []).toEqual([])
          expect(already.has(matchId)).toBe(false)
          const match = byId.get(matchId)!
          expect(match.status).not.toBe('completed')
          expect(match.type).not.toBe('bye')
          expect(match.opponents.every((o) => o.participant)).toBe(true)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('over random brackets: no player on two stations, and no free station left while a match could go', () => {
    fc.assert(
      fc.property(bracket, ({ nodes, links, stations, absent }) => {
        const src = sources(nodes, links, absent)
        const got = autoAssign(src, stations)
        const byId = new Map(nodes.map((n) => [n.id, n]))
        const onStations = [...stations.flatMap((s) => s.matchId ?? []), ...got.map((a) => a.matchId)]
        // Players of what is newly assigned never meet on two stations, nor with what is already there.
        const seen = new Map<string, number>()
        for (const id of got.map((a) => a.matchId))
          for (const o of byId.get(id)!.opponents) seen.set(o.participant!.id, (seen.get(o.participant!.id) ?? 0) + 1)
        for (const count of seen.values()) expect(count).toBe(1)
        const before = new Set(
          stations.flatMap((s) => (s.matchId ? byId.get(s.matchId)!.opponents.map((o) => o.participant?.id) : [])),
        )
        for (const player of seen.keys()) expect(before.has(player)).toBe(false)
        // Greedy is maximal: with a free station left, nothing ready remains that shares no player.
        const free = stations.filter((s) => !s.outOfOrder && !s.streamId && !s.matchId).length
        if (got.length < free) {
          const after = stations.map((s) => ({
            ...s,
            matchId: s.matchId ?? got.find((a) => a.stationId === s.id)?.matchId ?? null,
          }))
          expect(readyMatches(src, after).filter((n) => !onStations.includes(n.id))).toEqual([])
        }
      }),
      { numRuns: 300 },
    )
  })
})
