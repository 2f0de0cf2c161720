// What this desk may change in a shared venue, checked in main where each change is applied, whoever asked (the page,
// Companion, a tablet or a door): the desk's role in the venue's record decides; a device acts with the role of the
// desk that paired it. A desk that never shared its venue may change everything, as before.
import { CONCERN_WORDS, ROLE_NAMES, ROLE_OF, type Concern, type DeskRole } from '../../../shared/venue/roles'
import { AsyncLocalStorage } from 'node:async_hooks'
import { AppError } from '../app-error'
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

export class VenueRoleGuard implements RoleGuard, ActingFor {
  /** The desk a device's request acts for, while it is handled (none: this desk). */
  private readonly acting = new AsyncLocalStorage<string>()

  constructor(private readonly followers: VenueFollowers) {}

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

  private venue(): VenueRecord {
    return this.followers.record
  }
}
