// Assembles the sandbox's HTTP server: parsers, hooks (stats, faults, access), error shapes and every route family.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify'
import type { Socket } from 'node:net'
import type { SandboxContext } from './context'
import { accessGuard } from './http/access'
import { typeOfStatus, type ServiceErrorType } from './http/error-types'
import { sendError } from './http/replies'
import type { Faults } from './faults'
import type { Stats } from './stats'
import { bracketNodeRoutes } from './routes/bracket-nodes'
import { controlRoutes } from './routes/control'
import type { MatchEngine } from './simulation/match-engine'
import { disciplineRoutes } from './routes/disciplines'
import { fileRoutes } from './routes/files'
import { demoBoardRoutes } from './routes/demo-boards'
import { oauthRoutes } from './routes/oauth'
import { participantRoutes } from './routes/participants'
import { stageRoutes, v1Routes } from './routes/stages'
import { streamRoutes } from './routes/streams'
import { tournamentRoutes } from './routes/tournaments'

export interface ServerParts {
  context: SandboxContext
  apiKey: string
  faults: Faults
  stats: Stats
  control: boolean
  /** Plays matches (a control call gives one its result, as the organiser's bracket would). */
  engine: MatchEngine
  /** The Host values the sandbox answers to (its own 127.0.0.1 and localhost addresses), filled once it listens. */
  hosts: ReadonlySet<string>
  /** Called once a request that may have changed the venue (any but GET, HEAD, OPTIONS) is answered, before it is sent. */
  changed?: () => void
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS'])

const isControl = (url: string) => url.startsWith('/_sandbox/')

export function buildServer(parts: ServerParts): { app: FastifyInstance; sockets: Set<Socket> } {
  const { context, faults, stats } = parts
  const app = Fastify({ logger: false, bodyLimit: 2 * 1024 * 1024, routerOptions: { ignoreTrailingSlash: true } })
  const sockets = new Set<Socket>()
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })

  app.removeContentTypeParser('text/plain')
  // JSON as the framework parses it (prototype poisoning refused), except that an empty body is no body: many
  // clients send DELETE and GET with Content-Type: application/json and nothing after it.
  const json = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString()
    if (text === '') return done(null, undefined)
    void json(request, text, done)
  })
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)))
  })

  // Only its own address: a page on a rebound domain in the person's browser gets nothing from the Demo venue.
  app.addHook('onRequest', async (request, reply) => {
    if (!parts.hosts.has((request.headers.host ?? '').toLowerCase())) {
      return sendError(reply, 403, 'this service answers only on its own address', {
        scope: 'header',
        property_path: 'Host',
        type: 'forbidden',
      })
    }
  })
  app.addHook('onRequest', async (request, reply) => {
    if (isControl(request.url)) return
    await stats.onRequest(request)
    await faults.onRequest(request, reply)
  })
  app.addHook('onRequest', accessGuard(parts.apiKey, context.oauth))
  // A request that may change the venue is a write from its handler to its answer: the records it changes are
  // known, and kept before the answer leaves (a client told "done" never finds it undone after a restart).
  const writing = new WeakSet<FastifyRequest>()
  const ended = (request: FastifyRequest) => {
    if (writing.delete(request)) context.store.endWrite()
  }
  app.addHook('preHandler', async (request) => {
    if (READS.has(request.method)) return
    writing.add(request)
    context.store.beginWrite()
  })
  app.addHook('onSend', async (request, _reply, payload) => {
    ended(request)
    if (!READS.has(request.method)) parts.changed?.()
    return payload
  })
  // An answer never sent (the client went away) ends its write too.
  app.addHook('onResponse', async (request) => ended(request))
  app.addHook('onRequestAbort', async (request) => ended(request))
  app.addHook('onSend', async (request, reply, payload) =>
    isControl(request.url) ? payload : faults.onSend(request, reply, payload),
  )
  app.addHook('onResponse', async (request, reply) => {
    if (!isControl(request.url)) await stats.onResponse(request, reply)
  })

  // Errors raised before a route runs (bad JSON, too large, a media type) answer in the service's shape and words.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) console.error('[sandbox] unexpected error:', error)
    // The token endpoint is the OAuth server's: its failures come in league/oauth2-server's shape.
    if (request.routeOptions.url === '/oauth/v2/token' && status !== 500) {
      const message =
        status === 415 ? 'token requests are form-encoded (application/x-www-form-urlencoded)' : error.message
      return reply.code(status).send({ error: 'invalid_request', error_description: message, hint: '', message })
    }
    const type = typeOfStatus(status, error.code)
    return sendError(reply, status, status === 500 ? 'internal error' : messageOf(type, error.message), {
      scope: status === 415 ? 'header' : 'body',
      ...(status === 415 && { property_path: 'Content-Type' }),
      type,
    })
  })
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, `no route ${request.method} ${request.url.split('?')[0]}`, {
      scope: 'path',
      type: 'not_found',
    }),
  )

  void app.register(
    async (organizer) => {
      for (const routes of [
        participantRoutes,
        stageRoutes,
        bracketNodeRoutes,
        streamRoutes,
        disciplineRoutes,
        tournamentRoutes,
      ]) {
        routes(organizer, context)
      }
    },
    { prefix: '/organizer/v2' },
  )
  void app.register(async (participant) => disciplineRoutes(participant, context), { prefix: '/participant/v2' })
  void app.register(async (v1) => v1Routes(v1, context), { prefix: '/v1' })
  oauthRoutes(app, context)
  fileRoutes(app, context)
  demoBoardRoutes(app, context)
  if (parts.control)
    void app.register(async (scope) => controlRoutes(scope, context, { faults, stats, engine: parts.engine }), {
      prefix: '/_sandbox',
    })
  return { app, sockets }
}

/** The framework's own wording names itself; say what was wrong in the service's words. */
function messageOf(type: ServiceErrorType, fallback: string): string {
  switch (type) {
    case 'invalid_json':
      return 'the body is not valid JSON'
    case 'too_large':
      return 'the body is too large'
    case 'unsupported_media_type':
      return 'the body must be application/json'
    default:
      return fallback
  }
}
