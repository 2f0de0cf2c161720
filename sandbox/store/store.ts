// The sandbox's in-memory data: one map per resource in creation order, plus the links between them, and which
// records changed since the venue was last written.
import { IdFactory } from './ids'
import { TrackedMap } from './tracked-map'
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

/** The store's lists by name: what is kept on disk one record at a time. */
export const RECORD_LISTS = [
  'tournaments',
  'participants',
  'stages',
  'groups',
  'rounds',
  'nodes',
  'streams',
  'matchStreams',
  'disciplines',
] as const
export type RecordList = (typeof RECORD_LISTS)[number]

/** Per list, the keys changed since last taken: true when the key is new (it goes last in creation order). */
export type StoreChanges = Record<RecordList, Map<string, boolean>>

const noChanges = (): StoreChanges =>
  Object.fromEntries(RECORD_LISTS.map((list) => [list, new Map<string, boolean>()])) as StoreChanges

export class Store {
  private changes = noChanges()
  /** Writes under way (a request that may change the venue, a simulation step). */
  private writing = 0
  private readonly tracked = <T extends object>(list: RecordList) =>
    new TrackedMap<T>(
      (key, added) => {
        const changed = this.changes[list]
        changed.set(key, added || changed.get(key) === true)
      },
      () => this.writing > 0,
    )

  readonly tournaments = this.tracked<TournamentRecord>('tournaments')
  readonly participants = this.tracked<ParticipantRecord>('participants')
  readonly stages = this.tracked<StageRecord>('stages')
  readonly groups = this.tracked<GroupRecord>('groups')
  readonly rounds = this.tracked<RoundRecord>('rounds')
  readonly nodes = this.tracked<NodeRecord>('nodes')
  readonly streams = this.tracked<StreamRecord>('streams')
  /** match id → linked stream ids, in the order they were given. */
  readonly matchStreams = this.tracked<string[]>('matchStreams')
  readonly disciplines = this.tracked<DisciplineRecord>('disciplines')
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
      tournaments: [...this.tournaments.plainValues()],
      participants: [...this.participants.plainValues()],
      stages: [...this.stages.plainValues()],
      groups: [...this.groups.plainValues()],
      rounds: [...this.rounds.plainValues()],
      nodes: [...this.nodes.plainValues()],
      streams: [...this.streams.plainValues()],
      matchStreams: [...this.matchStreams.plainEntries()],
      disciplines: [...this.disciplines.plainValues()],
      lastId: this.ids.last,
    }
  }

  /** A list's record as stored (no proxy): what is written to disk. */
  plainRecord(list: RecordList, key: string): object | undefined {
    return this[list].plainGet(key)
  }

  /**
   * Runs a change to the venue: records read meanwhile report what is changed in them, to be written to disk. The
   * sandbox's own code changes records only in here (or between `beginWrite` and `endWrite`, for a request); a record
   * changed in place outside is changed in memory only. Setting and deleting records is kept anywhere.
   */
  write<T>(change: () => T): T {
    this.beginWrite()
    try {
      return change()
    } finally {
      this.endWrite()
    }
  }

  beginWrite(): void {
    this.writing++
  }

  endWrite(): void {
    this.writing = Math.max(0, this.writing - 1)
  }

  /** The keys changed since the last call (all of them after a restore or a fresh seed); tracking starts over. */
  takeChanges(): StoreChanges {
    const taken = this.changes
    this.changes = noChanges()
    return taken
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
