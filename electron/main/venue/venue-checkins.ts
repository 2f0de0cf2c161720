// A shared venue's check-ins: a person's first check-in at any door of any desk is a scan in the venue's record (its
// own id, the place, the desk), and it is written to the service by exactly one desk — the one whose scan the hosting
// desk named (a desk that hosts or works alone names them itself, at once) — so two desks that checked one person in
// at once, or while cut off from each other, never write twice. A desk writes what is due whenever the record changes
// and at start, and a scan and what it makes due are one commit.
import { unsynced } from '../db/db'
import { moduleLog } from '../log'
import { Signal } from '../signal'
import type { CheckinSession, VenueFollowers } from './venue-followers'

const log = moduleLog('venue-checkins')

export class VenueCheckins {
  /** Each person's counting scan as last told (what changed since is told to the lists and the doors). */
  private told = new Map<string, string>()

  /** The people whose check-in in the venue changed (another desk's door checked them in or out), on a session. */
  readonly peopleChanged = new Signal<{ session: CheckinSession; participantIds: string[] }>()

  constructor(
    private readonly followers: VenueFollowers,
    /** Whether this desk syncs with another desk as its host (then the host names who writes). */
    private readonly isMember: () => boolean = () => false,
  ) {
    followers.register('check-ins', {
      // What this desk owes the service is written at start and after a switch too, not only after the next change
      // (naming writers waits: whether this desk hosts is not known yet).
      follow: () => {
        this.told = this.counting(this.followers.current.session)
        this.inOneCommit((session) => this.writeOwn(session))
      },
      arrived: () => {
        this.inOneCommit((session) => this.writeDue(session))
        this.tellChanged()
      },
    })
  }

  /** Each person's counting scan now, by id (the venue's check-ins). */
  private counting(session: CheckinSession): Map<string, string> {
    const now = new Map<string, string>()
    for (const { participantId } of session.venue.view().scans.values()) {
      const scan = session.venue.checkins.checkedInScan(participantId)
      now.set(participantId, scan ? `${scan.scanId}@${scan.at}` : '')
    }
    return now
  }

  /** The people another desk checked in or out since last told: their lists and doors are told. */
  private tellChanged(): void {
    const { session } = this.followers.current
    if (!session.db.open) return
    const now = this.counting(session)
    const changed = [...now].filter(([id, said]) => this.told.get(id) !== said).map(([id]) => id)
    this.told = now
    if (changed.length > 0) this.peopleChanged.emit({ session, participantIds: changed })
  }

  /** True when check-ins at this session's doors go through the shared venue (another desk has been part of it). */
  shared(session: CheckinSession): boolean {
    return session.venue.isShared()
  }

  /** A person checked in here: the scan goes into the venue, and what is this desk's to write is written now. */
  record(session: CheckinSession, participantId: string, place: string, scanId: string): void {
    session.venue.doc.transact(() => {
      session.venue.checkins.scan(scanId, participantId, place)
      this.writeDue(session)
    })
  }

  /** Names the writers (unless a host does) and writes this desk's own, each once. */
  writeDue(session: CheckinSession): void {
    if (!this.isMember()) session.venue.checkins.nameWriters()
    this.writeOwn(session)
  }

  /** Writes the check-ins whose writer is one of this desk's scans, each once. */
  private writeOwn(session: CheckinSession): void {
    const venue = session.venue
    for (const { participantId, scanId } of venue.checkins.toWrite()) {
      const scan = venue.view().scans.get(scanId)
      const participant = session.cache.get('participants', participantId)
      if (participant && !participant.checked_in) session.writes.checkinSet(participantId, true, undefined, scan?.place)
      venue.checkins.wrote(participantId, scanId)
    }
  }

  /** Work on the active session's record and outbox as one commit. */
  private inOneCommit(work: (session: CheckinSession) => void): void {
    const { session } = this.followers.current
    if (!session.db.open) return
    try {
      const { db } = session
      unsynced(db, () => db.transaction(() => session.venue.doc.transact(() => work(session)))())
    } catch (error) {
      log.warn('writing the check-ins due failed', { err: error })
    }
  }
}
