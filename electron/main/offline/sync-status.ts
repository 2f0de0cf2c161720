// What the renderer shows about syncing: online or not, how many writes wait, what needs attention, how fresh data is.
import type { SyncStatus } from '../../../shared/ipc/sync'
import type { Cache } from './cache'
import type { ConnectionState } from './connectivity'
import type { Outbox } from './outbox'

export function syncStatus(outbox: Outbox, cache: Cache, connection: ConnectionState, sending: boolean): SyncStatus {
  const rows = outbox.rows()
  const describe = (row: (typeof rows)[number]) => ({
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
    pending: rows.filter((row) => row.state === 'pending').length,
    waiting: rows
      .filter((row) => row.state === 'pending')
      .slice(0, 200)
      .map(describe),
    attention: rows.filter((row) => row.state === 'attention').map(describe),
    unsent: [...new Set(rows.map((row) => row.entity))],
    // Whose list each is, as people read it: the tournament's name, not its id.
    refreshed: cache.allRefreshed().map((entry) => ({
      ...entry,
      name:
        entry.scope === 'all'
          ? 'every tournament'
          : entry.resource === 'match-streams'
            ? `match ${entry.scope}`
            : (cache.get('tournaments', entry.scope)?.name ?? `tournament ${entry.scope}`),
    })),
  }
}
