// Companion's event stream: one Server-Sent Events connection that tells a control client (the Matchdesk Companion
// module) every followed stream's state and its OBS, and every followed tournament's floor, at once; then each new one
// as the desk announces it, so buttons show the show without polling. Each stream's state carries its OBS fields
// (names, scores, round, up next, countdown… in the tournament's language, the texts OBS's sources show), worked out
// again every half minute so the countdown keeps moving. Behind the control rule, as every control route.
import type { FastifyInstance } from 'fastify'
import type { StreamState } from '../../../shared/broadcast/feed'
import type { ObsState } from '../../../shared/broadcast/obs'
import { moduleLog } from '../log'
import { access, deviceOf } from './hub-access'
import { sendAppError, type HubContext } from './hub-context'
import { withFields } from './control-state'

const control = access('control')
const log = moduleLog('control-events')

/** How often each followed stream's state (and so its countdown) is told again. */
export const CONTROL_REFRESH_MS = 30_000

export function controlEvents(server: FastifyInstance, { bus, desk, obs, floor, streams, registry }: HubContext): void {
  server.get('/control/v1/events', { config: control }, async (request, reply) => {
    let states
    let links: ObsState[]
    let floors
    try {
      states = desk.followedStates()
      links = await Promise.all(states.map((state) => obs.state(state.streamId)))
      floors = floor.following().map((tournamentId) => floor.state(tournamentId))
    } catch (error) {
      return sendAppError(reply, error)
    }
    streams.serve(
      request,
      reply,
      (send) => {
        // Read again now, in the same turn as the subscription below: nothing announced while OBS was asked is lost.
        const now = desk.followedStates()
        for (const state of now) send('stream', withFields(state))
        for (const link of links) send('obs', link)
        for (const state of floors) send('floor', state)
        send('ready', { streams: now.length, floors: floors.length })
        const stop = bus.subscribe((event, payload) => {
          if (event === 'broadcast:changed') send('stream', withFields(payload as StreamState))
          else if (event === 'obs:changed') send('obs', payload)
          else if (event === 'floor:changed') send('floor', payload)
        })
        const refresh = setInterval(() => {
          try {
            for (const state of desk.followedStates()) send('stream', withFields(state))
          } catch (error) {
            // A connection being switched has no desk to read for a moment: the next refresh tells it.
            log.failed('refreshing Companion’s stream states', 'debug')(error)
          }
        }, CONTROL_REFRESH_MS)
        refresh.unref()
        return () => {
          clearInterval(refresh)
          stop()
        }
      },
      // A paired control device's stream is its own: revoking the device closes it.
      deviceOf(request, registry)?.id ?? 'control',
    )
    return reply
  })
}
