// Who may call a route: the X-Api-Key on organizer and participant routes, and a Bearer token holding one of its scopes.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Scope } from '../../shared/api'
import type { OAuthServer } from '../oauth/oauth-server'
import { sendError } from './replies'

/** 'public': no credentials (v1); 'key': X-Api-Key only; otherwise key plus a token holding any of the scopes. */
export type Access = 'public' | 'key' | readonly Scope[]

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
  }
}

export function accessGuard(apiKey: string, oauth: OAuthServer) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config.access
    if (!access || access === 'public') return
    if (request.headers['x-api-key'] !== apiKey) {
      return sendError(reply, 401, 'a valid X-Api-Key header is required', {
        scope: 'header',
        property_path: 'X-Api-Key',
        type: 'unauthorized',
      })
    }
    if (access === 'key') return
    const header = request.headers.authorization ?? ''
    // As the service's OAuth server does, the Bearer prefix is optional.
    const token = /^\s*(?:Bearer\s+)?(\S+)\s*$/i.exec(header)?.[1]
    const grant = token ? oauth.verify(token) : undefined
    if (!grant) {
      return sendError(
        reply,
        401,
        token ? 'the access token is invalid or expired' : 'an access token is required (Authorization: Bearer …)',
        {
          scope: 'header',
          property_path: 'Authorization',
          type: 'unauthorized',
        },
      )
    }
    if (!access.some((scope) => grant.scopes.includes(scope))) {
      return sendError(reply, 403, `the access token lacks the scope ${access.join(' or ')}`, {
        scope: 'header',
        property_path: 'Authorization',
        invalid_value: grant.scopes.join(' '),
        type: 'forbidden',
      })
    }
  }
}
