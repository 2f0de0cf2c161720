// A shared venue's check-ins: a person's first check-in at any door of any desk is a scan in the venue's document
// (its own id, the place, the desk), and it is written to the service by exactly one desk — the one whose scan the
// hosting desk named (a desk that hosts or works alone names them itself, at once) — so two desks that checked one
// person in at once, or while cut off from each other, never write twice. A desk that joined another's writes its
// own scans once the host has named them, and each desk writes what is due whenever the document changes.
import { moduleLog } from '../log'
import type { Connections } from './connections'
import type { OfflineSession } from './offline-session'

const log = moduleLog('venue-checkins')

export class VenueCheckins {
  /** Whether this desk joined another desk's venue (then the host names who writes). */
  isMember: () => boolean = () => false
  private stopRemote: () => void = () => undefined
  private readonly stopSwitch: () => void

  constructor(private readonly connections: Connections) {
    this.follow()
    this.stopSwitch = connections.switched.on(() => this.follow())
  }

  /** True when check-ins at this session's doors go through the shared venue (another desk has been part of it). */
  shared(session: OfflineSession): boolean {
    return session.venue.isShared()
  }

  /** A person checked in here: the scan goes into the venue, and what is this desk's to write is written now. */
  record(session: OfflineSession, participantId: string, place: string, scanId: string): void {
    session.venue.scan(scanId, participantId, place)
    this.writeDue(session)
  }

  /** Names the writers (unless a host does) and writes this desk's own, each once. */
  writeDue(session: OfflineSession): void {
    const venue = session.venue
    if (!this.isMember()) venue.nameWriters()
    for (const { participantId, scanId } of venue.toWrite()) {
      const scan = venue.view().scans.get(scanId)
      const participant = session.cache.get('participants', participantId)
      if (participant && !participant.checked_in) session.writes.checkinSet(participantId, true, undefined, scan?.place)
      venue.wrote(participantId, scanId)
    }
  }

  close(): void {
    this.stopSwitch()
    this.stopRemote()
  }

  private follow(): void {
    this.stopRemote()
    const session = this.connections.active.offline
    this.stopRemote = session.venue.onRemoteSettled(() => {
      if (session.db.open) this.writeDue(session)
    }, log.failed('writing the check-ins due'))
  }
}
