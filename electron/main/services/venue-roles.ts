// The roles of a shared venue on this desk: what this desk may change (checked in main where each change is applied,
// whoever asked: the page, Companion, a tablet or a door), each desk's role and operator, the head organiser giving
// roles, and the hosting desk giving every desk that joins it the producer's role. A desk that never shared its venue
// may change everything, as before.
import {
  CONCERN_WORDS,
  ROLE_NAMES,
  ROLE_OF,
  type Concern,
  type DeskRole,
  type VenueRoles as RolesState,
} from '../../../shared/venue/roles'
import { AppError } from '../app-error'
import { moduleLog } from '../log'
import type { VenueDoc } from '../venue/venue-doc'
import type { Connections } from './connections'

const log = moduleLog('venue-roles')

/** What a desk that joined is given until the head organiser says otherwise. */
export const JOINED_ROLE: DeskRole = 'producer'

/** Checks a change against this desk's role, where the change is applied. */
export interface RoleGuard {
  /**
   * Throws `forbidden`, naming the role needed, when this desk's role does not allow the concern (in `venue`: a door
   * paired on another connection decides in that connection's venue; the active one's otherwise). `deskId`: the desk
   * whose role decides, when not this one (a device paired at another desk of the venue acts with that desk's role).
   */
  check(concern: Concern, venue?: VenueDoc, deskId?: string): void
}

export class VenueRoles implements RoleGuard {
  /** Whether this desk joined another desk's venue (the host gives joined desks their first role). */
  isMember: () => boolean = () => false
  private stopRemote: () => void = () => undefined
  private readonly stopSwitch: () => void
  /** The roles as last told, as text: told again only when they changed. */
  private told = ''

  constructor(
    private readonly connections: Connections,
    /** Told whenever a desk's role or operator changed, here or on another desk. */
    private readonly changed?: (roles: RolesState) => void,
  ) {
    this.follow()
    this.stopSwitch = connections.switched.on(() => this.follow())
  }

  check(concern: Concern, venue = this.venue(), deskId = venue.deskId): void {
    if (venue.mayChange(deskId, concern)) return
    const role = venue.roleOf(deskId)
    const needed = ROLE_NAMES[ROLE_OF[concern]]
    throw new AppError(
      'forbidden',
      `This desk’s role is ${ROLE_NAMES[role]}: ${CONCERN_WORDS[concern]} take the ${needed} role (or the head organiser’s). Ask the head organiser to change it under Venue → Roles.`,
      { role: `needs ${needed}` },
    )
  }

  state(): RolesState {
    const venue = this.venue()
    const { names } = venue.view()
    // A desk out of the venue (it left, or was removed) is no longer listed.
    const desks = [...names]
      .filter(([deskId]) => !venue.isOut(deskId))
      .map(([deskId, name]) => ({
        deskId,
        name,
        operator: venue.operatorOf(deskId),
        role: venue.roleOf(deskId),
        you: deskId === venue.deskId,
      }))
    desks.sort((a, b) => Number(b.you) - Number(a.you) || a.name.localeCompare(b.name))
    const host = venue.hostDesk() ?? (this.isMember() ? null : venue.deskId)
    return { shared: venue.isShared(), host, desks }
  }

  /** The person at this desk from now on: the audit log names them with every change this desk makes. */
  setOperator(operator: string): RolesState {
    const venue = this.venue()
    if (venue.operatorOf(venue.deskId) !== operator) {
      venue.setOperator(operator)
      venue.audit('venue', venue.deskId, this.deskName(venue.deskId), `${operator} is at this desk`)
    }
    return this.state()
  }

  /** The head organiser gives a desk a role; the venue keeps at least one head organiser. */
  setRole(deskId: string, role: DeskRole): RolesState {
    this.check('roles')
    const venue = this.venue()
    if (!venue.view().names.has(deskId))
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

  close(): void {
    this.stopSwitch()
    this.stopRemote()
  }

  private venue(): VenueDoc {
    return this.connections.active.offline.venue
  }

  private deskName(deskId: string): string {
    return this.venue().view().names.get(deskId) ?? 'another desk'
  }

  /** Each desk that joined and has no role yet is given the producer's by a head organiser. */
  private follow(): void {
    this.stopRemote()
    const venue = this.venue()
    const tell = () => {
      const now = this.state()
      const text = JSON.stringify(now)
      if (text === this.told) return
      this.told = text
      this.changed?.(now)
    }
    venue.doc.on('update', tell)
    const stopTelling = () => venue.doc.off('update', tell)
    const stopGiving = venue.onRemoteSettled(() => {
      // A head organiser gives them: one named so, or the hosting desk (which names itself head organiser then, so that
      // it still gives roles once the hosting moved). A desk that just joined is head only by default: it gives none.
      const me = venue.deskId
      if (venue.roleOf(me) !== 'head' || (!venue.hasRole(me) && this.isMember())) return
      const newcomers = [...venue.view().names.keys()].filter((id) => id !== me && !venue.hasRole(id))
      if (newcomers.length === 0) return
      venue.doc.transact(() => {
        if (!venue.hasRole(me)) venue.setRole(me, 'head')
        for (const deskId of newcomers) {
          venue.setRole(deskId, JOINED_ROLE)
          venue.audit('venue', deskId, this.deskName(deskId), `Joined the venue as ${ROLE_NAMES[JOINED_ROLE]}`)
        }
      })
    }, log.failed('giving the desks that joined their role'))
    this.stopRemote = () => {
      stopTelling()
      stopGiving()
    }
  }
}
