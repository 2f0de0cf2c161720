// The tablet API for a stream's paired tablets (the page itself is built code, served with pairing's): what the
// tablet sees, a scorekeeper's presses and undo on the on-air duel and its Replay key, a caster's casters, the
// technical-difficulties key (any tablet), and each change over
// Server-Sent Events. A tablet acts only on the stream it was paired for; a scorekeeper's presses on a held stream wait
// in the producer's Hold list.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { TabletDifficulties, TabletPress } from '../../../shared/venue/tablet'
import type { DeviceView } from '../devices/device-registry'
import { moduleLog } from '../log'
import { access, deviceOf } from './hub-access'
import { asDevice, sendAppError, type HubContext } from './hub-context'

const tablet = access('tablet')
const log = moduleLog('tablet-routes')
const scorekeeper = access('scorekeeper')
const caster = access('caster')

export function tabletRoutes(server: FastifyInstance, context: HubContext): void {
  const { desk, obs, bus, registry, streams } = context
  /** The tablet device the guard let in (a tablet always has one stream). */
  const tabletOf = (request: FastifyRequest): DeviceView & { streamId: string } => {
    const device = deviceOf(request, registry)!
    return { ...device, streamId: device.streamId ?? '' }
  }
  const view = (device: DeviceView & { streamId: string }) => ({
    ...desk.tabletView(device.streamId, { name: device.name, kind: device.kind }),
    replay: obs.replays.phaseOf(device.streamId),
  })
  /** A tablet's request answered, with the role of the desk that paired the tablet. */
  const answer = (reply: FastifyReply, work: () => unknown) => {
    try {
      return reply.header('cache-control', 'no-store').send(asDevice(context, reply.request, work))
    } catch (error) {
      return sendAppError(reply, error)
    }
  }

  server.get('/tablet/v1/session', { config: tablet }, (request, reply) => answer(reply, () => view(tabletOf(request))))

  server.post('/tablet/v1/press', { config: scorekeeper }, (request, reply) => {
    const body = TabletPress.safeParse(request.body)
    if (!body.success) {
      const issue = body.error.issues[0]
      return reply.code(400).send({ error: `press: ${issue?.message ?? 'not a press the live score knows'}` })
    }
    const device = tabletOf(request)
    return answer(reply, () => {
      desk.live(device.streamId, body.data.press, 'tablet')
      return view(device)
    })
  })

  server.post('/tablet/v1/undo', { config: scorekeeper }, (request, reply) => {
    const device = tabletOf(request)
    return answer(reply, () => {
      desk.undo(device.streamId, 'tablet')
      return view(device)
    })
  })

  server.post('/tablet/v1/casters', { config: caster }, (request, reply) => {
    const device = tabletOf(request)
    return answer(reply, () => {
      desk.casters(device.streamId, (request.body as { casters?: unknown } | undefined)?.casters, 'tablet')
      return view(device)
    })
  })

  // Any tablet of the stream (scorekeeper or caster) has the technical-difficulties key: the room sees trouble first.
  server.post('/tablet/v1/difficulties', { config: tablet }, (request, reply) => {
    const body = TabletDifficulties.safeParse(request.body)
    if (!body.success) return reply.code(400).send({ error: 'down: true or false' })
    const device = tabletOf(request)
    return answer(reply, () => {
      desk.difficulties(device.streamId, body.data.down)
      return view(device)
    })
  })

  // A scorekeeper's Replay key: the stream's instant replay, as the producer set it (speed, length, queue or cancel).
  server.post('/tablet/v1/replay', { config: scorekeeper }, async (request, reply) => {
    const device = tabletOf(request)
    try {
      await asDevice(context, request, () => obs.replays.replay(device.streamId))
    } catch (error) {
      return sendAppError(reply, error)
    }
    return answer(reply, () => view(device))
  })

  server.get('/tablet/v1/events', { config: tablet }, (request, reply) => {
    const device = tabletOf(request)
    let first
    try {
      first = view(device)
    } catch (error) {
      return sendAppError(reply, error)
    }
    streams.serve(
      request,
      reply,
      (send) => {
        send('view', first)
        const tell = () => {
          try {
            send('view', view(device))
          } catch (error) {
            // The stream left the local copy: the tablet keeps what it showed until it comes back.
            log.debug(`tablet ${device.name} of stream ${device.streamId} is not told of a change`, { err: error })
          }
        }
        const stopStream = desk.onStreamChanged(device.streamId, tell)
        // The stream's OBS changed (its replay on air, done): the Replay key says so.
        const stopObs = bus.subscribe((event, payload) => {
          if (event === 'obs:changed' && (payload as { streamId?: unknown }).streamId === device.streamId) tell()
        })
        return () => {
          stopStream()
          stopObs()
        }
      },
      device.id,
    )
  })
}
