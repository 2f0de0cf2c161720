// The writes that can wait in the outbox: their kinds, payloads, the entity each belongs to, and local ids.
import { randomUUID } from 'node:crypto'
import type { CachedResource } from './cache'

export type ParticipantUpdateBody = Record<string, unknown>

export type OutboxWrite =
  | {
      kind: 'participant.update'
      payload: { id: string; tournamentId: string; body: ParticipantUpdateBody; label: string }
    }
  | {
      kind: 'stream.create'
      payload: {
        localId: string
        tournamentId: string
        body: { tournament_id: string; name: string; url: string; language: string }
        label: string
        /** Ids of identical streams on the service before the first attempt: never taken for this one. */
        before?: string[]
      }
    }
  | {
      kind: 'stream.update'
      payload: {
        id: string
        tournamentId: string
        body: { name?: string; url?: string; language?: string }
        label: string
      }
    }
  | { kind: 'stream.delete'; payload: { id: string; tournamentId: string; label: string } }
  | {
      kind: 'match-streams.replace'
      payload: { matchId: string; tournamentId: string; streamIds: string[]; label: string }
    }

export type WriteKind = OutboxWrite['kind']

const LOCAL_PREFIX = 'local-'

export function newLocalId(): string {
  return `${LOCAL_PREFIX}${randomUUID()}`
}

/** The entity a write belongs to: writes of one entity replay in order (FIFO). */
export function entityOf(write: OutboxWrite): string {
  switch (write.kind) {
    case 'participant.update':
      return `participant:${write.payload.id}`
    case 'stream.create':
      return `stream:${write.payload.localId}`
    case 'stream.update':
    case 'stream.delete':
      return `stream:${write.payload.id}`
    case 'match-streams.replace':
      return `match:${write.payload.matchId}`
  }
}

/** The entity a cached row's writes belong to (as `entityOf` names it), or undefined for rows no write changes. */
export function entityOfRow(resource: CachedResource, id: string): string | undefined {
  switch (resource) {
    case 'participants':
      return `participant:${id}`
    case 'streams':
      return `stream:${id}`
    case 'match-streams':
      return `match:${id}`
    default:
      return undefined
  }
}

/**
 * Every entity a write depends on: its own, plus the streams a match list names. A write waits for every earlier
 * write touching any of these, so a link never overtakes the creation or deletion of a stream it names.
 */
export function touches(write: OutboxWrite): string[] {
  const own = entityOf(write)
  return write.kind === 'match-streams.replace' ? [own, ...write.payload.streamIds.map((id) => `stream:${id}`)] : [own]
}

export const isLocalId = (id: string) => id.startsWith(LOCAL_PREFIX)

/**
 * True when the write names, by id, a stream created offline whose service id is not known yet. Only id fields
 * count: a name or custom field that happens to start with "local-" never holds a write back.
 */
export function waitsForLocalId(write: OutboxWrite): boolean {
  switch (write.kind) {
    case 'stream.update':
    case 'stream.delete':
      return isLocalId(write.payload.id)
    case 'match-streams.replace':
      return write.payload.streamIds.some(isLocalId)
    default:
      return false
  }
}
