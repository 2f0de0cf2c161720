// /oauth/v2/token (form-encoded) and the interactive /oauth2/authorize page with Approve and Deny.
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Scope } from '../../shared/api'
import type { SandboxContext } from '../context'
import { authorizePage, messagePage } from '../oauth/authorize-page'
import { isLoopbackRedirect } from '../oauth/oauth-server'

type Params = Record<string, string | undefined>
const FORWARDED = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const

function redirectWith(reply: FastifyReply, redirectUri: string, params: Record<string, string | undefined>) {
  const url = new URL(redirectUri)
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value)
  return reply.redirect(url.toString(), 302)
}

export function oauthRoutes(app: FastifyInstance, { oauth }: SandboxContext): void {
  const config = { access: 'public' as const }

  app.post('/oauth/v2/token', { config }, (request, reply) => {
    const form = (request.body ?? {}) as Params
    const result = oauth.token(form)
    reply.header('cache-control', 'no-store')
    return result.ok ? result.body : reply.code(result.status).send(result.body)
  })

  /** Checks an authorization request; answers (and returns undefined) when it cannot go on. */
  const check = (reply: FastifyReply, p: Params): { scopes: Scope[]; redirectUri: string } | undefined => {
    if (p['client_id'] !== oauth.client.id || !p['redirect_uri'] || !isLoopbackRedirect(p['redirect_uri'])) {
      // Never redirect to an unverified address: show the error here.
      void reply
        .code(400)
        .type('text/html')
        .send(messagePage('Authorization failed', 'Unknown application or redirect address.'))
      return undefined
    }
    const redirectUri = p['redirect_uri']
    const problem =
      p['response_type'] !== 'code'
        ? 'response_type must be code'
        : !p['code_challenge'] || p['code_challenge_method'] !== 'S256'
          ? 'PKCE with code_challenge_method S256 is required'
          : !p['state']
            ? 'state is required'
            : undefined
    if (problem) {
      void redirectWith(reply, redirectUri, { error: 'invalid_request', error_description: problem, state: p['state'] })
      return undefined
    }
    const scopes = oauth.parseScopes(p['scope'])
    if (!scopes) {
      void redirectWith(reply, redirectUri, { error: 'invalid_scope', state: p['state'] })
      return undefined
    }
    return { scopes, redirectUri }
  }

  app.get('/oauth2/authorize', { config }, (request, reply) => {
    const params = request.query as Params
    const checked = check(reply, params)
    if (!checked) return reply
    const fields = Object.fromEntries(FORWARDED.map((key) => [key, params[key] ?? '']))
    return reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .send(authorizePage(oauth.client.name, checked.scopes, fields))
  })

  app.post('/oauth2/authorize', { config }, (request, reply) => {
    const params = (request.body ?? {}) as Params
    const checked = check(reply, params)
    if (!checked) return reply
    if (params['decision'] !== 'approve')
      return redirectWith(reply, checked.redirectUri, { error: 'access_denied', state: params['state'] })
    const code = oauth.createCode(oauth.client.id, checked.redirectUri, checked.scopes, params['code_challenge']!)
    return redirectWith(reply, checked.redirectUri, { code, state: params['state'] })
  })
}
