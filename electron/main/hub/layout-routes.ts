// Producers' own layouts: each folder of the layouts folder served at /layouts/<name>/ on the layouts' own origin,
// code without data like the overlays' assets (so a layout's page, scripts and images load on another PC too; its feed
// needs the device key), under a sandboxing CSP that lets a layout load its own files and connect to the feed
// (/feed/v1/ of its origin) and nowhere else, open no window and submit no form.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { join } from 'node:path'
import { readStaticFile } from '../local-server/static-files'
import { access } from './hub-access'

const LAYOUT_NAME = /^[A-Za-z0-9_-]{1,64}$/

/** The layout CSP, for the Host the request came on (already checked by the hub's guard). */
export function layoutCsp(request: FastifyRequest): string {
  const feed = `http://${request.headers.host ?? ''}/feed/v1/`
  return (
    `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; ` +
    `font-src 'self'; media-src 'self'; connect-src ${feed}; base-uri 'none'; form-action 'none'; ` +
    "frame-ancestors 'none'; sandbox allow-scripts allow-same-origin"
  )
}

export function layoutRoutes(server: FastifyInstance, layoutsDir: string): void {
  server.get<{ Params: { name: string; '*': string } }>(
    '/layouts/:name/*',
    { config: access('public') },
    async (request, reply) => {
      const { name } = request.params
      const file = LAYOUT_NAME.test(name)
        ? await readStaticFile(join(layoutsDir, name), request.params['*'])
        : undefined
      if (!file) return reply.code(404).send({ error: `no such file in the layout “${name}”` })
      return reply
        .header('content-type', file.contentType)
        .header('content-security-policy', layoutCsp(request))
        .header('cross-origin-opener-policy', 'same-origin')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'no-store')
        .send(file.body)
    },
  )
}
