// Companion's event stream: one Server-Sent Events connection that tells a control client (the Matchdesk Companion
// module) every stream's state at once and each new one as the desk announces it, so buttons show the show without
// polling. Behind the control rule, as every control route.
import type { FastifyInstance } from 'fastify'
import { access } from './hub-access'
import { sendAppError, type HubContext } from './hub-context'

const control = access('control')

export function controlEvents(server: FastifyInstance, { desk, streams }: HubContext): void {
  server.get('/control/v1/events', { config: control }, (request, reply) => {
    let first
    try {
      first = desk.followedStates()
    } catch (error) {
      return sendAppError(reply, error)
    }
    streams.serve(
      request,
      reply,
      (send) => {
        for (const state of first) send('stream', state)
        send('ready', { streams: first.length })
        return desk.onAnyStreamChanged((state) => send('stream', state))
      },
      'control',
    )
  })
}
