// Pools and leagues (everyone meets everyone in a group, by the circle method) and swiss rounds.
import type { Store } from '../store/store'
import type { StageRecord } from '../store/records'
import { BracketBuilder, seat, type Entrant } from './bracket-builder'

/** Pairings of a round-robin group: for n entrants (a bye added when odd), n-1 rounds of n/2 pairs. */
export function circlePairings<T>(entrants: T[]): [T, T][][] {
  const seats: (T | null)[] = entrants.length % 2 ? [...entrants, null] : [...entrants]
  const rounds: [T, T][][] = []
  for (let r = 0; r < seats.length - 1; r++) {
    const pairs: [T, T][] = []
    for (let i = 0; i < seats.length / 2; i++) {
      const a = seats[i]
      const b = seats[seats.length - 1 - i]
      if (a != null && b != null) pairs.push([a, b])
    }
    rounds.push(pairs)
    seats.splice(1, 0, seats.pop()!)
  }
  return rounds
}

export function buildRoundRobin(store: Store, stage: StageRecord, groups: Entrant[][], groupLabel: string): void {
  const builder = new BracketBuilder(store, stage)
  groups.forEach((members, index) => {
    const groupId = builder.group(groups.length > 1 ? `${groupLabel} ${String.fromCharCode(65 + index)}` : groupLabel)
    circlePairings(members).forEach((pairs, r) => {
      const roundId = builder.round(groupId, r + 1)
      pairs.forEach(([a, b], i) => builder.node(groupId, roundId, i + 1, null, [seat(a), seat(b)]))
    })
  })
}

/** Swiss: round 1 is paired now; later rounds are placed by the simulation from the standings. */
export function buildSwiss(store: Store, stage: StageRecord, entrants: Entrant[], rounds: number): void {
  const builder = new BracketBuilder(store, stage)
  const groupId = builder.group('Swiss')
  for (let r = 1; r <= rounds; r++) {
    const roundId = builder.round(groupId, r)
    for (let i = 0; i < Math.floor(entrants.length / 2); i++) {
      const pair = r === 1 ? [entrants[2 * i]!, entrants[2 * i + 1]!] : [null, null]
      builder.node(groupId, roundId, i + 1, null, [seat(pair[0]!), seat(pair[1]!)])
    }
  }
}
