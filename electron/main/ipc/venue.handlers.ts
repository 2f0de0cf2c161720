// Handlers of venue:*: this desk hosting the venue, finding desks on the network, joining another desk's, or leaving
// it; the desks' roles and operators; the venue's audit log.
import type { VenueAudit } from '../venue/venue-audit'
import type { VenueRoles } from '../venue/venue-roles'
import type { VenueSharing } from '../venue/venue-sharing'
import type { HandlersOf } from './dispatch'

export function venueHandlers(sharing: VenueSharing, roles: VenueRoles, audit: VenueAudit): HandlersOf<'venue'> {
  return {
    'venue:sharing': () => sharing.state(),
    'venue:join': ({ address, code, fingerprint }) => sharing.join(address, code, fingerprint),
    'venue:leave': () => sharing.leave(),
    'venue:find': () => sharing.find(),
    'venue:hand-over': ({ deskId }) => sharing.handOver(deskId),
    'venue:remove-desk': ({ deskId }) => sharing.removeDesk(deskId),
    'venue:roles': () => roles.state(),
    'venue:set-operator': ({ operator }) => roles.setOperator(operator),
    'venue:set-role': ({ deskId, role }) => roles.setRole(deskId, role),
    'venue:audit': (query) => audit.page(query),
    'venue:audit-csv': (query) => audit.csv(query),
  }
}
