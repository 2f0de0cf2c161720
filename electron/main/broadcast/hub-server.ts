// The broadcast hub: a read-only local server for OBS browser sources and other graphics — each stream's feed as JSON
// and as Server-Sent Events, and the overlay pages — on 127.0.0.1, behind the same route guard as every local server.
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import type { AddressInfo } from 'node:net'
import { AppError } from '../app-error'
import { EventStreams } from '../local-server/event-stream'
import { guardRoutes } from '../local-server/route-guard'
import { readStaticFile } from '../local-server/static-files'
import type { BroadcastDesk } from './broadcast-desk'

/** Where OBS sources point by default: not TSH's 5000, OBS WebSocket's 4455 nor NodeCG's 9090, so all can run. */
export const DEFAULT_HUB_PORT = 7310

/** Overlay pages: no request leaves the hub, scripts and styles from the hub alone, never framed by another page. */
const OVERLAY_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; " +
  "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

export const OVERLAYS = ['scoreboard', 'up-next', 'bracket'] as const

export interface HubOptions {
  desk: BroadcastDesk
  /** The built renderer folder that holds overlay.html and its assets. */
  overlaysDir: string
  /** The port OBS sources are set up for; when taken, a free one is used and `onPortTaken` is told. */
  port: number
  onPortTaken?(wanted: number, got: number): void
}

export interface Hub {
  /** "http://127.0.0.1:7310" */
  url: string
  port: number
  close(): Promise<void>
}

export async function startHub(options: HubOptions): Promise<Hub> {
  const { desk } = options
  const server = Fastify({ logger: false })
  const hosts = new Set<string>()
  const streams = new EventStreams()
  guardRoutes(server, { hosts: () => hosts, rules: {} })
  // Only GET is served: nothing on the hub changes anything.
  const open = { allow: 'public' }

  const feedOr404 = (reply: FastifyReply, streamId: string) => {
    try {
      return desk.feed(streamId)
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found')
        return void reply.code(404).send({ error: error.message })
      throw error
    }
  }

  server.get<{ Params: { streamId: string } }>('/feed/v1/streams/:streamId', { config: open }, (request, reply) => {
    const feed = feedOr404(reply, request.params.streamId)
    return feed ? reply.header('cache-control', 'no-store').send(feed) : reply
  })

  server.get<{ Params: { streamId: string } }>(
    '/feed/v1/streams/:streamId/events',
    { config: open },
    (request, reply) => {
      if (!feedOr404(reply, request.params.streamId)) return reply
      streams.serve(request, reply, (send) => desk.subscribe(request.params.streamId, (feed) => send('feed', feed)))
    },
  )

  server.get<{ Params: { kind: string } }>('/overlays/:kind', { config: open }, async (request, reply) => {
    if (!(OVERLAYS as readonly string[]).includes(request.params.kind))
      return reply.code(404).send({ error: 'no such overlay' })
    return sendFile(reply, await readStaticFile(options.overlaysDir, 'overlay.html'))
  })
  server.get<{ Params: { '*': string } }>('/overlays/assets/*', { config: open }, async (request, reply) =>
    sendFile(reply, await readStaticFile(options.overlaysDir, `assets/${request.params['*']}`)),
  )

  const port = await listen(server, options.port)
  // Port 0 asks for any free port: only a port that was asked for by number can be "taken".
  if (options.port !== 0 && port !== options.port) options.onPortTaken?.(options.port, port)
  hosts.add(`127.0.0.1:${port}`)
  hosts.add(`localhost:${port}`)
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      streams.closeAll()
      await server.close()
    },
  }
}

function sendFile(reply: FastifyReply, file: Awaited<ReturnType<typeof readStaticFile>>) {
  if (!file) return reply.code(404).send({ error: 'not found' })
  return reply
    .header('content-type', file.contentType)
    .header('content-security-policy', OVERLAY_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.body)
}

/** Listens on the wanted port on 127.0.0.1; a port in use falls back to a free one (0 asks for one at once). */
async function listen(server: FastifyInstance, wanted: number): Promise<number> {
  try {
    await server.listen({ host: '127.0.0.1', port: wanted })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    await server.listen({ host: '127.0.0.1', port: 0 })
  }
  return (server.server.address() as AddressInfo).port
}
