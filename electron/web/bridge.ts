// Web mode's bridge: the main-process services behind HTTP on 127.0.0.1 only, guarded by Host and a random token.
import Fastify from 'fastify'
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { CONTENT_SECURITY_POLICY } from '../main/csp'
import type { MainServices } from '../main/composition'
import { bearer, guardRoutes } from '../main/local-server/route-guard'
import { EventStreams } from '../main/local-server/event-stream'
import { readStaticFile } from '../main/local-server/static-files'
import { answerForWire } from '../main/ipc/wire'

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

export async function startBridge(options: BridgeOptions): Promise<Bridge> {
  const token = randomBytes(32).toString('base64url')
  const server = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 })
  // JSON only: a cross-site "simple" request (text/plain) must not reach a handler.
  server.removeContentTypeParser('text/plain')
  let expectedHost = ''
  const openStreams = new EventStreams()
  // Every route below declares who may call it; the guard decides after routing, never from the raw URL.
  guardRoutes(server, { hosts: () => new Set([expectedHost]), rules: { token: bearer(() => [token]) } })

  const needsToken = { allow: 'token' }
  server.post<{ Params: { channel: string } }>('/ipc/:channel', { config: needsToken }, async (request, reply) => {
    // Defence in depth beside the token: a body-less POST skips the JSON parser, so JSON is required here too.
    if (!isJson(request.headers['content-type'])) return reply.code(415).send({ error: 'IPC calls are JSON only' })
    return answerForWire(request.params.channel, await options.services.dispatch(request.params.channel, request.body))
  })

  server.get('/events', { config: needsToken }, (request, reply) => {
    openStreams.serve(request, reply, (send) =>
      options.services.bus.subscribe((event, payload) => send(event, payload)),
    )
  })

  server.get<{ Params: { '*': string } }>('/*', { config: { allow: 'public' } }, async (request, reply) => {
    const file = await readStaticFile(options.rendererDir, request.params['*'])
    if (!file) return reply.code(404).send({ error: 'not found' })
    const html = file.contentType.startsWith('text/html')
    return reply
      .header('content-type', file.contentType)
      .header('content-security-policy', CONTENT_SECURITY_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(html ? injectToken(file.body.toString('utf8'), token) : file.body)
  })

  await server.listen({ host: '127.0.0.1', port: options.port ?? 0 })
  const { port } = server.server.address() as AddressInfo
  expectedHost = `127.0.0.1:${port}`
  return {
    url: `http://${expectedHost}/`,
    token,
    close: async () => {
      openStreams.closeAll()
      await server.close()
    },
  }
}

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json'
}

/** The page carries the token in a meta tag: never in a URL, and unreadable cross-origin. */
export function injectToken(html: string, token: string): string {
  return html.replace('</head>', `<meta name="matchdesk-bridge-token" content="${token}"></head>`)
}
