// The loopback redirect of the browser sign-in: 127.0.0.1, a random port, one exact path, GET only, one use, a timeout.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { timingSafeEqual } from 'node:crypto'
import { AppError } from '../app-error'

export interface LoopbackOptions {
  state: string
  path?: string
  timeoutMs?: number
}

export interface Loopback {
  redirectUri: string
  /** Resolves with the authorization code; rejects on denial, a wrong state, or the timeout. */
  code: Promise<string>
  close(): void
}

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;max-width:30rem;margin:4rem auto"><h1>${title}</h1><p>${text}</p></body></html>`

function sameState(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export async function startLoopback(options: LoopbackOptions): Promise<Loopback> {
  const path = options.path ?? '/callback'
  let settle!: { resolve: (code: string) => void; reject: (error: Error) => void }
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }))
  // The outcome may arrive while the caller is still opening the browser: never let it count as unhandled.
  code.catch(() => undefined)
  let done = false

  const finish = (outcome: { code: string } | { error: Error }) => {
    if (done) return
    done = true
    clearTimeout(timer)
    server.close()
    server.closeAllConnections()
    if ('code' in outcome) settle.resolve(outcome.code)
    else settle.reject(outcome.error)
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    const answer = (status: number, title: string, text: string) => {
      response.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'close',
      })
      response.end(page(title, text))
    }
    if (done) return answer(410, 'Already used', 'This sign-in link was already used. Return to Matchdesk.')
    if (url.pathname !== path) return answer(404, 'Not found', 'Nothing here.')
    if (request.method !== 'GET') return answer(405, 'Not allowed', 'Only the browser redirect is accepted here.')
    const state = url.searchParams.get('state') ?? ''
    if (!sameState(state, options.state)) {
      answer(400, 'Sign-in refused', 'This sign-in did not come from Matchdesk. Return to Matchdesk and start again.')
      return finish({
        error: new AppError('forbidden', 'Sign-in refused: the answer did not carry the state Matchdesk sent.'),
      })
    }
    const error = url.searchParams.get('error')
    const received = url.searchParams.get('code')
    if (error || !received) {
      answer(200, 'Sign-in cancelled', 'You can close this tab and return to Matchdesk.')
      return finish({
        error: new AppError(
          'unauthorized',
          error === 'access_denied' ? 'Sign-in was denied in the browser.' : `Sign-in failed (${error ?? 'no code'}).`,
        ),
      })
    }
    answer(200, 'Signed in', 'You are signed in. You can close this tab and return to Matchdesk.')
    finish({ code: received })
  })

  const timer = setTimeout(
    () => finish({ error: new AppError('timeout', 'Sign-in timed out: the browser did not come back in time.') }),
    options.timeoutMs ?? 5 * 60_000,
  )
  timer.unref()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  server.unref()
  const { port } = server.address() as AddressInfo
  return {
    redirectUri: `http://127.0.0.1:${port}${path}`,
    code,
    close: () => finish({ error: new AppError('internal', 'Sign-in was cancelled.') }),
  }
}
