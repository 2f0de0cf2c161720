// Handlers of floor:*: the venue floor's stations, assignments, calls and settings (floor/floor-desk.ts), and staff's
// answer to the players' reports (floor/player-desk.ts).
import type { FloorDesk } from '../floor/floor-desk'
import type { PlayerDesk } from '../floor/player-desk'
import { AppError } from '../app-error'
import type { HandlersOf } from './dispatch'

export function floorHandlers(floor: FloorDesk, players?: PlayerDesk): HandlersOf<'floor'> {
  return {
    'floor:players': ({ tournamentId, stationId, action }) => {
      if (!players) throw new AppError('not_found', 'The players’ phones are not served on this desk.')
      return players.answer(tournamentId, stationId, action)
    },
    'floor:state': ({ tournamentId }) => floor.state(tournamentId),
    'floor:create-stations': ({ tournamentId, prefix, from, to }) =>
      floor.createStations(tournamentId, prefix, from, to),
    'floor:update-station': ({ tournamentId, stationId, ...change }) =>
      floor.updateStation(tournamentId, stationId, change),
    'floor:delete-station': ({ tournamentId, stationId }) => floor.deleteStation(tournamentId, stationId),
    'floor:assign': ({ tournamentId, stationId, matchId }) => floor.assign(tournamentId, stationId, matchId),
    'floor:unassign': ({ tournamentId, stationId }) => floor.unassign(tournamentId, stationId),
    'floor:auto-assign': ({ tournamentId }) => floor.autoAssign(tournamentId),
    'floor:call': ({ tournamentId, stationId }) => floor.call(tournamentId, stationId),
    'floor:arrived': ({ tournamentId, stationId, opponent, arrived }) =>
      floor.arrived(tournamentId, stationId, opponent, arrived),
    'floor:uncall': ({ tournamentId, stationId }) => floor.uncall(tournamentId, stationId),
    'floor:settings': ({ tournamentId, dqSeconds, webhookUrl }) =>
      floor.settings(tournamentId, {
        ...(dqSeconds !== undefined && { dqSeconds }),
        ...(webhookUrl !== undefined && { webhookUrl }),
      }),
  }
}
