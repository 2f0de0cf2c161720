// The sandbox's in-memory data: one map per resource in creation order, plus the links between them.
import { IdFactory } from './ids'
import type {
  DisciplineRecord,
  GroupRecord,
  NodeRecord,
  ParticipantRecord,
  RoundRecord,
  StageRecord,
  StreamRecord,
  TournamentRecord,
} from './records'

/** Everything the store holds, as plain lists: what the Demo venue writes to disk and reads back. */
export interface StoreRecords {
  tournaments: TournamentRecord[]
  participants: ParticipantRecord[]
  stages: StageRecord[]
  groups: GroupRecord[]
  rounds: RoundRecord[]
  nodes: NodeRecord[]
  streams: StreamRecord[]
  matchStreams: [string, string[]][]
  disciplines: DisciplineRecord[]
  /** The last id made, so new records carry on from it. */
  lastId: string
}

export class Store {
  readonly tournaments = new Map<string, TournamentRecord>()
  readonly participants = new Map<string, ParticipantRecord>()
  readonly stages = new Map<string, StageRecord>()
  readonly groups = new Map<string, GroupRecord>()
  readonly rounds = new Map<string, RoundRecord>()
  readonly nodes = new Map<string, NodeRecord>()
  readonly streams = new Map<string, StreamRecord>()
  /** match id → linked stream ids, in the order they were given. */
  readonly matchStreams = new Map<string, string[]>()
  readonly disciplines = new Map<string, DisciplineRecord>()
  readonly ids: IdFactory
  /** Where the sandbox's image host answers (its own origin once it listens): logos' addresses point there. */
  filesOrigin = 'http://127.0.0.1'

  constructor(
    seed: number,
    readonly now: () => Date = () => new Date(),
  ) {
    this.ids = new IdFactory(seed)
  }

  timestamp(): string {
    return this.now()
      .toISOString()
      .replace(/\.\d{3}Z$/, '+00:00')
  }

  streamsOfTournament(tournamentId: string): StreamRecord[] {
    return [...this.streams.values()].filter((stream) => stream.tournament_id === tournamentId)
  }

  deleteStream(id: string): void {
    this.streams.delete(id)
    for (const [matchId, linked] of this.matchStreams) {
      if (linked.includes(id))
        this.matchStreams.set(
          matchId,
          linked.filter((streamId) => streamId !== id),
        )
    }
  }

  deleteStage(id: string): void {
    this.stages.delete(id)
    for (const [nodeId, node] of this.nodes) {
      if (node.stage_id === id) {
        this.nodes.delete(nodeId)
        this.matchStreams.delete(nodeId)
      }
    }
    for (const [groupId, group] of this.groups) if (group.stage_id === id) this.groups.delete(groupId)
    for (const [roundId, round] of this.rounds) if (round.stage_id === id) this.rounds.delete(roundId)
  }

  /** Everything held, as plain lists. */
  records(): StoreRecords {
    return {
      tournaments: [...this.tournaments.values()],
      participants: [...this.participants.values()],
      stages: [...this.stages.values()],
      groups: [...this.groups.values()],
      rounds: [...this.rounds.values()],
      nodes: [...this.nodes.values()],
      streams: [...this.streams.values()],
      matchStreams: [...this.matchStreams.entries()],
      disciplines: [...this.disciplines.values()],
      lastId: this.ids.last,
    }
  }

  /** Replaces everything held with `records` (read back from disk), or empties the store when none are given. */
  restore(records?: StoreRecords): void {
    const fill = <T extends { id: string }>(map: Map<string, T>, items: readonly T[] = []) => {
      map.clear()
      for (const item of items) map.set(item.id, item)
    }
    fill(this.tournaments, records?.tournaments)
    fill(this.participants, records?.participants)
    fill(this.stages, records?.stages)
    fill(this.groups, records?.groups)
    fill(this.rounds, records?.rounds)
    fill(this.nodes, records?.nodes)
    fill(this.streams, records?.streams)
    fill(this.disciplines, records?.disciplines)
    this.matchStreams.clear()
    for (const [matchId, streamIds] of records?.matchStreams ?? []) this.matchStreams.set(matchId, streamIds)
    this.ids.resume(records?.lastId)
  }

  /** A fingerprint of everything stored: tests compare it before and after requests that must change nothing. */
  snapshot(): string {
    return JSON.stringify([
      [...this.tournaments.values()],
      [...this.participants.values()],
      [...this.stages.values()],
      [...this.nodes.values()],
      [...this.streams.values()],
      [...this.matchStreams.entries()],
    ])
  }
}
