// What a session's reads work with: its database and local copy, the outbox (writes still waiting), the service, the
// clock, the bus that tells views, and who hears that a read changed the local copy.
import type { OrganizerApi } from '../api/organizer-api'
import type { Clock } from '../clock'
import type { EventBus } from '../event-bus'
import type { Cache, CacheChange } from './cache'
import type { Db } from '../db/db'
import type { Outbox } from './outbox'

export interface ReadDeps {
  db: Db
  cache: Cache
  outbox: Outbox
  /** Read when used (a getter: the profile's client may be made after the session). */
  readonly api: OrganizerApi
  clock: Clock
  bus: EventBus
  /** Told after a read changed part of the cache. */
  onChanged(change: CacheChange): void
}
