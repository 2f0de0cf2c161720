// The venue's routes on the hub: who this desk is (signed over an asker's challenge), the record's version, where every
// desk answers, and the sync — one WebSocket route a desk of the venue opens once it proved who it is (checked by the
// route guard before the upgrade, as every route's access is), handed to this desk's Hocuspocus host. A desk of
// another schema that asks for its own sync route is answered in words, and this desk says so too.
import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { OTHER_SCHEMA_SYNC, VENUE_PATHS, VENUE_SCHEMA } from '../../../shared/venue/wire'
import { access } from './hub-access'
import type { HubContext } from './hub-context'
import { MAX_MESSAGE_BYTES } from '../venue/venue-member'
import type { VenueHost } from '../venue/venue-host'

export async function venueRoutes(server: FastifyInstance, context: HubContext): Promise<void> {
  const { venue, venueDesk, venueDesks } = context
  if (!venue) return
  await server.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } })
  // An upgrade the guard refused (its hook answers before the plugin's, which would end the socket) is answered and
  // then ended here: a refused client cannot hold a connection open.
  server.addHook('onResponse', (request, reply, done) => {
    if (request.headers.upgrade && reply.statusCode !== 101) request.raw.socket.destroy()
    done()
  })
  // Who this desk is and how many desks sync with it: what a desk looking for the venue's host asks every desk, and
  // a device page asks before it moves. Open to whoever reaches the hub (as pairing is): with `?challenge=`, the answer
  // is signed over it (so the asker believes it only from the desk the record names) and carries a challenge of this
  // hub's for the asker's sync. It tells a desk id, the venue's key and a count, nothing more.
  aliveRoute(server, venue, 'pairing')
  // Which record this desk runs: any release from this one on answers it, so desks of two releases can tell each other.
  server.get(VENUE_PATHS.version, { config: access('pairing') }, (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'no-store')
      .send({ schema: VENUE_SCHEMA, app: context.app ?? '' }),
  )
  // Where every desk of the venue answers, this desk first, with its public key: what a paired device keeps, to move to
  // the next desk that proves itself when its own goes. The addresses say no more than the pairing page's QR code
  // does, the keys are public; only this machine or a device asks.
  server.get(VENUE_PATHS.desks, { config: access('viewer') }, (_request, reply) => {
    const me = venueDesk?.()
    const desks = (venueDesks?.() ?? [])
      .sort((a, b) => Number(b.deskId === me) - Number(a.deskId === me) || a.name.localeCompare(b.name))
      .map(({ deskId, name, url, publicKey }) => ({ deskId, name, url, publicKey }))
    return reply.header('cache-control', 'no-store').send({ desks })
  })
  server.get(VENUE_PATHS.sync, { websocket: true, config: access('desk') }, (socket, request) => {
    const deskId = venue.provenDesk(request, request.headers)
    if (!deskId) return socket.close(4401, 'a desk of the venue must prove who it is')
    // Hocuspocus reads the request the Fetch way; the proof stays out of it (the guard has checked it).
    const headers = new Headers({ host: request.headers.host ?? '' })
    venue.connect(socket, new Request(`http://${request.headers.host ?? 'hub'}${request.url}`, { headers }), deskId)
  })
  // A desk of another release asking for its own schema's sync: told which, in words (before any upgrade: a 426, never a
  // socket), and this desk says so too.
  const otherSchema = async (request: FastifyRequest, reply: FastifyReply) => {
    const asked = OTHER_SCHEMA_SYNC.exec(request.url.split('?')[0] ?? '')?.[1]
    const theirs = asked ? `venue record ${asked}` : 'another venue record'
    context.venueNotice?.(
      `A desk running another Matchdesk (${theirs}) tried to join this venue (record ${VENUE_SCHEMA}, Matchdesk ${context.app ?? ''}): update it to join.`,
    )
    await reply.code(426).send({
      error: `This desk runs Matchdesk ${context.app ?? ''} (venue record ${VENUE_SCHEMA}); the desk asking runs ${theirs}: update it to join.`,
    })
  }
  server.get('/venue/:version/sync', { config: access('pairing'), preHandler: otherSchema }, otherSchema)
}

/**
 * Who this desk is and how many desks sync with it: what a desk looking for the venue's host asks every desk, and a
 * device page asks before it moves. Open to whoever reaches the hub (as pairing is; on the players' origin, as the player
 * routes are): with `?challenge=`, the answer is signed over it (so the asker believes it only from the desk the record
 * names) and carries a challenge of this hub's for the asker's sync. It tells a desk id, the venue's key and a count,
 * nothing more.
 */
export function aliveRoute(server: FastifyInstance, venue: VenueHost, allow: 'pairing' | 'player'): void {
  server.get<{ Querystring: { challenge?: string } }>(VENUE_PATHS.alive, { config: access(allow) }, (request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      .header('cache-control', 'no-store')
      .send(venue.alive(typeof request.query.challenge === 'string' ? request.query.challenge : undefined)),
  )
}
