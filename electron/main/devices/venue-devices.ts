// Keeps this desk's paired devices and the venue's shared record of them together on the active connection: this
// desk's devices go into the record, a device paired at another desk is let in here, and one revoked at any desk that
// may is refused here at once (its open streams closed).
import type { VenueFollowers } from '../venue/venue-followers'
import type { DeviceRegistry } from './device-registry'

export class VenueDevices {
  private readonly stopFollowing: () => void

  /** The registry reads the venue's record through `followers` (`registry-venue.ts`); here it follows its changes. */
  constructor(followers: VenueFollowers, registry: DeviceRegistry) {
    this.stopFollowing = followers.register('devices', {
      follow: () => registry.followVenue(),
      arrived: () => registry.followVenue(),
    })
  }

  close(): void {
    this.stopFollowing()
  }
}
