// Handlers of game:*: a stream's game source (which game its live layer follows), made with the config file for the
// observer PC, the address of Rocket League's feed or a chess PGN's, who is who in the game, or removed — the
// producer's to change (the streams' concern).
import type { GameSources } from '../broadcast/game-sources'
import type { RoleGuard } from '../venue/venue-role-guard'
import type { HandlersOf } from './dispatch'
import { AppError } from '../app-error'

export interface GamePorts {
  games: GameSources
  roles: RoleGuard
  /** The stream's name, for the config file (undefined: a stream the desk does not have). */
  streamName: (streamId: string) => string | undefined
  /** Where the observer PC reaches the hub: its venue address when open, else this machine's. */
  hubUrl: () => string
  /** The Demo venue's chess boards (a PGN address) for the stream's tournament, or null. */
  demoBoards: (streamId: string) => string | null
}

export function gameHandlers({ games, roles, streamName, hubUrl, demoBoards }: GamePorts): HandlersOf<'game'> {
  /** The stream's name; a stream the desk does not have is refused by its field. */
  const knownStream = (streamId: string): string => {
    const name = streamName(streamId)
    if (name === undefined)
      throw new AppError('not_found', 'streamId: no stream of the local copy has that id; open its tournament first.', {
        streamId: 'not in the local copy',
      })
    return name
  }
  return {
    'game:source': ({ streamId }) => games.source(streamId),
    'game:demo-boards': ({ streamId }) => demoBoards(streamId),
    'game:connect': ({ streamId, game }) => {
      roles.check('streams')
      const hub = hubUrl()
      if (!hub)
        throw new AppError('offline', 'The broadcast hub is not running: the game would have nowhere to post.', {
          hub: 'not running',
        })
      return games.connect(streamId, game, hub, knownStream(streamId))
    },
    'game:listen': ({ streamId, address }) => {
      roles.check('streams')
      knownStream(streamId)
      return games.listen(streamId, 'rocketleague', address)
    },
    'game:pgn': ({ streamId, location }) => {
      roles.check('streams')
      knownStream(streamId)
      return games.listen(streamId, 'chess', location)
    },
    'game:side': ({ streamId, firstSide }) => {
      roles.check('streams')
      return games.chooseSide(streamId, firstSide)
    },
    'game:disconnect': ({ streamId }) => {
      roles.check('streams')
      games.disconnect(streamId)
      return null
    },
  }
}
