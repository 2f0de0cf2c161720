// The control API for Stream Deck through Bitfocus Companion (generic HTTP POSTs): take next, take a match, hold,
// release, the technical-difficulties key, the show sequence (fast-forward, cancel, game start) and apply (all, or the first line) on one stream, its casters (a JSON body) and the live score (+1/−1 by screen side, a game's
// winner, swap, undo), each answering the stream's new state; a scene, the break scene or an instant replay in the
// stream's OBS, answering its OBS state. The control token is always required.
import type { FastifyInstance } from 'fastify'
import type { StreamState } from '../../../shared/broadcast/feed'
import type { ObsState } from '../../../shared/broadcast/obs'
import { GAMES_MAX, LivePress, type ScreenSide } from '../../../shared/broadcast/live-layer'
import { AppError } from '../app-error'
import { asDevice, idsOrRefuse, sendAppError, type HubContext } from './hub-context'
import { access } from './hub-access'
import { withFields } from './control-state'
import { ReplayPress } from '../../../shared/broadcast/replay'

const control = access('control')

type StreamParams = {
  Params: { streamId: string; matchId?: string; side?: string; delta?: string; game?: string; key?: string }
  Body: unknown
}

/** A screen side as Companion names it, or a refusal naming the field. */
function screenSide(side: string | undefined): ScreenSide {
  if (side === 'left' || side === 'right') return side
  throw new AppError('validation', 'side: left or right', { side: 'left or right' })
}

export function controlRoutes(server: FastifyInstance, context: HubContext): void {
  const { desk, obs, sequences } = context
  /** A desk action answers the stream's new state (on air, queue, hold, staged, feed, OBS fields), or the refusal. */
  const route = (
    path: string,
    action: (streamId: string, params: StreamParams['Params'], body: unknown) => StreamState,
    method: 'POST' | 'PUT' = 'POST',
  ) =>
    server.route<StreamParams>({
      method,
      url: `/control/v1/streams/:streamId/${path}`,
      config: control,
      handler: (request, reply) => {
        const { streamId } = request.params
        if (!idsOrRefuse(reply, request.params, ['streamId', 'matchId'])) return reply
        try {
          // With the role of the desk Companion's token or device belongs to, wherever it presses.
          return reply.send(
            withFields(asDevice(context, request, () => action(streamId, request.params, request.body))),
          )
        } catch (error) {
          return sendAppError(reply, error)
        }
      },
    })

  route('take-next', (streamId) => desk.next(streamId))
  route('take/:matchId', (streamId, params) => desk.take(streamId, params.matchId ?? ''))
  route('hold', (streamId) => desk.hold(streamId, true))
  route('release', (streamId) => desk.hold(streamId, false))
  // The technical-difficulties key: down (the card on air, the rest held), up (as it was), or the other way.
  route('difficulties/:key', (streamId, { key }) => {
    if (key !== 'on' && key !== 'off' && key !== 'toggle')
      throw new AppError('validation', 'key: on, off or toggle', { key: 'on, off or toggle' })
    return desk.difficulties(streamId, key === 'toggle' ? 'toggle' : key === 'on')
  })
  // The show sequence running: fast-forward, cancel, or the game-start sequence started by hand.
  route('sequence/:key', (streamId, { key }) => {
    if (key !== 'fast-forward' && key !== 'cancel' && key !== 'game-start')
      throw new AppError('validation', 'command: fast-forward, cancel or game-start', {
        command: 'fast-forward, cancel or game-start',
      })
    sequences?.command(desk.streamOf(streamId).id, key)
    return desk.refresh(streamId)
  })
  route('apply', (streamId) => desk.apply(streamId))
  route('apply/first', (streamId) => desk.applyFirst(streamId))
  // Companion's HTTP actions send a body with POST or PUT: {"casters": [{"name": "…", "handle": "…", "pronouns": "…"}]}.
  const setCasters = (streamId: string, _params: unknown, body: unknown) =>
    desk.casters(streamId, (body as { casters?: unknown } | undefined)?.casters)
  route('casters', setCasters)
  route('casters', setCasters, 'PUT')
  // The live score, by screen side as the scoreboard shows it: +1/−1, a game's winner, swap sides, undo, adopt.
  route('score/:side/:delta', (streamId, { side, delta }) => {
    if (delta !== '+1' && delta !== '-1') throw new AppError('validation', 'delta: +1 or -1', { delta: '+1 or -1' })
    const press = { kind: 'score', side: desk.sideOnScreen(streamId, screenSide(side)), delta: delta === '+1' ? 1 : -1 }
    return desk.live(streamId, press as LivePress, 'companion')
  })
  route('game/:game/winner/:side', (streamId, { game, side }) => {
    const n = Number(game)
    const parsed = LivePress.safeParse({ kind: 'winner', game: n, side: desk.sideOnScreen(streamId, screenSide(side)) })
    if (!parsed.success) throw new AppError('validation', `game: 1 to ${GAMES_MAX}`, { game: `1 to ${GAMES_MAX}` })
    return desk.live(streamId, parsed.data, 'companion')
  })
  route('swap', (streamId) => desk.live(streamId, { kind: 'swap' }, 'companion'))
  route('undo', (streamId) => desk.undo(streamId, 'companion'))
  // Every line where the service's score differs from the room's: the service's taken.
  route('adopt', (streamId) => desk.adoptAll(streamId, 'companion'))

  type SceneParams = { Params: { streamId: string; name?: string } }
  const obsRoute = (path: string, action: (params: SceneParams['Params']) => Promise<ObsState>) =>
    server.post<SceneParams>(`/control/v1/streams/:streamId/${path}`, { config: control }, async (request, reply) => {
      if (!idsOrRefuse(reply, request.params, ['streamId'])) return reply
      try {
        return reply.send(await asDevice(context, request, () => action(request.params)))
      } catch (error) {
        return sendAppError(reply, error)
      }
    })
  obsRoute('scene/:name', ({ streamId, name }) => obs.showScene(streamId, name ?? ''))
  obsRoute('break', ({ streamId }) => obs.toBreak(streamId))
  // Instant replay: the stream's own speed and length, or this press's ({"speed": 50, "seconds": 8}).
  server.post<SceneParams>('/control/v1/streams/:streamId/replay', { config: control }, async (request, reply) => {
    if (!idsOrRefuse(reply, request.params, ['streamId'])) return reply
    const press = ReplayPress.safeParse(request.body ?? {})
    if (!press.success)
      return reply.code(400).send({ error: press.error.issues[0]?.message ?? 'a body of speed and seconds' })
    try {
      return reply.send(await asDevice(context, request, () => obs.replays.replay(request.params.streamId, press.data)))
    } catch (error) {
      return sendAppError(reply, error)
    }
  })
}
