import { describe, expect, it } from 'vitest'
import type { FloorMatch, FloorState, StationView } from './floor'
import { floorNumbers, sortedStations, stationState } from './station-state'

const match = (status: FloorMatch['status'] = 'pending'): FloorMatch => ({
  id: 'm',
  label: 'Match',
  status,
  scheduledAt: null,
  opponents: [
    { name: 'A', participantId: 'a', checkedIn: true },
    { name: 'B', participantId: 'b', checkedIn: true },
  ],
})
const station = (number: number, rest: Partial<StationView> = {}): StationView => ({
  id: `s${number}`,
  number,
  name: `Station ${number}`,
  outOfOrder: false,
  stream: null,
  match: null,
  call: null,
  players: null,
  ...rest,
})
const call = (deadline: number, arrived = [false, false], calledAt = 0) => ({ calledAt, deadline, arrived, times: 1 })
const NOW = 1_000_000

describe('a station’s state', () => {
  it('is what a floor manager needs to know first: out of order, then the call, then the match', () => {
    expect(stationState(station(1), NOW)).toBe('free')
    expect(stationState(station(1, { match: match() }), NOW)).toBe('assigned')
    expect(stationState(station(1, { match: match(), call: call(NOW + 1) }), NOW)).toBe('called')
    // At the deadline itself the call is late, as the countdown shows 0:00.
    expect(stationState(station(1, { match: match(), call: call(NOW) }), NOW)).toBe('late')
    expect(stationState(station(1, { match: match(), call: call(NOW - 1, [true, true]) }), NOW)).toBe('playing')
    expect(stationState(station(1, { match: match('running') }), NOW)).toBe('playing')
    expect(stationState(station(1, { outOfOrder: true, match: match(), call: call(NOW - 1) }), NOW)).toBe(
      'out-of-order',
    )
    const stream = { id: 'st', name: 'Main' }
    expect(stationState(station(1, { stream }), NOW)).toBe('stream')
    expect(stationState(station(1, { stream, match: match() }), NOW)).toBe('stream')
    expect(stationState(station(1, { stream, match: match(), call: call(NOW - 1) }), NOW)).toBe('late')
  })

  it('sorts late first, then called, playing, assigned, a stream’s, free, out of order; by number within each', () => {
    const stations = [
      station(1, { outOfOrder: true }),
      station(2),
      station(3, { match: match() }),
      station(4, { match: match(), call: call(NOW + 5) }),
      station(5, { match: match(), call: call(NOW - 5) }),
      station(6, { match: match('running') }),
      station(7, { stream: { id: 'st', name: 'Main' } }),
      station(8, { match: match(), call: call(NOW - 9) }),
    ]
    expect(sortedStations(stations, 'state', NOW).map((s) => s.number)).toEqual([5, 8, 4, 6, 3, 7, 2, 1])
    expect(sortedStations([...stations].reverse(), 'number', NOW).map((s) => s.number)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ])
  })

  it('counts the floor: free, playing, called, late, ready matches and the oldest waiting call', () => {
    const state = {
      stations: [
        station(1),
        station(2, { match: match(), call: call(NOW + 5, [false, false], NOW - 50) }),
        station(3, { match: match(), call: call(NOW - 5, [false, false], NOW - 500) }),
        station(4, { match: match(), call: call(NOW + 5, [true, true], NOW - 900) }),
      ],
      upNext: [
        { ...match(), waits: [] },
        { ...match(), waits: [{ kind: 'not-checked-in', names: ['B'] }] },
      ],
    } as unknown as FloorState
    // Station 4's players are all there: its call no longer waits, so the oldest is station 3's.
    expect(floorNumbers(state, NOW)).toEqual({
      free: 1,
      playing: 1,
      called: 1,
      late: 1,
      ready: 1,
      oldestCallAt: NOW - 500,
    })
  })
})
