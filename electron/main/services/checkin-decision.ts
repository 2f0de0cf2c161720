// The one decision of a check-in, for every place (the desk's Check-in view, a door, later a kiosk): a scanned code or
// a tap decided against the local copy, written through the offline writes with the place and time, and worded the
// same everywhere, in the language a place is given (a door: the tournament's). Node runs one call at a time, so two
// places checking in one person make one write.
import type { Participant } from '../../../shared/api'
import { wordsFor, type Words } from '../../../shared/broadcast/words'
import { findScanned } from '../../../shared/checkin/find-scanned'
import { whenAndWhere, type CheckinOutcome, type CheckinPerson } from '../../../shared/checkin/outcome'
import { isolate } from '../../../shared/text/hidden-characters'
import { byNaturalName } from '../../../shared/text/natural-order'
import { AppError } from '../app-error'
import { unsynced } from '../db/db'
import type { CheckinPlace } from '../store/checkin-places'
import type { OfflineSession } from './offline-session'
import type { VenueCheckins } from '../venue/venue-checkins'
import type { RoleGuard } from '../venue/venue-role-guard'
import { randomUUID } from 'node:crypto'

/** "Already checked in at 10:02 (Door 2)": nothing is written. */
function already(person: CheckinPerson, words: Words): CheckinOutcome {
  const said = words.words.checkin
  const where = whenAndWhere(person, undefined, said.at)
  return {
    outcome: 'already',
    participant: person,
    candidates: [],
    message: `${words.say(said.already, { name: isolate(person.name) })}${where ? ` ${where}` : ''}`,
  }
}

/**
 * Work on a session's record and outbox as one commit — the record's changes one update, stored in the same
 * transaction as the outbox row — synced to disk by the group flush the answer waits for, not on its own.
 */
function inOneCommit<T>(session: OfflineSession, work: () => T): T {
  return unsynced(session.db, () =>
    session.db.transaction(() => {
      let done: T
      session.venue.doc.transact(() => {
        done = work()
      })
      return done!
    })(),
  )
}

/** The desk's own Check-in view speaks English, as the rest of the desk. */
const ENGLISH = wordsFor('en_US')

/** Who waits to sync at one moment, and that moment's stamp: a description stamped later replaces an earlier one. */
export interface Moment {
  waiting: ReadonlySet<string>
  asOf: number
}

/** Where a scan or tap comes from, when a device made it. */
export interface ScanSource {
  /** The scan's own id as its door gave it: the same scan sent again is not a second. */
  scanId?: string
  /**
   * The desk of the venue the device was paired at, when another: its role decides (a door that moved to this desk,
   * its own gone, checks in as it did there).
   */
  pairedBy?: string
}

export class CheckinDecision {
  /** The last stamp given: one more each moment, never behind the wall clock in µs (so a restart goes on above it). */
  private lastStamp = 0

  /** The session a call is decided in when it is not the active connection's (a door paired on another). */
  private inSession: OfflineSession | undefined

  constructor(
    /** The active connection's session, asked at each use. */
    private readonly activeSession: () => OfflineSession,
    /** A shared venue's check-ins: a person's first check-in goes through it, written by one desk only. */
    private readonly venue?: VenueCheckins,
    /** This desk's role in a shared venue: a check-in or out made here is checked against it, at every place. */
    private readonly roles?: RoleGuard,
  ) {}

  /** Runs one (synchronous) decision in a given connection's session: a door's, which may not be the desk's. */
  within<T>(session: OfflineSession, decide: () => T): T {
    const before = this.inSession
    this.inSession = session
    try {
      return decide()
    } finally {
      this.inSession = before
    }
  }

  /**
   * A badge code scanned or typed: checks in the one it names, or says why not. `scanId` is the scan's own id when the
   * place gives one (a door does): the same scan sent again — to another desk of the venue, its own having gone — says
   * what it said the first time and is never a second check-in.
   */
  scan(
    tournamentId: string,
    code: string,
    place: string,
    words: Words = ENGLISH,
    from: ScanSource = {},
  ): CheckinOutcome {
    this.knowTournament(tournamentId)
    const said = words.words.checkin
    // SQLite narrows the list to the code's candidates; the shared rule decides.
    const candidates = this.session.cache.participantsByCode(tournamentId, code)
    const found = findScanned(candidates, code)
    if (found.length === 0)
      return {
        outcome: 'unknown',
        participant: null,
        candidates: [],
        message: words.say(said.unknownCode, { code: code.trim() }),
      }
    if (found.length > 1) {
      const { places, ...moment } = this.context()
      return {
        outcome: 'choose',
        participant: null,
        candidates: found.map((p) => this.personWith(p, places.get(p.id), moment)),
        message: words.say(said.choose, { code: code.trim(), n: found.length }),
      }
    }
    return this.set(tournamentId, found[0]!.id, true, place, words, from)
  }

  /**
   * A tap: checks in or out. Asking for what already holds writes nothing and says so (the second of two places hears
   * "already checked in at 10:02 (Door 2)").
   */
  set(
    tournamentId: string,
    participantId: string,
    checkedIn: boolean,
    place: string,
    words: Words = ENGLISH,
    { scanId, pairedBy }: ScanSource = {},
  ): CheckinOutcome {
    const said = words.words.checkin
    const name = (person: CheckinPerson) => ({ name: isolate(person.name) })
    const session = this.session
    const participant = session.cache.get('participants', participantId)
    if (!participant || participant.tournament_id !== tournamentId)
      return {
        outcome: 'unknown',
        participant: null,
        candidates: [],
        message: said.unknownParticipant,
      }
    // This very scan checked the person in already (sent again after its answer was lost): said as it was then.
    if (checkedIn && scanId !== undefined && session.venue.checkins.checkedInScan(participantId)?.scanId === scanId) {
      const person = this.person(participant)
      return {
        outcome: 'checked-in',
        participant: person,
        candidates: [],
        message: words.say(said.checkedIn, name(person)),
      }
    }
    if (participant.checked_in === checkedIn) {
      const person = this.person(participant)
      if (!checkedIn)
        return {
          outcome: 'checked-out',
          participant: person,
          candidates: [],
          message: words.say(said.notCheckedIn, name(person)),
        }
      return already(person, words)
    }
    this.roles?.check('checkin', session.venue, pairedBy)
    // The scan in the venue's record, its outbox row and the audit line: one commit (behind the WAL's group flush).
    return inOneCommit(session, () => this.decided(session, participant, checkedIn, place, words, scanId))
  }

  /** What a check-in or out decided writes, and what it says. */
  private decided(
    session: OfflineSession,
    participant: Participant,
    checkedIn: boolean,
    place: string,
    words: Words,
    scanId: string | undefined,
  ): CheckinOutcome {
    const said = words.words.checkin
    const name = (person: CheckinPerson) => ({ name: isolate(person.name) })
    const participantId = participant.id
    if (this.venue?.shared(session)) {
      const scan = session.venue.checkins.checkedInScan(participantId)
      // Scanned in at a door of this or another desk (its write on its way, or this desk's copy not read again yet):
      // said as already checked in there, never written again.
      if (checkedIn && scan) return already(this.person(participant), words)
      // A first check-in at the venue: one scan, written by the one desk named for it (this one, when it hosts).
      if (checkedIn && !session.venue.checkins.everScanned(participantId)) {
        this.venue.record(session, participantId, place, scanId ?? randomUUID())
        this.audited(session, participant, true, place)
        const person = this.person(session.cache.get('participants', participantId) ?? participant)
        return {
          outcome: 'checked-in',
          participant: person,
          candidates: [],
          message: words.say(said.checkedIn, name(person)),
        }
      }
      if (!checkedIn) session.venue.checkins.checkOut(participantId)
    }
    session.writes.checkinSet(participantId, checkedIn, undefined, place)
    this.audited(session, participant, checkedIn, place)
    const person = this.person(session.cache.get('participants', participantId) ?? participant)
    return checkedIn
      ? { outcome: 'checked-in', participant: person, candidates: [], message: words.say(said.checkedIn, name(person)) }
      : {
          outcome: 'checked-out',
          participant: person,
          candidates: [],
          message: words.say(said.checkedOut, name(person)),
        }
  }

  /**
   * A check-in or out made at the desk's own list (a toggle, sent when the service answers): checked against this
   * desk's role, and it ends what a door's scan said in the shared venue too.
   */
  toggle(
    participantId: string,
    checkedIn: boolean,
    requestId?: string,
  ): ReturnType<OfflineSession['writes']['checkinSet']> {
    const session = this.session
    this.roles?.check('checkin', session.venue)
    const participant = session.cache.get('participants', participantId)
    return inOneCommit(session, () => {
      if (participant) this.audited(session, participant, checkedIn, 'desk')
      if (!checkedIn) session.venue.checkins.checkOut(participantId)
      return session.writes.checkinSet(participantId, checkedIn, requestId)
    })
  }

  /** A check-in or out, as the venue's audit log keeps it (the person's name, and where). */
  private audited(session: OfflineSession, participant: Participant, checkedIn: boolean, place: string): void {
    const where = place === 'desk' ? 'at the desk' : `at ${place}`
    session.venue.audit(
      'person',
      participant.id,
      participant.name,
      `${checkedIn ? 'Checked in' : 'Checked out'} ${where}`,
    )
  }

  /** Everyone of a tournament as a place of check-in sees them, by name. */
  people(tournamentId: string): CheckinPerson[] {
    this.knowTournament(tournamentId)
    const { places, ...moment } = this.context()
    return this.session.cache
      .list('participants', tournamentId)
      .map((p) => this.personWith(p, places.get(p.id), moment))
      .sort(byNaturalName)
  }

  /** One participant as a place of check-in sees them. */
  person(participant: Participant): CheckinPerson {
    const { places, outbox } = this.session
    const waiting = new Set(outbox.ofEntity(`participant:${participant.id}`).map((row) => row.entity))
    return this.personWith(participant, places.of(participant.id), { waiting, asOf: this.stamp() })
  }

  /** Where and when people were checked in here, and who waits to sync: computed once for many people. */
  context(): { places: Map<string, CheckinPlace> } & Moment {
    return { places: this.session.places.all(), ...this.moment() }
  }

  /** Who waits to sync now, stamped: for describing many people at once. */
  moment(): Moment {
    return { waiting: this.session.outbox.unsentEntities(), asOf: this.stamp() }
  }

  /** Only what a place of check-in may know: name, state, when and where. Never email, badge code or custom fields. */
  personWith(participant: Participant, place: CheckinPlace | undefined, { waiting, asOf }: Moment): CheckinPerson {
    // In a shared venue, a check-in's time and place are the venue's (its first scan at any door of any desk): every
    // desk and every door says the same, whatever this desk's copy of the service says yet.
    const scan = this.venue?.shared(this.session)
      ? this.session.venue.checkins.checkedInScan(participant.id)
      : undefined
    if (scan)
      return {
        id: participant.id,
        name: participant.name,
        checkedIn: true,
        checkedInAt: new Date(scan.at).toISOString(),
        place: scan.place,
        waiting: !this.session.venue.checkins.isWritten(participant.id) || waiting.has(`participant:${participant.id}`),
        asOf,
      }
    const serviceTime = typeof participant['checked_in_at'] === 'string' ? participant['checked_in_at'] : null
    const here = participant.checked_in ? place : undefined
    return {
      id: participant.id,
      name: participant.name,
      checkedIn: participant.checked_in,
      checkedInAt: here ? new Date(here.at).toISOString() : participant.checked_in ? serviceTime : null,
      place: here?.place ?? null,
      waiting: waiting.has(`participant:${participant.id}`),
      asOf,
    }
  }

  /**
   * Describing happens in one thread, so the order of stamps is the order of what the desk knew: a door that hears a
   * tap's answer after the live list's newer word keeps the newer (the two come by different ways).
   */
  private stamp(): number {
    this.lastStamp = Math.max(this.lastStamp + 1, Date.now() * 1000)
    return this.lastStamp
  }

  /** A tournament must be in the local copy (the desk opened it at least once). */
  knowTournament(tournamentId: string): void {
    const { cache } = this.session
    if (!cache.has('tournaments', tournamentId) && !cache.holdsAny('participants', tournamentId))
      throw new AppError('not_found', 'This tournament is not in the desk’s local copy: open it on the desk.')
  }

  private get session(): OfflineSession {
    return this.inSession ?? this.activeSession()
  }
}
