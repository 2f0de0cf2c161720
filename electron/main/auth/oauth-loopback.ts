// The loopback redirect of the browser sign-in: 127.0.0.1, a random port, one exact path, GET only, one use, a timeout.
import Fastify, { type FastifyReply } from 'fastify'
import type { AddressInfo } from 'node:net'
import { AppError } from '../app-error'
import { guardRoutes, sameSecret } from '../local-server/route-guard'

export interface LoopbackOptions {
  state: string
  path?: string
  timeoutMs?: number
}

export interface Loopback {
  redirectUri: string
  /** Resolves with the authorization code; rejects on denial or the timeout (a wrong state is only refused). */
  code: Promise<string>
  close(): void
}

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:30rem;margin:4rem auto"><h1>${title}</h1><p>${text}</p></body></html>`

const answer = (reply: FastifyReply, status: number, title: string, text: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('connection', 'close')
    .send(page(title, text))

export async function startLoopback(options: LoopbackOptions): Promise<Loopback> {
  const path = options.path ?? '/callback'
  let settle!: { resolve: (code: string) => void; reject: (error: Error) => void }
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }))
  // let go: the outcome may arrive while the caller is still opening the browser; the caller awaits `code` and hears it.
  code.catch(() => undefined)
  let done = false
  let host = ''

  const server = Fastify({ logger: false })
  // The same guard as every local server: Host must be this listener's own address, routes declare their access.
  guardRoutes(server, {
    hosts: () => new Set([host]),
    rules: {},
    refuse: (reply, status) => answer(reply, status, 'Refused', 'This address answers only the Matchdesk sign-in.'),
  })

  const finish = (outcome: { code: string } | { error: Error }) => {
    if (done) return
    done = true
    clearTimeout(timer)
    void server.close()
    if ('code' in outcome) settle.resolve(outcome.code)
    else settle.reject(outcome.error)
  }

  server.get<{ Querystring: Record<string, string | undefined> }>(
    path,
    { config: { allow: 'public' } },
    (request, reply) => {
      const query = request.query
      // A wrong or missing state did not come from the browser Matchdesk sent: refuse it, keep waiting for the real one.
      if (!sameSecret(query['state'] ?? '', options.state)) {
        return answer(reply, 400, 'Sign-in refused', 'This sign-in did not come from Matchdesk. Return to Matchdesk.')
      }
      const error = query['error']
      const received = query['code']
      if (error || !received) {
        void answer(reply, 200, 'Sign-in cancelled', 'You can close this tab and return to Matchdesk.')
        return finish({
          error: new AppError(
            'unauthorized',
            error === 'access_denied'
              ? 'Sign-in was denied in the browser.'
              : `Sign-in failed (${error ?? 'no code'}).`,
          ),
        })
      }
      void answer(reply, 200, 'Signed in', 'You are signed in. You can close this tab and return to Matchdesk.')
      finish({ code: received })
    },
  )
  server.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: path,
    config: { allow: 'public' },
    handler: (_request, reply) => answer(reply, 405, 'Not allowed', 'Only the browser redirect is accepted here.'),
  })

  const timer = setTimeout(
    () => finish({ error: new AppError('timeout', 'Sign-in timed out: the browser did not come back in time.') }),
    options.timeoutMs ?? 5 * 60_000,
  )
  timer.unref()
  await server.listen({ host: '127.0.0.1', port: 0 })
  server.server.unref()
  const { port } = server.server.address() as AddressInfo
  host = `127.0.0.1:${port}`
  return {
    redirectUri: `http://${host}${path}`,
    code,
    close: () => finish({ error: new AppError('cancelled', 'Sign-in was cancelled.') }),
  }
}
