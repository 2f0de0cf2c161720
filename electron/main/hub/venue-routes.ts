// The venue's sync between desks: one WebSocket route a joined desk connects to with its key (checked by the route
// guard before the upgrade, as every route's access is), handed to this desk's Hocuspocus host.
import websocket from '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import { access, deskNamed, deviceOf, venueDeskOf } from './hub-access'
import type { HubContext } from './hub-context'
import { MAX_MESSAGE_BYTES } from '../venue/venue-member'

export async function venueRoutes(
  server: FastifyInstance,
  { venue, registry, venueDesk, venueDesks }: HubContext,
): Promise<void> {
  if (!venue) return
  const alive = () => ({ deskId: venueDesk?.() ?? '', joined: venue.joined() })
  await server.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } })
  // An upgrade the guard refused (its hook answers before the plugin's, which would end the socket) is answered and
  // then ended here: a refused client cannot hold a connection open.
  server.addHook('onResponse', (request, reply, done) => {
    if (request.headers.upgrade && reply.statusCode !== 101) request.raw.socket.destroy()
    done()
  })
  // Who this desk is and how many desks sync with it: what a desk that lost its host asks every desk (the election).
  // Open to whoever reaches the hub (as pairing is): a desk asks before it sends its key anywhere, so that its key
  // goes only to a hub that answers as the desk it wants. It tells a desk id and a count, nothing more.
  // A device's page asks it from another desk's origin (its own desk gone): it may read the answer, which is public.
  server.get('/venue/v1/alive', { config: access('pairing') }, (_request, reply) =>
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-store').send(alive()),
  )
  // Where every desk of the venue answers, this desk first: what a paired device keeps, to move to the next desk when
  // its own goes. The addresses say no more than the pairing page's QR code does; only this machine or a device asks.
  server.get('/venue/v1/desks', { config: access('viewer') }, (_request, reply) => {
    const me = venueDesk?.()
    const desks = (venueDesks?.() ?? [])
      .sort((a, b) => Number(b.deskId === me) - Number(a.deskId === me) || a.name.localeCompare(b.name))
      .map(({ deskId, name, url }) => ({ deskId, name, url }))
    return reply.header('cache-control', 'no-store').send({ desks })
  })
  server.get('/venue/v1/sync', { websocket: true, config: access('desk') }, (socket, request) => {
    const device = deviceOf(request, registry)
    // A desk of the venue with its own key (the hosting moved here) is known by its desk id.
    const desk = device ? undefined : venueDeskOf(request, (deskId, key) => venue.knowsDesk(deskId, key))
    if (!device && !desk) return socket.close(4401, 'a desk key is required')
    // Hocuspocus reads the request the Fetch way; the key stays out of it (the guard has checked it).
    const headers = new Headers({ host: request.headers.host ?? '' })
    venue.connect(
      socket,
      new Request(`http://${request.headers.host ?? 'hub'}${request.url}`, { headers }),
      device?.id ?? `desk:${desk!}`,
      device?.profileId,
      deskNamed(request),
    )
  })
}
