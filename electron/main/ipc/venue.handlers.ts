// Handlers of venue:*: this desk hosting the venue, finding desks on the network, joining another desk's, or leaving it.
import type { VenueSharing } from '../services/venue-sharing'
import type { HandlersOf } from './dispatch'

export function venueHandlers(sharing: VenueSharing): HandlersOf<'venue'> {
  return {
    'venue:sharing': () => sharing.state(),
    'venue:join': ({ address, code }) => sharing.join(address, code),
    'venue:leave': () => sharing.leave(),
    'venue:find': () => sharing.find(),
  }
}
