// Keeps each stream of a tournament with a few open matches linked, as the venue's own producer would line them up.
import type { NodeRecord } from '../store/records'
import type { Store } from '../store/store'
import { PACE } from './pace'

/**
 * Links the soonest open matches to the streams that have fewer than PACE.queuedPerStream open matches: running first,
 * then those with both opponents known, then by schedule and bracket order (a match whose opponents are still to be
 * decided can be queued: "winner of …" is a normal entry on a stream's queue). Never removes a link someone made.
 */
export function fillStreamQueues(store: Store, tournamentId: string): void {
  const streams = store.streamsOfTournament(tournamentId)
  if (streams.length === 0) return
  const nodes = [...store.nodes.values()].filter((n) => n.tournament_id === tournamentId)
  const open = (n: NodeRecord) => n.status !== 'completed'
  const known = (n: NodeRecord) => n.opponents.filter((o) => o.participant).length
  const linked = new Set(nodes.filter((n) => (store.matchStreams.get(n.id) ?? []).length > 0).map((n) => n.id))
  const candidates = nodes
    .filter((n) => open(n) && !linked.has(n.id) && n.opponents.some((o) => o.participant))
    .sort(
      (a, b) =>
        Number(b.status === 'running') - Number(a.status === 'running') ||
        known(b) - known(a) ||
        (a.scheduled_datetime ?? '').localeCompare(b.scheduled_datetime ?? '') ||
        a.number - b.number,
    )
  const queued = (streamId: string) =>
    nodes.filter((n) => open(n) && (store.matchStreams.get(n.id) ?? []).includes(streamId)).length
  for (const stream of streams) {
    for (let count = queued(stream.id); count < PACE.queuedPerStream && candidates.length > 0; count++) {
      const node = candidates.shift()!
      store.matchStreams.set(node.id, [stream.id])
    }
  }
}
