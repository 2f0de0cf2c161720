// The one access guard of every local HTTP server of the app: Host first, then the access the matched route declares.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { timingSafeEqual } from 'node:crypto'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call this route: the name of one of the server's access rules. Decided after routing, so every
     * spelling of a path that reaches this route is judged the same; a route that declares none is refused.
     */
    allow?: string
  }
}

/** A rule answers whether a request may use a route that declared it; 'public' needs no rule of its own. */
export type AccessRule = (request: FastifyRequest) => boolean

export interface GuardOptions {
  /** The Host values this server answers to (its own addresses): anything else is refused (DNS rebinding). */
  hosts: () => ReadonlySet<string>
  /** The server's access rules by name; `public` is always there and lets everyone in. */
  rules: Record<string, AccessRule>
  /** How a refusal is worded (the hub and the bridge answer JSON). */
  refuse?: (reply: FastifyReply, status: 401 | 403, message: string) => FastifyReply
}

const defaultRefusal = (reply: FastifyReply, status: number, message: string) =>
  reply.code(status).send({ error: message })

/** Compares secrets in constant time (an attacker on the same machine cannot time the comparison). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** A rule that wants `Authorization: Bearer <secret>` for one of the secrets `current()` lists. */
export function bearer(current: () => readonly string[]): AccessRule {
  return (request) => {
    const given = request.headers.authorization ?? ''
    return current().some((secret) => secret !== '' && sameSecret(given, `Bearer ${secret}`))
  }
}

/** True when a Host header is one of the server's own addresses. */
export function hostAllowed(host: string | undefined, hosts: ReadonlySet<string>): boolean {
  return host !== undefined && hosts.has(host.toLowerCase())
}

/**
 * Installs the guard on a Fastify server, before any route runs: Host checked, then the matched route's declared
 * access (deny by default: no declaration, an unknown rule, or an unmatched path is refused with 401).
 */
export function guardRoutes(server: FastifyInstance, options: GuardOptions): void {
  const refuse = options.refuse ?? defaultRefusal
  const rules: Record<string, AccessRule> = { ...options.rules, public: () => true }
  server.addHook('onRequest', async (request, reply) => {
    if (!hostAllowed(request.headers.host, options.hosts())) {
      // Naming nothing: a refusal must not tell a stranger which addresses this machine has.
      return refuse(reply, 403, 'this server does not answer to that address (Host)')
    }
    const declared = request.routeOptions.config.allow
    const rule = declared === undefined ? undefined : rules[declared]
    if (!rule || !rule(request)) return refuse(reply, 401, 'a valid token is required')
  })
}
