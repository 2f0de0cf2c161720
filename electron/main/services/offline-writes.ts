// Writes that work offline: validated, applied to the cache and queued in one transaction, acknowledged once that
// transaction is on disk (the caller awaits `onDisk()`: commits close together share one flush).
import type { z } from 'zod'
import {
  LIMITS,
  PlayerParticipantUpdate,
  TeamParticipantUpdate,
  fieldErrors,
  summarizeIssues,
  type Participant,
  type Stream,
} from '../../../shared/api'
import { AppError } from '../app-error'
import type { Clock } from '../clock'
import type { Cache, CacheChange } from '../sync/cache'
import { CheckinPlaces } from '../store/checkin-places'
import { unsynced, type Db } from '../db/db'
import { applyLocal, changeOf } from '../sync/local-effects'
import type { Outbox } from '../sync/outbox'
import type { RequestLog } from '../sync/request-log'
import { entityOf, newLocalId, type OutboxWrite } from '../sync/writes'

export interface Receipt<T> {
  state: 'pending' | 'synced'
  value: T
}

export interface OfflineWritesDeps {
  db: Db
  cache: Cache
  outbox: Outbox
  requests: RequestLog
  clock: Clock
  /** Told of each commit made without its own fsync: a group flush owes it to the disk before it is acknowledged. */
  owe(): void
  /** Told after each committed write, to wake the replayer and update the status. */
  onQueued(): void
  /** Told which part of the cache each committed write changed. */
  onChanged(change: CacheChange): void
}

type StreamFields = { name?: string | undefined; url?: string | undefined; language?: string | undefined }

export class OfflineWrites {
  /** The cache changes of the transaction under way, told once it committed. */
  private readonly changes: CacheChange[] = []
  private readonly places: CheckinPlaces

  constructor(private readonly deps: OfflineWritesDeps) {
    this.places = new CheckinPlaces(deps.db)
  }

  /** `place` names who checked in ("Door 2"; the desktop is "desk"), recorded in the same transaction. */
  checkinSet(participantId: string, checkedIn: boolean, requestId?: string, place = 'desk'): Receipt<Participant> {
    return this.commit('checkin:set', { participantId, checkedIn }, requestId, () => {
      const receipt = this.updateParticipant(
        participantId,
        { checked_in: checkedIn },
        checkedIn ? 'Check-in of' : 'Check-out of',
      )
      this.places.record(participantId, checkedIn, this.deps.clock.now(), place)
      return receipt
    })
  }

  participantUpdate(id: string, body: Record<string, unknown>, requestId?: string): Receipt<Participant> {
    return this.commit('participants:update', { id, body }, requestId, () =>
      this.updateParticipant(id, body, 'Changes to'),
    )
  }

  /** `what` names the change for the Sync view: "Check-in of Kairo Frost", "Changes to Kairo Frost". */
  private updateParticipant(id: string, body: Record<string, unknown>, what: string): Receipt<Participant> {
    const participant = this.participant(id)
    const schema = participant.type === 'team' ? TeamParticipantUpdate : PlayerParticipantUpdate
    const checked = parse(schema, body)
    const write: OutboxWrite = {
      kind: 'participant.update',
      payload: { id, tournamentId: participant.tournament_id, body: checked, label: `${what} ${participant.name}` },
    }
    return this.queue(write, () => this.participant(id))
  }

  streamCreate(
    body: { tournament_id: string; name: string; url: string; language: string },
    requestId?: string,
  ): Receipt<Stream> {
    return this.commit('streams:create', { body }, requestId, () => {
      const count = this.deps.cache.list('streams', body.tournament_id).length
      if (count >= LIMITS.streamsPerTournament) {
        const message = `a tournament can have at most ${LIMITS.streamsPerTournament} streams`
        throw new AppError('validation', message, { tournament_id: message })
      }
      const localId = newLocalId()
      const write: OutboxWrite = {
        kind: 'stream.create',
        payload: { localId, tournamentId: body.tournament_id, body, label: `Create stream “${body.name}”` },
      }
      return this.queue(write, () => this.stream(localId))
    })
  }

  streamUpdate(id: string, body: StreamFields, requestId?: string): Receipt<Stream> {
    return this.commit('streams:update', { id, body }, requestId, () => {
      const stream = this.stream(this.deps.outbox.resolve(id))
      const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as StreamFields
      const write: OutboxWrite = {
        kind: 'stream.update',
        payload: {
          id: stream.id,
          tournamentId: stream.tournament_id,
          body: fields,
          label: `Edit stream “${stream.name}”`,
        },
      }
      return this.queue(write, () => this.stream(stream.id))
    })
  }

  streamDelete(id: string, requestId?: string): Receipt<{ id: string }> {
    return this.commit('streams:delete', { id }, requestId, () => {
      const stream = this.stream(this.deps.outbox.resolve(id))
      const write: OutboxWrite = {
        kind: 'stream.delete',
        payload: { id: stream.id, tournamentId: stream.tournament_id, label: `Delete stream “${stream.name}”` },
      }
      return this.queue(write, () => ({ id: stream.id }))
    })
  }

  matchStreamsReplace(
    matchId: string,
    streamIds: string[],
    requestId?: string,
  ): Receipt<{ matchId: string; streamIds: string[] }> {
    return this.commit('match-streams:replace', { matchId, streamIds }, requestId, () => {
      const node = this.deps.cache.get('nodes', matchId)
      if (!node) throw new AppError('not_found', `Match ${matchId} is not in the local copy: open its bracket first.`)
      const ids = streamIds.map((id) => this.deps.outbox.resolve(id))
      const fields: Record<string, string> = {}
      ids.forEach((id, index) => {
        if (this.deps.cache.get('streams', id)?.tournament_id !== node.tournament_id)
          fields[`streamIds.${index}`] = `stream ${id} is not a stream of this match's tournament`
      })
      if (Object.keys(fields).length) throw new AppError('validation', Object.values(fields).join('; '), fields)
      const label = `Set ${ids.length} stream${ids.length === 1 ? '' : 's'} on match ${node.number}`
      const write: OutboxWrite = {
        kind: 'match-streams.replace',
        payload: { matchId, tournamentId: node.tournament_id, streamIds: ids, label },
      }
      return this.queue(write, () => ({ matchId, streamIds: this.deps.cache.matchStreams(matchId) ?? [] }))
    })
  }

  /**
   * One transaction: a repeat of an earlier request (same requestId, channel and payload) answers its receipt; a
   * requestId used for anything else is a conflict; otherwise the write is applied, queued and its receipt kept.
   */
  private commit<T>(
    channel: string,
    payload: unknown,
    requestId: string | undefined,
    work: () => Receipt<T>,
  ): Receipt<T> {
    const { db, requests, clock } = this.deps
    const request = requestId === undefined ? undefined : { requestId, channel, payload }
    let receipt: Receipt<T>
    try {
      receipt = unsynced(db, () =>
        db
          .transaction(() => {
            const earlier = request && requests.earlier<Receipt<T>>(request)
            if (earlier) return earlier
            const fresh = work()
            if (request) requests.remember(request, fresh, clock.now())
            return fresh
          })
          .immediate(),
      )
    } catch (error) {
      this.changes.length = 0
      throw error
    }
    this.deps.owe()
    this.deps.onQueued()
    // Told only once the transaction holds: a listener reads what was committed.
    for (const change of this.changes.splice(0)) this.deps.onChanged(change)
    return receipt
  }

  private queue<T>(write: OutboxWrite, read: () => T): Receipt<T> {
    const { cache, outbox, clock } = this.deps
    applyLocal(cache, write, clock.now())
    outbox.append(write, clock.now())
    this.changes.push(changeOf(write))
    const waiting = outbox.ofEntity(entityOf(write)).length > 0
    return { state: waiting ? 'pending' : 'synced', value: read() }
  }

  private participant(id: string): Participant {
    const participant = this.deps.cache.get('participants', id)
    if (!participant)
      throw new AppError('not_found', `Participant ${id} is not in the local copy: open its tournament first.`)
    return participant
  }

  private stream(id: string): Stream {
    const stream = this.deps.cache.get('streams', id)
    if (!stream) throw new AppError('not_found', `Stream ${id} is not in the local copy: open its tournament first.`)
    return stream
  }
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  if (!result.success) throw new AppError('validation', summarizeIssues(result.error), fieldErrors(result.error))
  return result.data
}
