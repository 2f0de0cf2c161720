// What the renderer shows about syncing: online or not, how many writes wait, what needs attention, how fresh data is.
import type { SyncStatus } from '../../../shared/ipc/sync'
import type { Cache } from './cache'
import type { ConnectionState } from './connectivity'
import type { Outbox, OutboxRow } from './outbox'

/** The waiting writes listed by name: a long queue (a door rush offline) is counted, not read whole every 100 ms. */
const WAITING_LISTED = 200

export function syncStatus(outbox: Outbox, cache: Cache, connection: ConnectionState, sending: boolean): SyncStatus {
  const describe = (row: OutboxRow) => ({
    seq: row.seq,
    kind: row.write.kind,
    label: row.write.payload.label,
    attempts: row.attempts,
    since: row.createdAt,
    error: row.lastError,
  })
  return {
    connection,
    syncing: sending,
    pending: outbox.counts().pending,
    waiting: outbox.inState('pending', WAITING_LISTED).map(describe),
    attention: outbox.inState('attention', Number.MAX_SAFE_INTEGER).map(describe),
    unsent: [...outbox.unsentEntities()],
    // Whose list each is, as people read it: the tournament's name, not its id; a tournament this connection does not
    // know (asked about by a desk before a switch, or by another connection) is not this connection's list.
    refreshed: cache.allRefreshed().flatMap((entry) => {
      if (entry.scope === 'all') return [{ ...entry, name: 'every tournament' }]
      if (entry.resource === 'match-streams') return [{ ...entry, name: `match ${entry.scope}` }]
      const name = cache.get('tournaments', entry.scope)?.name
      return name ? [{ ...entry, name }] : []
    }),
  }
}
