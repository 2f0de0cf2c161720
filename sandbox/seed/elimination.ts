// Single and double elimination brackets: byes omitted as the public service does, losers dropped in swapped pairs.
import type { Store } from '../store/store'
import type { NodeRecord, StageRecord } from '../store/records'
import { BracketBuilder, loserOf, seat, winnerOf, type Entrant, type Source } from './bracket-builder'

const nextPowerOfTwo = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(2, n)))

/** Standard seeding order: seed 1 meets the last seed, halves mirrored (1, 32, 16, 17, 8, 25, …). */
export function seedingOrder(size: number): number[] {
  let order = [1]
  while (order.length < size) {
    const next = order.length * 2
    order = order.flatMap((seed) => [seed, next + 1 - seed])
  }
  return order
}

/**
 * Winner-bracket rounds for seeds 1…n (entrants[i] is seed i+1; null while unplaced). A first-round pair whose
 * second seed does not exist is a bye: no node, the present seed sits in the second round (as opponent 1).
 */
function winnerRounds(
  builder: BracketBuilder,
  groupId: string,
  entrants: (Entrant | null)[],
  branch: 'wb' | null,
): NodeRecord[][] {
  const size = nextPowerOfTwo(entrants.length)
  const order = seedingOrder(size)
  const pairs = range(size / 2).map((i) => [order[2 * i]!, order[2 * i + 1]!] as const)
  const entrant = (seed: number) => entrants[seed - 1] ?? null
  const rounds: NodeRecord[][] = []
  let roundNumber = 1

  const firstId = builder.round(groupId, roundNumber++)
  let number = 0
  const sides: Source[] = pairs.map(([a, b]) => {
    if (b > entrants.length) return seat(entrant(a))
    return winnerOf(builder.node(groupId, firstId, ++number, branch, [seat(entrant(a)), seat(entrant(b))]))
  })
  rounds.push(builder.nodesOf(firstId))

  let previous = sides
  while (previous.length > 1) {
    const roundId = builder.round(groupId, roundNumber++)
    const feeding = previous
    const nodes = range(feeding.length / 2).map((i) =>
      builder.node(groupId, roundId, i + 1, branch, [feeding[2 * i]!, feeding[2 * i + 1]!]),
    )
    rounds.push(nodes)
    previous = nodes.map(winnerOf)
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
    builder.node(lbGroup, lbFirstId, i + 1, 'lb', [
      loserOf(first[first.length - 2 * i - 1]!),
      loserOf(first[first.length - 2 * i - 2]!),
    ]),
  )
  for (let w = 1; w < wb.length; w++) {
    const dropping = wb[w]!
    const dropId = builder.round(lbGroup, lbRound++)
    const survivors = lb
    lb = range(survivors.length).map((i) =>
      builder.node(lbGroup, dropId, i + 1, 'lb', [
        loserOf(dropping[swap(i, dropping.length)]!),
        winnerOf(survivors[i]!),
      ]),
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
    const final = builder.node(gfGroup, builder.round(gfGroup, 1), 1, 'gf', [
      winnerOf(wb.at(-1)![0]!),
      winnerOf(lb[0]!),
    ])
    if (grandFinal === 'double')
      builder.node(gfGroup, builder.round(gfGroup, 2), 1, 'gf', [winnerOf(final), loserOf(final)])
  }
  builder.finishBracket()
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i)
}
