// Talks to a running sandbox the way a client must: API key, a client-credentials token, Range headers.
import type { Sandbox } from '../../sandbox/index'

export interface Answer {
  status: number
  headers: Headers
  body: unknown
}

export interface CallOptions {
  range?: string
  body?: unknown
  headers?: Record<string, string>
  token?: string | null
  apiKey?: string | null
}

export async function tokenFor(sandbox: Sandbox, scope?: string): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: sandbox.clientId,
    client_secret: sandbox.clientSecret,
  })
  if (scope !== undefined) form.set('scope', scope)
  const response = await fetch(`${sandbox.auth}/oauth/v2/token`, { method: 'POST', body: form })
  const answer = (await response.json()) as { access_token?: string }
  if (!answer.access_token) throw new Error(`no token: ${JSON.stringify(answer)}`)
  return answer.access_token
}

export async function call(
  method: string,
  url: string,
  sandbox: Sandbox,
  token: string | undefined,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers }
  const apiKey = options.apiKey === undefined ? sandbox.apiKey : options.apiKey
  if (apiKey !== null) headers['x-api-key'] = apiKey
  const bearer = options.token === undefined ? token : options.token
  if (bearer) headers['authorization'] = `Bearer ${bearer}`
  if (options.range) headers['range'] = options.range
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await response.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    // Not JSON (HTML pages): keep the text.
  }
  return { status: response.status, headers: response.headers, body }
}

/** A session with every scope, bound to one sandbox; `org(path)` is relative to the organizer base. */
export async function openSession(sandbox: Sandbox) {
  const token = await tokenFor(sandbox)
  return {
    token,
    org: (method: string, path: string, options?: CallOptions) =>
      call(method, `${sandbox.organizer}${path}`, sandbox, token, options),
    at: (method: string, url: string, options?: CallOptions) => call(method, url, sandbox, token, options),
  }
}

export type Session = Awaited<ReturnType<typeof openSession>>
