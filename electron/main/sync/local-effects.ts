// What a waiting write does to the cache: applied when it is made, and again after a refresh overwrote the cache.
import type { Cache, CacheChange, CachedResource } from './cache'
import type { Outbox } from './outbox'
import type { OutboxWrite } from './writes'

/**
 * A match's links as the service answered them, less the streams deleted here that it may not have heard of yet: gone
 * from the local copy, with a write for them `newerHere` (waiting, or made after the answer was asked for). Otherwise
 * such an answer would link a deleted stream again until the match's next read.
 */
export function linksLessDeletedHere(
  cache: Cache,
  streamIds: readonly string[],
  newerHere: (streamId: string) => boolean,
): string[] {
  return streamIds.filter((id) => cache.get('streams', id) !== undefined || !newerHere(id))
}

export function applyLocal(cache: Cache, write: OutboxWrite, now: number): void {
  switch (write.kind) {
    case 'participant.update': {
      const current = cache.get('participants', write.payload.id)
      if (!current) return
      const body = write.payload.body
      const checkedInAt =
        'checked_in' in body && body['checked_in'] !== current['checked_in']
          ? body['checked_in']
            ? isoSeconds(now)
            : null
          : current['checked_in_at']
      cache.put('participants', write.payload.tournamentId, write.payload.id, {
        ...current,
        ...body,
        checked_in_at: checkedInAt ?? null,
      })
      return
    }
    case 'stream.create':
      cache.put('streams', write.payload.tournamentId, write.payload.localId, {
        id: write.payload.localId,
        ...write.payload.body,
      })
      return
    case 'stream.update': {
      const current = cache.get('streams', write.payload.id)
      if (current)
        cache.put('streams', write.payload.tournamentId, write.payload.id, { ...current, ...write.payload.body })
      return
    }
    case 'stream.delete':
      cache.remove('streams', write.payload.id)
      for (const link of cache.matchesLinking(write.payload.id)) {
        cache.setMatchStreams(
          link.matchId,
          link.tournamentId,
          link.streamIds.filter((id) => id !== write.payload.id),
        )
      }
      return
    case 'match-streams.replace':
      cache.setMatchStreams(write.payload.matchId, write.payload.tournamentId, write.payload.streamIds)
      return
  }
}

const AFFECTS: Record<OutboxWrite['kind'], CachedResource> = {
  'participant.update': 'participants',
  'stream.create': 'streams',
  'stream.update': 'streams',
  'stream.delete': 'streams',
  'match-streams.replace': 'match-streams',
}

/** The cached resource a write changes, and the tournament it belongs to. */
export function changeOf(write: OutboxWrite): CacheChange {
  const change = { resource: AFFECTS[write.kind], tournamentId: write.payload.tournamentId }
  return write.kind === 'participant.update' ? { ...change, ids: [write.payload.id] } : change
}

/** After the service's copy replaced a scope, the writes still waiting for it are laid on top again. */
export function reapplyWaiting(
  cache: Cache,
  outbox: Outbox,
  resource: string,
  tournamentId: string,
  now: number,
): void {
  for (const row of outbox.rows()) {
    if (
      row.state === 'pending' &&
      AFFECTS[row.write.kind] === resource &&
      row.write.payload.tournamentId === tournamentId
    ) {
      applyLocal(cache, row.write, now)
    }
  }
}

export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00')
}
