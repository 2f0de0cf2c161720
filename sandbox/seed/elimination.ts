// Single and double elimination brackets: byes omitted as the public service does, losers dropped in swapped pairs.
import type { Store } from '../store/store'
import type { NodeRecord, StageRecord } from '../store/records'
import { BracketBuilder, loserOf, seat, winnerOf, type Entrant } from './bracket-builder'

const nextPowerOfTwo = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(2, n)))

/** Winner-bracket rounds; `entrants` may hold nulls for seats not placed yet. Returns the nodes of each round. */
function winnerRounds(builder: BracketBuilder, groupId: string, entrants: (Entrant | null)[], branch: 'wb' | null): NodeRecord[][] {
  const size = nextPowerOfTwo(entrants.length)
  const rounds: NodeRecord[][] = []
  const firstRoundMatches = entrants.length - size / 2
  let roundNumber = 1
  let previous: NodeRecord[]

  if (firstRoundMatches === size / 2) {
    const roundId = builder.round(groupId, roundNumber++)
    previous = Array.from({ length: size / 2 }, (_, i) =>
      builder.node(groupId, roundId, i + 1, branch, [seat(entrants[2 * i]!), seat(entrants[2 * i + 1]!)]),
    )
    rounds.push(previous)
  } else {
    // Byes: the last 2k entrants play a first round; its winners spread over the second round's matches.
    const playIn = entrants.slice(entrants.length - 2 * firstRoundMatches)
    const byes = entrants.slice(0, entrants.length - 2 * firstRoundMatches)
    const roundId = builder.round(groupId, roundNumber++)
    const first = Array.from({ length: firstRoundMatches }, (_, i) =>
      builder.node(groupId, roundId, i + 1, branch, [seat(playIn[2 * i]!), seat(playIn[2 * i + 1]!)]),
    )
    rounds.push(first)
    const secondCount = size / 4
    const slotOrder = [...range(secondCount).filter((i) => i % 2 === 0), ...range(secondCount).filter((i) => i % 2 === 1)]
    const fed = new Map(first.map((node, j) => [slotOrder[j]!, node]))
    const secondId = builder.round(groupId, roundNumber++)
    let byeIndex = 0
    const nextBye = () => seat(byes[byeIndex++] ?? null)
    previous = range(secondCount).map((i) => {
      const source = fed.get(i)
      return builder.node(groupId, secondId, i + 1, branch, [nextBye(), source ? winnerOf(source) : nextBye()])
    })
    rounds.push(previous)
  }
  while (previous.length > 1) {
    const roundId = builder.round(groupId, roundNumber++)
    const feeding = previous
    previous = range(feeding.length / 2).map((i) =>
      builder.node(groupId, roundId, i + 1, branch, [winnerOf(feeding[2 * i]!), winnerOf(feeding[2 * i + 1]!)]),
    )
    rounds.push(previous)
  }
  return rounds
}

export function buildSingleElimination(store: Store, stage: StageRecord, entrants: (Entrant | null)[]): void {
  const builder = new BracketBuilder(store, stage)
  winnerRounds(builder, builder.group('Main bracket'), entrants, 'wb')
  builder.finishBracket()
}

/** Double elimination for a power-of-two field, grand final none, simple or double. */
export function buildDoubleElimination(
  store: Store,
  stage: StageRecord,
  entrants: (Entrant | null)[],
  grandFinal: 'none' | 'simple' | 'double',
): void {
  if (entrants.length !== nextPowerOfTwo(entrants.length)) {
    throw new Error(`the sandbox builds double elimination for 2^n entrants, not ${entrants.length}`)
  }
  const builder = new BracketBuilder(store, stage)
  const wb = winnerRounds(builder, builder.group('Winner bracket'), entrants, 'wb')
  const lbGroup = builder.group('Loser bracket')
  const swap = (i: number, count: number) => (count === 1 ? 0 : i % 2 === 0 ? i + 1 : i - 1)
  let lbRound = 1
  const first = wb[0]!
  const lbFirstId = builder.round(lbGroup, lbRound++)
  let lb = range(first.length / 2).map((i) =>
    builder.node(lbGroup, lbFirstId, i + 1, 'lb', [loserOf(first[first.length - 2 * i - 1]!), loserOf(first[first.length - 2 * i - 2]!)]),
  )
  for (let w = 1; w < wb.length; w++) {
    const dropping = wb[w]!
    const dropId = builder.round(lbGroup, lbRound++)
    const survivors = lb
    lb = range(survivors.length).map((i) =>
      builder.node(lbGroup, dropId, i + 1, 'lb', [loserOf(dropping[swap(i, dropping.length)]!), winnerOf(survivors[i]!)]),
    )
    if (lb.length > 1) {
      const pairId = builder.round(lbGroup, lbRound++)
      const pairing = lb
      lb = range(pairing.length / 2).map((i) =>
        builder.node(lbGroup, pairId, i + 1, 'lb', [winnerOf(pairing[2 * i]!), winnerOf(pairing[2 * i + 1]!)]),
      )
    }
  }
  if (grandFinal !== 'none') {
    const gfGroup = builder.group('Grand final')
    const final = builder.node(gfGroup, builder.round(gfGroup, 1), 1, 'gf', [winnerOf(wb.at(-1)![0]!), winnerOf(lb[0]!)])
    if (grandFinal === 'double') builder.node(gfGroup, builder.round(gfGroup, 2), 1, 'gf', [winnerOf(final), loserOf(final)])
  }
  builder.finishBracket()
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i)
}
