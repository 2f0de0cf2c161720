// The stream desk's arithmetic: each stream's queue and whether a match is ready to be called to stream.
import type { BracketNode, Participant } from '../../../shared/api'

/** Running first, then by scheduled time, then in bracket order (the order the service lists nodes). */
export function queueOf(streamId: string, nodes: BracketNode[], links: Record<string, string[]>): BracketNode[] {
  const order = new Map(nodes.map((node, index) => [node.id, index]))
  return nodes
    .filter((node) => node.status !== 'completed' && links[node.id]?.includes(streamId))
    .sort(
      (a, b) =>
        Number(b.status === 'running') - Number(a.status === 'running') ||
        (a.scheduled_datetime ?? '9999').localeCompare(b.scheduled_datetime ?? '9999') ||
        order.get(a.id)! - order.get(b.id)!,
    )
}

export type Readiness = { names: [string, string]; checkedIn: [boolean, boolean]; callToStream: boolean }

export function readiness(node: BracketNode, participants: Map<string, Participant>): Readiness {
  const seat = (i: number) => node.opponents[i]?.participant ?? null
  const name = (i: number) => seat(i)?.name ?? 'to be decided'
  const checked = (i: number) => Boolean(seat(i) && participants.get(seat(i)!.id)?.checked_in)
  const checkedIn: [boolean, boolean] = [checked(0), checked(1)]
  return { names: [name(0), name(1)], checkedIn, callToStream: checkedIn[0] && checkedIn[1] }
}
