// The show as the hub last told it: each stream's state and OBS, each tournament's floor with its clock offset. Says
// whether an event changed the show's shape (a stream or station came or went, a queue changed), which redefines
// the module's variables, actions and presets, or only values, which only updates them. What the hub tells is checked
// first (`wire.ts`) and held within bounds — a venue's streams and floors, as many as the desk itself runs — so a hub
// that announces 20,000 streams or sends a stream without its name leaves the module as it was, saying why.
import { WIRE_EVENTS, type WireFloor, type WireObs, type WireStream, type WireStation } from './wire.js'

/** The most streams and tournaments' floors the module follows (the desk runs 128 streams). */
export const MOST_STREAMS = 128
export const MOST_FLOORS = 16

/** What became of an event: the show's shape changed or not, or it was passed over (and why, for the log). */
export type Applied = boolean | { passedOver: string }

export interface StationSeen {
  tournamentId: string
  tournament: string
  station: WireStation
}

export class ShowState {
  readonly streams = new Map<string, WireStream>()
  readonly obs = new Map<string, WireObs>()
  readonly floors = new Map<string, WireFloor>()
  /** Per tournament, this machine's clock minus the hub's when its floor was told (ms). */
  private readonly offsets = new Map<string, number>()

  constructor(private readonly now: () => number = Date.now) {}

  /** Takes one event in; true when the show's shape changed. Unknown events change nothing. */
  apply(name: string, data: unknown): Applied {
    if (name === 'stream') return this.applyStream(data)
    if (name === 'obs') return this.applyObs(data)
    if (name === 'floor') return this.applyFloor(data)
    return false
  }

  /** An action's answer is the same state an event would carry. */
  applyStream(data: unknown): Applied {
    const checked = read('stream', data)
    if ('passedOver' in checked) return checked
    const state = checked.value
    const before = this.streams.get(state.streamId)
    if (!before && this.streams.size >= MOST_STREAMS)
      return { passedOver: `more than ${MOST_STREAMS} streams: the first ${MOST_STREAMS} are followed` }
    // Worked out before what is held: an answer that came after a later event changes nothing.
    if (before?.revision !== undefined && state.revision !== undefined && state.revision < before.revision) return false
    this.streams.set(state.streamId, state)
    return !before || before.feed.stream.name !== state.feed.stream.name || shapeOf(before) !== shapeOf(state)
  }

  applyObs(data: unknown): Applied {
    const checked = read('obs', data)
    if ('passedOver' in checked) return checked
    const state = checked.value
    const before = this.obs.get(state.streamId)
    if (!before && this.obs.size >= MOST_STREAMS)
      return { passedOver: `more than ${MOST_STREAMS} streams' OBS: the first ${MOST_STREAMS} are followed` }
    this.obs.set(state.streamId, state)
    return !before || before.scenes.join('\n') !== (state.scenes ?? []).join('\n')
  }

  applyFloor(data: unknown): Applied {
    const checked = read('floor', data)
    if ('passedOver' in checked) return checked
    const state = checked.value
    const before = this.floors.get(state.tournamentId)
    if (!before && this.floors.size >= MOST_FLOORS)
      return { passedOver: `more than ${MOST_FLOORS} tournaments' floors: the first ${MOST_FLOORS} are followed` }
    this.floors.set(state.tournamentId, state)
    this.offsets.set(state.tournamentId, this.now() - state.now)
    const numbers = (floor: WireFloor | undefined) => floor?.stations.map((s) => `${s.number}:${s.name}`).join() ?? ''
    return numbers(before) !== numbers(state)
  }

  /** Streams in a stable order (by name): the order of variables, dropdowns and presets. */
  streamList(): WireStream[] {
    return [...this.streams.values()].sort((a, b) => a.feed.stream.name.localeCompare(b.feed.stream.name))
  }

  /** Every station of every tournament followed. */
  stations(): StationSeen[] {
    return [...this.floors.values()].flatMap((floor) =>
      floor.stations.map((station) => ({ tournamentId: floor.tournamentId, tournament: floor.tournament, station })),
    )
  }

  /**
   * Seconds left before a called station's players are late (0: late), or null when no call stands or everyone
   * arrived: the venue board's own count.
   */
  dqSecondsLeft(tournamentId: string, station: WireStation): number | null {
    const call = station.call
    if (!call || (call.arrived.length > 0 && call.arrived.every(Boolean))) return null
    const hubNow = this.now() - (this.offsets.get(tournamentId) ?? 0)
    return Math.max(0, Math.floor((call.deadline - hubNow) / 1000))
  }

  /** Takes everything another show holds (a new connection's opening burst): what it does not hold is gone. */
  replaceWith(other: ShowState): void {
    this.clear()
    for (const [id, state] of other.streams) this.streams.set(id, state)
    for (const [id, state] of other.obs) this.obs.set(id, state)
    for (const [id, state] of other.floors) this.floors.set(id, state)
    for (const [id, offset] of other.offsets) this.offsets.set(id, offset)
  }

  clear(): void {
    this.streams.clear()
    this.obs.clear()
    this.floors.clear()
    this.offsets.clear()
  }
}

/** An event's data checked against what the module reads (its first problem said, for the log). */
function read<K extends keyof typeof WIRE_EVENTS>(
  name: K,
  data: unknown,
): { value: { stream: WireStream; obs: WireObs; floor: WireFloor }[K] } | { passedOver: string } {
  const checked = WIRE_EVENTS[name].safeParse(data)
  if (checked.success) return { value: checked.data as { stream: WireStream; obs: WireObs; floor: WireFloor }[K] }
  const [issue] = checked.error.issues
  return {
    passedOver: `a ${name} event that does not read (${issue?.path.join('.') || 'it'}: ${issue?.message ?? '?'})`,
  }
}

/** What dropdowns are made of: a stream's queue (take a match) and what it has on air. */
const shapeOf = (state: WireStream) => `${state.onAir}|${state.next.join()}`
