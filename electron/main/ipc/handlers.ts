// Every channel's handler, one module per channel prefix (streams.handlers.ts serves streams:*).
import type { CheckinDecision } from '../services/checkin-decision'
import type { Connections } from '../services/connections'
import type { FloorDesk } from '../floor/floor-desk'
import type { PlayerDesk } from '../floor/player-desk'
import type { SponsorDesk } from '../broadcast/sponsor-desk'
import type { VenueAudit } from '../venue/venue-audit'
import type { VenueRoles } from '../venue/venue-roles'
import type { VenueSharing } from '../venue/venue-sharing'
import { appHandlers, type AppPorts } from './app.handlers'
import { authHandlers } from './auth.handlers'
import { bracketHandlers } from './bracket.handlers'
import { broadcastHandlers, type BroadcastPorts } from './broadcast.handlers'
import { cacheHandlers } from './cache.handlers'
import { checkinHandlers } from './checkin.handlers'
import { disciplinesHandlers } from './disciplines.handlers'
import { floorHandlers } from './floor.handlers'
import { gameHandlers, type GamePorts } from './game.handlers'
import { hubHandlers, type HubPorts } from './hub.handlers'
import { logHandlers } from './log.handlers'
import type { PageLog } from '../page-log'
import type { Handlers } from './dispatch'
import { matchStreamsHandlers } from './match-streams.handlers'
import { obsHandlers, type ObsPorts } from './obs.handlers'
import { participantsHandlers } from './participants.handlers'
import { profilesHandlers } from './profiles.handlers'
import { stagesHandlers } from './stages.handlers'
import { sponsorsHandlers } from './sponsors.handlers'
import { streamsHandlers } from './streams.handlers'
import { syncHandlers } from './sync.handlers'
import { tournamentsHandlers } from './tournaments.handlers'
import { venueHandlers } from './venue.handlers'

/** What the handlers work with, each named: the composition hands over one object, built in dependency order. */
export interface HandlerServices {
  connections: Connections
  app: AppPorts
  broadcast: BroadcastPorts
  hub: HubPorts
  decision: CheckinDecision
  obs: ObsPorts
  floor: FloorDesk
  /** The players' phones: staff's answer to their reports. */
  players?: PlayerDesk
  games: GamePorts
  sponsors: SponsorDesk
  venue: { sharing: VenueSharing; roles: VenueRoles; audit: VenueAudit }
  pages: PageLog
}

export function allHandlers(services: HandlerServices): Handlers {
  const { connections, venue } = services
  const active = connections.work
  return {
    ...appHandlers(services.app),
    ...logHandlers(services.pages),
    ...profilesHandlers(connections),
    ...authHandlers(connections),
    ...tournamentsHandlers(active),
    ...disciplinesHandlers(active),
    ...stagesHandlers(active),
    ...participantsHandlers(active),
    ...checkinHandlers(active, services.decision),
    ...streamsHandlers(active),
    ...matchStreamsHandlers(active),
    ...bracketHandlers(active),
    ...cacheHandlers(active),
    ...syncHandlers(active),
    ...broadcastHandlers(services.broadcast, active),
    ...hubHandlers(services.hub),
    ...obsHandlers(services.obs),
    ...floorHandlers(services.floor, services.players),
    ...gameHandlers(services.games),
    ...sponsorsHandlers(services.sponsors),
    ...venueHandlers(venue.sharing, venue.roles, venue.audit),
  }
}
