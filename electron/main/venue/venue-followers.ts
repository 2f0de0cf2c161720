// The one place that follows the venue's record for everything that acts on it (streams, the floor, devices,
// check-ins, roles, the sharing itself): the record of the connection the desk works on, handed to each follower at
// start and after every switch of connection; the changes other desks made, once per burst; and every change, this
// desk's own too. Each follower is called on its own: one that throws is logged with its name and stops no other.
import { moduleLog } from '../log'
import type { Db } from '../db/db'
import type { VenueRecord } from './venue-record'

const log = moduleLog('venue-followers')

/** What the check-ins need of a connection's session (OfflineSession is one). */
export interface CheckinSession {
  readonly venue: VenueRecord
  readonly db: Db
  readonly cache: {
    get(resource: 'participants', id: string): { checked_in: boolean; tournament_id: string } | undefined
  }
  readonly writes: {
    checkinSet(participantId: string, checkedIn: boolean, requestId?: string, place?: string): unknown
  }
}

/** The connection the desk works on, as the venue wing sees it: its profile and its session (the record in it). */
export interface VenueSession {
  profileId: string
  session: CheckinSession
}

/** The active connection and its switches (Connections, adapted by the composition). */
export interface ActiveVenue {
  current(): VenueSession
  onSwitch(listener: () => void): () => void
}

export interface VenueFollower {
  /** The record of the connection the desk works on now: at registration, and after each switch. */
  follow?(record: VenueRecord): void
  /** Other desks changed the record (told once per burst, after the current task). */
  arrived?(record: VenueRecord): void
  /** The record changed, here or elsewhere (told at once, for what is shown). */
  changed?(record: VenueRecord): void
}

export class VenueFollowers {
  private readonly followers = new Map<string, VenueFollower>()
  private stopRecord: () => void = () => undefined
  private readonly stopSwitch: () => void

  constructor(private readonly active: ActiveVenue) {
    this.watch()
    this.stopSwitch = active.onSwitch(() => {
      this.watch()
      for (const [name, follower] of this.followers) this.call(name, () => follower.follow?.(this.record))
    })
  }

  /** The record of the connection the desk works on now. */
  get record(): VenueRecord {
    return this.active.current().session.venue
  }

  /** The session of the connection the desk works on now. */
  get current(): VenueSession {
    return this.active.current()
  }

  /** A follower from now on (handed the record at once); answers how to stop following. */
  register(name: string, follower: VenueFollower): () => void {
    this.followers.set(name, follower)
    this.call(name, () => follower.follow?.(this.record))
    return () => this.followers.delete(name)
  }

  close(): void {
    this.stopSwitch()
    this.stopRecord()
    this.followers.clear()
  }

  private watch(): void {
    this.stopRecord()
    const record = this.record
    const changed = () => {
      for (const [name, follower] of this.followers)
        if (follower.changed) this.call(name, () => follower.changed!(record))
    }
    // This desk's own changes here; other desks' (and entries that count later) through the record.
    const own = (_update: Uint8Array, origin: unknown) => origin === null && changed()
    record.doc.on('update', own)
    const stopArrived = record.onRemoteSettled(
      () => {
        for (const [name, follower] of this.followers)
          if (follower.arrived) this.call(name, () => follower.arrived!(record))
      },
      (error) => log.warn('following what other desks changed failed', { err: error }),
    )
    const stopLater = record.onRemote(changed)
    this.stopRecord = () => {
      record.doc.off('update', own)
      stopArrived()
      stopLater()
    }
  }

  private call(name: string, act: () => void): void {
    try {
      act()
    } catch (error) {
      log.warn(`the venue follower ${name} failed`, { err: error })
    }
  }
}
