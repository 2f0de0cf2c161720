// Calls the Demo venue's sandbox as the service itself (someone editing on the service, or a check of what it holds):
// a client-credentials token once, then JSON requests with the API key and that token.
import type { DemoSandbox } from './web-mode'

export type DemoService = (path: string, init?: RequestInit) => Promise<Response>

export async function demoService(demo: DemoSandbox): Promise<DemoService> {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: demo.clientId,
    client_secret: demo.clientSecret,
  })
  const answer = (await (await fetch(`${demo.origin}/oauth/v2/token`, { method: 'POST', body: form })).json()) as {
    access_token: string
  }
  return (path, init = {}) =>
    fetch(`${demo.origin}${path}`, {
      ...init,
      headers: {
        'x-api-key': demo.apiKey,
        authorization: `Bearer ${answer.access_token}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    })
}
