// Plays matches: pending → running → completed with scores, moving winners and losers into the nodes that name them.
import type { Rng } from '../store/rng'
import type { Store } from '../store/store'
import type { NodeRecord } from '../store/records'

/** A seat a match's winner or loser goes to: the node by id (looked up when used, so its change is kept) and the seat. */
type Feed = { nodeId: string; index: number }

export class MatchEngine {
  /** source node id → the opponent seats it feeds; built per stage on first use. */
  private readonly feeds = new Map<string, Map<string, Feed[]>>()

  constructor(
    private readonly store: Store,
    private readonly rng: Rng,
  ) {}

  isReady(node: NodeRecord): boolean {
    return node.status === 'pending' && node.opponents.length === 2 && node.opponents.every((o) => o.participant)
  }

  start(node: NodeRecord): void {
    if (!this.isReady(node)) return
    node.status = 'running'
    this.refreshStatuses(node)
  }

  complete(node: NodeRecord): void {
    if (node.status === 'pending') this.start(node)
    if (node.status !== 'running') return
    const [a, b] = node.opponents as [NodeRecord['opponents'][0], NodeRecord['opponents'][0]]
    // Pools, leagues and swiss (no branch) may end level, and a level result has no winner; a forfeit happens only
    // in elimination brackets, where the one who stayed goes through.
    const roundRobin = node.branch === null
    if (roundRobin && this.rng.chance(0.1)) {
      const score = this.rng.int(0, 3)
      Object.assign(a, { score, result: 'draw' })
      Object.assign(b, { score, result: 'draw' })
    } else {
      const [winner, loser] = this.rng.chance(0.5) ? [a, b] : [b, a]
      const forfeit = !roundRobin && this.rng.chance(0.03)
      // A series (the stage's format gives nb_match_sets) is scored in games won, as the service reports it: a Bo3
      // ends 2–0 or 2–1. Otherwise a single game's own score (rounds, goals).
      const sets = this.store.stages.get(node.stage_id)?.match_settings.format?.options?.nb_match_sets
      const high = typeof sets === 'number' && sets >= 1 ? Math.ceil(sets / 2) : this.rng.int(2, 16)
      Object.assign(winner, { score: forfeit ? 0 : high, result: 'win' })
      Object.assign(loser, { score: forfeit ? 0 : this.rng.int(0, high - 1), result: 'loss', forfeit })
    }
    node.status = 'completed'
    node.played_at = this.store.timestamp()
    this.propagate(node)
    this.pairSwissRound(node)
    this.refreshStatuses(node)
  }

  /** Seeding: completes ready matches of a stage in bracket order until `share` of them are done. */
  playStage(stageId: string, share: number, leaveRunning = 0): void {
    const nodes = [...this.store.nodes.values()].filter((n) => n.stage_id === stageId)
    const target = Math.floor(nodes.length * share)
    let done = nodes.filter((n) => n.status === 'completed').length
    for (let progressed = true; progressed && done < target;) {
      progressed = false
      for (const node of nodes) {
        if (done >= target) break
        if (this.isReady(node)) {
          this.complete(node)
          done++
          progressed = true
        }
      }
    }
    for (const node of nodes) {
      if (leaveRunning <= 0) break
      if (this.isReady(node)) {
        this.start(node)
        leaveRunning--
      }
    }
  }

  private feedsOf(node: NodeRecord): Feed[] {
    let index = this.feeds.get(node.stage_id)
    if (!index) {
      index = new Map()
      for (const target of this.store.nodes.values()) {
        if (target.stage_id !== node.stage_id) continue
        target.opponents.forEach((o, i) => {
          if (o.source_node_id)
            index!.set(o.source_node_id, [...(index!.get(o.source_node_id) ?? []), { nodeId: target.id, index: i }])
        })
      }
      this.feeds.set(node.stage_id, index)
    }
    return index.get(node.id) ?? []
  }

  private propagate(node: NodeRecord): void {
    const winner = node.opponents.find((o) => o.result === 'win')?.participant ?? null
    const loser = node.opponents.find((o) => o.result === 'loss')?.participant ?? null
    for (const { nodeId, index } of this.feedsOf(node)) {
      const seat = this.store.nodes.get(nodeId)?.opponents[index]
      if (!seat) continue
      seat.participant = seat.source_type === 'winner' ? winner : loser
    }
  }

  /** When a swiss round is complete, the next round is paired by wins (highest first, neighbours meet). */
  private pairSwissRound(node: NodeRecord): void {
    const stage = this.store.stages.get(node.stage_id)
    if (stage?.type !== 'swiss') return
    const round = this.store.rounds.get(node.round_id)
    const stageNodes = [...this.store.nodes.values()].filter((n) => n.stage_id === stage.id)
    const ofRound = (number: number) => stageNodes.filter((n) => this.store.rounds.get(n.round_id)?.number === number)
    if (!round || ofRound(round.number).some((n) => n.status !== 'completed')) return
    const next = ofRound(round.number + 1)
    if (next.length === 0) return
    const wins = new Map<
      string,
      { participant: NonNullable<NodeRecord['opponents'][0]['participant']>; wins: number }
    >()
    for (const played of stageNodes.filter((n) => n.status === 'completed')) {
      for (const o of played.opponents) {
        if (!o.participant) continue
        const entry = wins.get(o.participant.id) ?? { participant: o.participant, wins: 0 }
        if (o.result === 'win') entry.wins++
        wins.set(o.participant.id, entry)
      }
    }
    const standings = [...wins.values()].sort((x, y) => y.wins - x.wins)
    next.forEach((target, i) => {
      target.opponents[0]!.participant = standings[2 * i]?.participant ?? null
      target.opponents[1]!.participant = standings[2 * i + 1]?.participant ?? null
    })
  }

  private refreshStatuses(node: NodeRecord): void {
    const stage = this.store.stages.get(node.stage_id)
    const tournament = this.store.tournaments.get(node.tournament_id)
    if (!stage || !tournament) return
    const stageNodes = [...this.store.nodes.values()].filter((n) => n.stage_id === stage.id)
    const allDone = stageNodes.every((n) => n.status === 'completed')
    stage.status = allDone ? 'completed' : 'running'
    if (tournament.status === 'pending') tournament.status = 'running'
    if (allDone) {
      const stages = [...this.store.stages.values()].filter((s) => s.tournament_id === tournament.id)
      if (stages.every((s) => s.status === 'completed')) tournament.status = 'completed'
    }
  }
}
