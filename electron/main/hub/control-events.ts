// Companion's event stream: one Server-Sent Events connection that tells a control client (the Matchdesk Companion
// module) every followed stream's state and its OBS at once, then each new one as the desk announces it, and each
// change of a tournament's floor, so buttons show the show without polling. Behind the control rule, as every control
// route.
import type { FastifyInstance } from 'fastify'
import type { ObsState } from '../../../shared/broadcast/obs'
import { access } from './hub-access'
import { sendAppError, type HubContext } from './hub-context'

const control = access('control')

/** What the desk announces, by the name the event stream gives it. */
const PASSED_ON = { 'broadcast:changed': 'stream', 'obs:changed': 'obs', 'floor:changed': 'floor' } as const

export function controlEvents(server: FastifyInstance, { bus, desk, obs, streams }: HubContext): void {
  server.get('/control/v1/events', { config: control }, async (request, reply) => {
    let states
    let links: ObsState[]
    try {
      states = desk.followedStates()
      links = await Promise.all(states.map((state) => obs.state(state.streamId)))
    } catch (error) {
      return sendAppError(reply, error)
    }
    streams.serve(
      request,
      reply,
      (send) => {
        for (const state of states) send('stream', state)
        for (const link of links) send('obs', link)
        send('ready', { streams: states.length })
        return bus.subscribe((event, payload) => {
          const name = PASSED_ON[event as keyof typeof PASSED_ON]
          if (name) send(name, payload)
        })
      },
      'control',
    )
    return reply
  })
}
