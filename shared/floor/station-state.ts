// What a floor manager reads off a station at a glance — free, assigned, called, late, playing, out of order, a
// stream's — and the whole floor in numbers: a pure function of the floor and the time, for the desk's tiles, their
// sorting ("late first") and, later, Companion's feedbacks.
import type { FloorState, StationView } from './floor'

export const STATION_STATES = ['late', 'called', 'playing', 'assigned', 'stream', 'free', 'out-of-order'] as const
/** A station's state; the list's order is "most in need of the floor manager first". */
export type StationState = (typeof STATION_STATES)[number]

/** Whether everyone of a called match is at the station. */
const allArrived = (station: StationView) => station.call !== null && station.call.arrived.every(Boolean)

export function stationState(station: StationView, now: number): StationState {
  if (station.outOfOrder) return 'out-of-order'
  const { match, call } = station
  if (match && call && !allArrived(station)) return now >= call.deadline ? 'late' : 'called'
  if (match && (match.status === 'running' || allArrived(station))) return 'playing'
  if (station.stream) return 'stream'
  return match ? 'assigned' : 'free'
}

/** The stations by number (as made), or by state, most in need first and by number within a state. */
export function sortedStations(stations: readonly StationView[], by: 'number' | 'state', now: number): StationView[] {
  const sorted = [...stations].sort((a, b) => a.number - b.number)
  if (by === 'number') return sorted
  const rank = new Map(STATION_STATES.map((state, index) => [state, index]))
  return sorted
    .map((station) => ({ station, rank: rank.get(stationState(station, now))! }))
    .sort((a, b) => a.rank - b.rank || a.station.number - b.station.number)
    .map(({ station }) => station)
}

export interface FloorNumbers {
  free: number
  playing: number
  called: number
  late: number
  /** Up next matches that could go on a station now (nothing waits). */
  ready: number
  /** When the oldest call still waiting for its players was made (ms), or null when none waits. */
  oldestCallAt: number | null
}

export function floorNumbers(state: FloorState, now: number): FloorNumbers {
  const count = { free: 0, playing: 0, called: 0, late: 0 }
  let oldestCallAt: number | null = null
  for (const station of state.stations) {
    const at = stationState(station, now)
    if (at === 'free' || at === 'playing' || at === 'called' || at === 'late') count[at]++
    if ((at === 'called' || at === 'late') && (oldestCallAt === null || station.call!.calledAt < oldestCallAt))
      oldestCallAt = station.call!.calledAt
  }
  return { ...count, ready: state.upNext.filter((m) => m.waits.length === 0).length, oldestCallAt }
}
