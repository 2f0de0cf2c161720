// What the device registry needs of the shared venue: the venue's record of devices as this desk's copy holds it, the
// connection it belongs to, and admitting a desk that pairs here — all handed to the registry when it opens.
import type { SharedDevice } from '../../../shared/venue/door'
import type { DeskPairingAnswer, JoiningDesk } from '../../../shared/venue/wire'
import type { VenueFollowers } from '../venue/venue-followers'

/** The venue's shared record of devices as this desk's copy holds it (`venue/record-devices.ts`). */
export interface VenueDeviceBook {
  readonly deskId: string
  readonly devices: {
    share(device: SharedDevice): void
    mayRevoke(deviceId: string): boolean
    revoke(deviceId: string): void
    byKeyHash(hash: string): (SharedDevice & { pairedBy: string }) | undefined
    all(): (SharedDevice & { pairedBy: string })[]
    isOut(deviceId: string): boolean
    /** A device came to this desk's hub (the venue hears it, at most once a minute per device). */
    seen(deviceId: string): void
    /** When any desk of the venue last saw a device. */
    seenAt(deviceId: string): number | undefined
  }
  view(): { names: ReadonlyMap<string, string> }
  ownControlToken(hash: string): void
  controlTokenHashes(): string[]
  controlTokenDesk(hash: string): string | undefined
}

/** A desk pairing here: admitted into the venue by the sharing (this desk's role checked there), its answer. */
export type AdmitDesk = (desk: JoiningDesk, name: string, pairingId: string) => DeskPairingAnswer

/** The shared venue, as the registry works with it (all absent: this desk's devices are its own, no desk pairs here). */
export interface RegistryVenue {
  /** The venue's record of devices now. */
  book?: () => VenueDeviceBook | undefined
  /** The connection the venue's record belongs to. */
  bookProfile?: () => string | undefined
  /** Admits a desk that pairs here into the venue (this desk's role checked there). */
  admitDesk?: AdmitDesk
}

/** The venue's record of devices for the registry, through the one follower of the active connection's record. */
export function registryVenue(followers: VenueFollowers): Pick<RegistryVenue, 'book' | 'bookProfile'> {
  return { book: () => followers.record, bookProfile: () => followers.current.profileId }
}
