// The hub's read-only broadcast routes: each stream's feed as JSON and Server-Sent Events, the overlay pages and
// their assets; for this machine and paired devices (an overlay on another PC carries its key in its URL).
import { feedSchema } from '../../../shared/broadcast/feed-schema'
import { isOverlayKind } from '../../../shared/broadcast/overlays'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { AppError } from '../app-error'
import { moduleLog } from '../log'
import { access, deviceOf } from './hub-access'
import { deskOrigins, sendAsset, sendPage, type HubContext } from './hub-context'

const viewer = access('viewer')
const log = moduleLog('feed-routes')
/** A stream id as the service writes them: what is worth asking the service about. */
const STREAM_ID = /^[0-9a-zA-Z_-]{1,40}$/

/** What follows a feed, from the events URL's `source=`: an overlay's kind, or "feed" for anything else. */
function sourceOf(query: unknown): string {
  const source = (query as Record<string, unknown> | undefined)?.['source']
  return typeof source === 'string' && isOverlayKind(source) ? source : 'feed'
}

/** The feed, its schema and the logo: what a layout on its own origin reads, as the overlays do on the hub's. */
export function feedDataRoutes(server: FastifyInstance, { desk, registry, streams, sponsors }: HubContext): void {
  /** The stream's feed; a stream of a tournament not in the local copy is read from the service first (once). */
  const feedOr404 = async (reply: FastifyReply, streamId: string) => {
    if (STREAM_ID.test(streamId) && desk.unopened.unread(streamId))
      await desk.unopened
        .read(streamId)
        .catch((error: unknown) => log.failed(`reading stream ${streamId}'s tournament`)(error))
    try {
      return desk.feed(streamId)
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found')
        return void reply.code(404).send({ error: error.message })
      throw error
    }
  }

  // The feed's JSON Schema: a description of the code, no data, so any device may read it.
  const schema = feedSchema()
  server.get('/feed/v1/schema', { config: access('public') }, (_request, reply) =>
    reply.header('content-type', 'application/schema+json; charset=utf-8').send(schema),
  )

  server.get('/feed/v1/streams', { config: viewer }, (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ streams: desk.followed() }),
  )

  server.get<{ Params: { streamId: string } }>(
    '/feed/v1/streams/:streamId',
    { config: viewer },
    async (request, reply) => {
      const feed = await feedOr404(reply, request.params.streamId)
      return feed ? reply.header('cache-control', 'no-store').send(feed) : reply
    },
  )

  server.get<{ Params: { streamId: string } }>(
    '/feed/v1/streams/:streamId/events',
    { config: viewer },
    async (request, reply) => {
      if (!(await feedOr404(reply, request.params.streamId))) return reply
      streams.serve(
        request,
        reply,
        (send) => desk.subscribe(request.params.streamId, (feed) => send('feed', feed), sourceOf(request.query)),
        deviceOf(request, registry)?.id,
      )
    },
  )

  // The tournament's logo from the local copy (offline too) and the sponsors' images: images only, never sniffed as
  // anything else; a sponsor's address carries its version, so a browser may keep it for good.
  server.get<{ Params: { tournamentId: string } }>(
    '/feed/v1/tournaments/:tournamentId/logo',
    { config: viewer },
    (request, reply) =>
      sendImage(reply, desk.logo(request.params.tournamentId), 'this tournament has no logo in the local copy'),
  )
  server.get<{ Params: { imageId: string } }>('/feed/v1/pick-images/:imageId', { config: viewer }, (request, reply) =>
    sendImage(
      reply,
      /^[0-9a-f]{24}$/.test(request.params.imageId) ? desk.picks.image(request.params.imageId) : undefined,
      'no such pick image',
    ),
  )
  server.get<{ Params: { sponsorId: string } }>(
    '/feed/v1/sponsors/:sponsorId/image',
    { config: viewer },
    (request, reply) => sendImage(reply, sponsors?.image(request.params.sponsorId), 'no such sponsor'),
  )
}

/** An image the hub keeps, as its type says and nothing else; 404 in words when there is none. */
function sendImage(reply: FastifyReply, image: { type: string; bytes: Buffer } | undefined, missing: string) {
  if (!image) return reply.code(404).send({ error: missing })
  return reply
    .header('content-type', image.type)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=86400')
    .send(image.bytes)
}

/** The feed and the overlay pages with their assets. */
export function feedRoutes(server: FastifyInstance, context: HubContext): void {
  const { pagesDir } = context
  feedDataRoutes(server, context)
  server.get<{ Params: { kind: string } }>('/overlays/:kind', { config: viewer }, async (request, reply) => {
    if (!isOverlayKind(request.params.kind)) return reply.code(404).send({ error: 'no such overlay' })
    // An overlay on another PC may ask the venue's other desks whether they answer (to move there when its desk goes).
    return sendPage(reply, pagesDir, 'overlay.html', 'never', deskOrigins(context))
  })
  // Built scripts and styles, code without data: any device may load them (the page's feed needs its key).
  server.get<{ Params: { '*': string } }>('/overlays/assets/*', { config: access('public') }, (request, reply) =>
    sendAsset(reply, pagesDir, request.params['*']),
  )
}
