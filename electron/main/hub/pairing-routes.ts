// Pairing: the page a new device opens (QR code or typed address), its scripts, and the exchange of a single-use code
// for the device's key — the only routes anyone who reaches the hub may use; wrong codes are rate-limited per address.
import type { FastifyInstance, FastifyReply } from 'fastify'
import { PairingExchange, type PairingAnswer } from '../../../shared/venue/door'
import { PairingRefused } from '../devices/device-registry'
import { deskOrigins, sendAsset, sendPage, type HubContext } from './hub-context'
import { access } from './hub-access'

const pairing = access('pairing')

export function pairingRoutes(server: FastifyInstance, context: HubContext): void {
  const { registry, pagesDir } = context
  // The door and tablet pages are the same built page: it holds no data, and its calls carry the device's key. It may
  // ask the venue's other desks whether they answer (to move there when its own desk goes).
  const devicePage = (reply: FastifyReply) => sendPage(reply, pagesDir, 'door.html', 'never', deskOrigins(context))
  server.get('/pair', { config: pairing }, (_request, reply) => devicePage(reply))
  server.get('/door', { config: pairing }, (_request, reply) => devicePage(reply))
  server.get('/tablet', { config: pairing }, (_request, reply) => devicePage(reply))
  // The pairing and door pages' scripts and styles: built code, no data.
  server.get<{ Params: { '*': string } }>('/assets/*', { config: pairing }, (request, reply) =>
    sendAsset(reply, pagesDir, request.params['*']),
  )

  server.post('/pair/v1/exchange', { config: pairing }, (request, reply) => {
    const body = PairingExchange.safeParse(request.body)
    if (!body.success) return reply.code(400).send({ error: 'code: give the pairing code shown on the desk' })
    try {
      const paired = registry.exchange(body.data.code, request.socket.remoteAddress ?? '', body.data.desk)
      // A desk gets the venue it is part of now (and no key: it proves itself with its own).
      if (paired.desk) return reply.header('cache-control', 'no-store').send(paired.desk)
      const { device, key } = paired
      const answer: PairingAnswer = { device: { id: device.id, name: device.name, kind: device.kind }, key }
      return reply.header('cache-control', 'no-store').send(answer)
    } catch (error) {
      if (!(error instanceof PairingRefused)) throw error
      if (error.retryAfterS) reply.header('retry-after', String(error.retryAfterS))
      return reply.code(error.status).send({ error: error.message })
    }
  })
}
