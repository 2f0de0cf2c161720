// The roles of a shared venue as the Venue view shows them: each desk's role and operator, the desk that hosts, and
// the head organiser giving roles. A desk's first role is the one given when it was paired (in its admission); after
// that only a head organiser's entry changes it.
import { ROLE_NAMES, type DeskRole, type VenueRoles as RolesState } from '../../../shared/venue/roles'
import { AppError } from '../app-error'
import { fingerprintOf } from './desk-identity'
import type { RoleGuard } from './venue-role-guard'
import type { VenueFollowers } from './venue-followers'
import type { VenueRecord } from './venue-record'

/** What the roles need of the sharing: whether this desk syncs with a host, which desk hosts, and when that moves. */
export interface HostingLink {
  /** Whether this desk syncs with another desk as its host. */
  isMember(): boolean
  /** The desk that hosts the venue now, as this desk's link says (undefined: not known). */
  hostingDesk(): string | undefined
  /** Told whenever the sharing changed (the hosting desk among it). */
  readonly changed: { on(listener: () => void): () => void }
}

export class VenueRoles {
  /** The roles as last told, as text: told again only when they changed. */
  private told = ''

  constructor(
    private readonly followers: VenueFollowers,
    private readonly guard: RoleGuard,
    private readonly hosting: HostingLink,
    /** Told whenever a desk's role or operator changed, here or on another desk. */
    private readonly changed?: (roles: RolesState) => void,
  ) {
    followers.register('roles', { follow: () => this.tell(), changed: () => this.tell() })
    // Which desk hosts is in the roles too.
    hosting.changed.on(() => this.tell())
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
    const host = this.hosting.hostingDesk() ?? venue.hostDesk() ?? (this.hosting.isMember() ? null : venue.deskId)
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
    this.guard.check('roles')
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

  /** Tells the roles again if they changed. */
  private tell(): void {
    const now = this.state()
    const text = JSON.stringify(now)
    if (text === this.told) return
    this.told = text
    this.changed?.(now)
  }
}
