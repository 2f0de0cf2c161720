// The roles of a shared venue on this desk: what this desk may change (checked in main where each change is applied,
// whoever asked: the page, Companion, a tablet or a door), each desk's role and operator, and the head organiser
// giving roles. A desk's first role is the one given when it was paired (in its admission); after that only a head
// organiser's entry changes it. A desk that never shared its venue may change everything, as before.
import {
  CONCERN_WORDS,
  ROLE_NAMES,
  ROLE_OF,
  type Concern,
  type DeskRole,
  type VenueRoles as RolesState,
} from '../../../shared/venue/roles'
import { AsyncLocalStorage } from 'node:async_hooks'
import { AppError } from '../app-error'
import { fingerprintOf } from './desk-identity'
import type { VenueFollowers } from './venue-followers'
import type { VenueRecord } from './venue-record'

/** What a desk that joined is given until the head organiser says otherwise. */
export const JOINED_ROLE: DeskRole = 'producer'

/** Checks a change against this desk's role, where the change is applied. */
export interface RoleGuard {
  /**
   * Throws `forbidden`, naming the role needed, when this desk's role does not allow the concern (in `venue`: a door
   * paired on another connection decides in that connection's venue; the active one's otherwise). `deskId`: the desk
   * whose role decides, when not this one (a device paired at another desk of the venue acts with that desk's role).
   */
  check(concern: Concern, venue?: VenueRecord, deskId?: string): void
  /** The same decision in words, without throwing (null: allowed). */
  refusal(concern: Concern, venue?: VenueRecord, deskId?: string): string | null
}

/** Runs a device's request with the role of the desk that paired it (or whose control token it came with). */
export interface ActingFor {
  actingFor<T>(deskId: string | undefined, work: () => T): T
}

export class VenueRoles implements RoleGuard, ActingFor {
  /** Whether this desk syncs with another desk as its host. */
  isMember: () => boolean = () => false
  /** The desk that hosts the venue now, as this desk's link says (undefined: not known). */
  hostNow: () => string | undefined = () => undefined
  /** The desk a device's request acts for, while it is handled (none: this desk). */
  private readonly acting = new AsyncLocalStorage<string>()
  /** The roles as last told, as text: told again only when they changed. */
  private told = ''

  constructor(
    private readonly followers: VenueFollowers,
    /** Told whenever a desk's role or operator changed, here or on another desk. */
    private readonly changed?: (roles: RolesState) => void,
  ) {
    followers.register('roles', { follow: () => this.tell(), changed: () => this.tell() })
  }

  check(concern: Concern, venue = this.venue(), deskId = this.acting.getStore() ?? venue.deskId): void {
    const refusal = this.refusal(concern, venue, deskId)
    if (refusal) throw new AppError('forbidden', refusal, { role: `needs ${ROLE_NAMES[ROLE_OF[concern]]}` })
  }

  /** Why the desk's role does not allow the concern, in words (null: it does). */
  refusal(concern: Concern, venue = this.venue(), deskId = this.acting.getStore() ?? venue.deskId): string | null {
    if (venue.mayChange(deskId, concern)) return null
    const role = venue.roleOf(deskId)
    const needed = ROLE_NAMES[ROLE_OF[concern]]
    const whose = deskId === venue.deskId ? 'This desk’s role' : 'The role of the desk that paired this device'
    const is = role ? `${whose} is ${ROLE_NAMES[role]}` : 'This desk is not part of the venue now'
    return `${is}: ${CONCERN_WORDS[concern]} take the ${needed} role (or the head organiser’s). Ask the head organiser to change it under Venue → Roles.`
  }

  /**
   * Runs a device's request acting for the desk that paired it (a tablet, a control device) or whose control token it
   * came with: every role check inside it, awaited work too, is that desk's (none given: this desk's).
   */
  actingFor<T>(deskId: string | undefined, work: () => T): T {
    return deskId === undefined ? work() : this.acting.run(deskId, work)
  }

  state(): RolesState {
    const venue = this.venue()
    const { names } = venue.view()
    // A desk out of the venue (it left, or was removed) is no longer listed.
    const desks = [...names].flatMap(([deskId, name]) => {
      const role = venue.roleOf(deskId)
      const key = venue.publicKeyOf(deskId)
      const fingerprint = key ? fingerprintOf(key) : ''
      return role
        ? [{ deskId, name, operator: venue.operatorOf(deskId), role, you: deskId === venue.deskId, fingerprint }]
        : []
    })
    desks.sort((a, b) => Number(b.you) - Number(a.you) || a.name.localeCompare(b.name))
    // The desk this one syncs with (or this one, hosting), else the last handover's, else none known.
    const host = this.hostNow() ?? venue.hostDesk() ?? (this.isMember() ? null : venue.deskId)
    return { shared: venue.isShared(), host, desks }
  }

  /** The person at this desk from now on: the audit log names them with every change this desk makes. */
  setOperator(operator: string): RolesState {
    const venue = this.venue()
    if (venue.operatorOf(venue.deskId) !== operator) {
      venue.doc.transact(() => {
        venue.setOperator(operator)
        venue.audit('venue', venue.deskId, this.deskName(venue.deskId), `${operator} is at this desk`)
      })
    }
    return this.state()
  }

  /** The head organiser gives a desk a role; the venue keeps at least one head organiser. */
  setRole(deskId: string, role: DeskRole): RolesState {
    this.check('roles')
    const venue = this.venue()
    if (!venue.isIn(deskId))
      throw new AppError('not_found', 'deskId: no desk of this venue has that id', {
        deskId: 'not a desk of the venue',
      })
    if (venue.roleOf(deskId) === role) return this.state()
    const heads = this.state().desks.filter((desk) => desk.role === 'head' && desk.deskId !== deskId)
    if (role !== 'head' && heads.length === 0)
      throw new AppError('conflict', 'The venue needs a head organiser: give another desk that role first.', {
        role: 'the last head organiser',
      })
    venue.doc.transact(() => {
      venue.setRole(deskId, role)
      venue.audit('venue', deskId, this.deskName(deskId), `Role: ${ROLE_NAMES[role]}`)
    })
    return this.state()
  }

  private venue(): VenueRecord {
    return this.followers.record
  }

  private deskName(deskId: string): string {
    return this.venue().view().names.get(deskId) ?? 'another desk'
  }

  /** Tells the roles again if they changed (the hosting desk moved: the sharing says so). */
  tell(): void {
    const now = this.state()
    const text = JSON.stringify(now)
    if (text === this.told) return
    this.told = text
    this.changed?.(now)
  }
}
