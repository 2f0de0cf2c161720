// What a desk in main (the producer's desk, the floor, the doors' desk) needs to follow the active connection: changes
// to its local copy gathered per tournament and handled once after they settle, and a new session when the connection
// is switched; close() releases every subscription and timer it made. (Reading again from the service on a timer is
// the live ticks', live-ticks.ts, one for every desk.)
import type { Connections } from './connections'
import type { OfflineSession } from './offline-session'

export interface FollowerOptions {
  connections: Connections
  /** Subscribes to what matters in one session, calling `changed` with a tournament; answers how to stop. */
  watch(session: OfflineSession, changed: (tournamentId: string) => void): () => void
  /** The tournaments that changed, once changes have settled. */
  settled(tournamentIds: ReadonlySet<string>, session: OfflineSession): void
  /** Another connection became the active one (its session is followed from now on). */
  switched?(session: OfflineSession): void
  /** Changes are gathered this long before `settled` is called once (ms). */
  settleMs?: number
}

export class SessionFollower {
  private readonly dirty = new Set<string>()
  private settle?: NodeJS.Timeout
  private stopWatching: () => void
  private readonly stopSwitching: () => void

  constructor(private readonly options: FollowerOptions) {
    this.stopWatching = this.watch(options.connections.active.offline)
    this.stopSwitching = options.connections.switched.on((connection) => {
      this.stopWatching()
      this.stopWatching = this.watch(connection.offline)
      options.switched?.(connection.offline)
    })
  }

  /** The active connection's session. */
  get session(): OfflineSession {
    return this.options.connections.active.offline
  }

  /** Marks a tournament changed: `settled` hears of it once changes settle. */
  changed(tournamentId: string): void {
    this.dirty.add(tournamentId)
    this.settle ??= setTimeout(() => this.flush(), this.options.settleMs ?? 30)
  }

  close(): void {
    this.stopWatching()
    this.stopSwitching()
    clearTimeout(this.settle)
  }

  private watch(session: OfflineSession): () => void {
    return this.options.watch(session, (tournamentId) => this.changed(tournamentId))
  }

  private flush(): void {
    this.settle = undefined
    const session = this.session
    if (!session.db.open) return
    const tournaments = new Set(this.dirty)
    this.dirty.clear()
    this.options.settled(tournaments, session)
  }
}
