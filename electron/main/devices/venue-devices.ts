// Keeps this desk's paired devices and the venue's shared record of them together on the active connection: this
// desk's devices go into the record, a device paired at another desk is let in here, and one revoked at any desk that
// may is refused here at once (its open streams closed).
import { moduleLog } from '../log'
import type { Connections } from '../services/connections'
import type { DeviceRegistry } from './device-registry'

const log = moduleLog('venue-devices')

export class VenueDevices {
  private stopRemote: () => void = () => undefined
  private readonly stopSwitch: () => void

  constructor(
    private readonly connections: Connections,
    private readonly registry: DeviceRegistry,
  ) {
    registry.shareWith(
      () => this.connections.active.offline.venue,
      () => this.connections.active.profile.id,
    )
    this.follow()
    this.stopSwitch = connections.switched.on(() => this.follow())
  }

  close(): void {
    this.stopSwitch()
    this.stopRemote()
  }

  /** The active connection's venue: followed now, and after each change another desk made to it. */
  private follow(): void {
    this.stopRemote()
    this.registry.followVenue()
    this.stopRemote = this.connections.active.offline.venue.onRemoteSettled(
      () => this.registry.followVenue(),
      log.failed('following the venue’s devices'),
    )
  }
}
