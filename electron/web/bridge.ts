// Web mode's bridge: the main-process services behind HTTP on 127.0.0.1 only, guarded by Host and a random token.
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { CONTENT_SECURITY_POLICY } from '../main/csp'
import type { MainServices } from '../main/composition'
import { readStaticFile } from './static-files'

export interface BridgeOptions {
  services: MainServices
  rendererDir: string
  port?: number
}

export interface Bridge {
  url: string
  token: string
  close(): Promise<void>
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export async function startBridge(options: BridgeOptions): Promise<Bridge> {
  const token = randomBytes(32).toString('base64url')
  const server = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 })
  // JSON only: a cross-site "simple" request (text/plain) must not reach a handler.
  server.removeContentTypeParser('text/plain')
  let expectedHost = ''
  const openStreams = new Set<() => void>()

  server.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.host !== expectedHost) {
      return reply.code(403).send({ error: 'this bridge answers only on ' + expectedHost })
    }
    const needsToken = request.url.startsWith('/ipc/') || request.url.startsWith('/events')
    if (needsToken && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
      return reply.code(401).send({ error: 'a valid bridge token is required' })
    }
  })

  server.post<{ Params: { channel: string } }>('/ipc/:channel', async (request) => {
    return options.services.dispatch(request.params.channel, request.body)
  })

  server.get('/events', (request, reply) => {
    reply.hijack()
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    })
    reply.raw.write(': connected\n\n')
    const unsubscribe = options.services.bus.subscribe((event, payload) => {
      reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`)
    })
    const end = () => {
      unsubscribe()
      openStreams.delete(end)
      reply.raw.end()
    }
    openStreams.add(end)
    request.raw.on('close', end)
  })

  server.get('/*', async (request, reply) => {
    const file = await readStaticFile(options.rendererDir, request.url, token)
    if (!file) return reply.code(404).send({ error: 'not found' })
    return reply
      .header('content-type', file.contentType)
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(file.body)
  })

  await server.listen({ host: '127.0.0.1', port: options.port ?? 0 })
  const { port } = server.server.address() as AddressInfo
  expectedHost = `127.0.0.1:${port}`
  return {
    url: `http://${expectedHost}/`,
    token,
    close: async () => {
      for (const end of [...openStreams]) end()
      await server.close()
    },
  }
}
