// The players' phones on the hub: their page, finding a player, a player's own page (and its live changes) and their
// report at the station. Open to anyone who reaches the hub (a player has no key), read-only but for the report, which
// needs the player's badge code or the station's one-time code; searches and wrong codes are counted per address.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { PlayerInputs } from '../../../shared/floor/players'
import { AttemptBudget } from '../devices/attempt-budget'
import { EventStreams } from '../local-server/event-stream'
import type { PlayerDesk } from '../floor/player-desk'
import { access } from './hub-access'
import { idsOrRefuse, sendAppError, sendAsset, sendPage, type HubContext } from './hub-context'
import { aliveRoute } from './venue-routes'
import { qrSvg } from '../devices/pairing-qr'
import type { VenueHost } from '../venue/venue-host'
import type { Clock } from '../clock'

/** Live pages per address (a phone's page, and one more while it reloads) and on the whole hub (1,000 phones and more). */
export const PLAYER_STREAM_CAPS = { perOwner: 4, total: 4000 }

const player = access('player')

type Params = { Params: { tournamentId: string; playerId?: string } }

/** What players may try a minute: searches, and wrong codes (one budget for both of the hub's origins). */
export interface PlayerBudgets {
  searches: AttemptBudget
  wrongCodes: AttemptBudget
}

export function playerBudgets(): PlayerBudgets {
  return {
    searches: new AttemptBudget({
      perAddress: 60,
      perNetwork: 6000,
      tooManyHere: 'searches from this phone',
      tooManyAround: 'searches on the venue network',
    }),
    wrongCodes: new AttemptBudget({
      perAddress: 10,
      perNetwork: 100,
      tooManyHere: 'wrong codes from this phone',
      tooManyAround: 'wrong codes on the venue network',
    }),
  }
}

export interface PlayerRouteOptions {
  players: PlayerDesk
  budgets: PlayerBudgets
  clock: Pick<Clock, 'now'>
  pagesDir: string
  /** The players' own origin (their Wi-Fi's listener): it serves the page's scripts and styles itself. */
  ownOrigin?: boolean
  /** The venue's sync host (who this desk is, for a page deciding where to move); none in some tests. */
  venue?: VenueHost
  /** Where each desk of the venue answers: a player's page moves to the next desk's players' origin. */
  venueDesks?: HubContext['venueDesks']
  /** The players' origin as phones reach it (on the venue network when open), for the QR code on the board. */
  phonesOrigin?: () => string | null
}

/** A desk's players' origin: its hub's port + 2 on the same host (a desk whose port was taken fails the proof: no move). */
export function playersOriginOf(hubUrl: string): string | null {
  try {
    const url = new URL(hubUrl)
    url.port = String(Number(url.port) + 2)
    return url.origin
  } catch {
    // let go: an address that does not parse is no desk's players' origin
    return null
  }
}

/** Serves the players' routes on `server`; answers what closes their live pages. */
export function playerRoutes(
  server: FastifyInstance,
  { players, budgets, clock, pagesDir, ownOrigin, venue, venueDesks, phonesOrigin }: PlayerRouteOptions,
): () => void {
  const streams = new EventStreams(PLAYER_STREAM_CAPS)
  const { searches, wrongCodes } = budgets
  const addressOf = (request: FastifyRequest) => request.socket.remoteAddress ?? ''
  const waitSaid = (reply: FastifyReply, wait: { message: string; retryAfterS: number }) =>
    reply.code(429).header('retry-after', String(wait.retryAfterS)).send({ error: wait.message })
  /** The path's ids, bounded as every id is (422 naming the field). */
  const ids = (request: FastifyRequest<Params>, reply: FastifyReply): boolean =>
    idsOrRefuse(reply, request.params, ['tournamentId', 'playerId'])
  const answer = <T>(reply: FastifyReply, work: () => T) => {
    try {
      return reply.header('cache-control', 'no-store').send(work())
    } catch (error) {
      return sendAppError(reply, error)
    }
  }

  /** The venue's desks at their players' origins, this desk first, with their public keys (a page proves each). */
  const desks = () =>
    (venueDesks?.() ?? []).flatMap(({ deskId, name, url, publicKey }) => {
      const origin = playersOriginOf(url)
      return origin ? [{ deskId, name, url: origin, publicKey }] : []
    })
  // The page is the device pages' built code: it holds no data. It may ask the venue's other desks' players' origins
  // whether they answer (to move there when this desk goes).
  server.get('/play', { config: player }, (_request, reply) =>
    sendPage(
      reply,
      pagesDir,
      'door.html',
      'never',
      desks().map((desk) => desk.url),
    ),
  )
  // The players' page's QR code, for the venue board (an image of its own address: it says nothing else).
  server.get<Params>('/play/v1/:tournamentId/qr.svg', { config: player }, async (request, reply) => {
    if (!ids(request, reply)) return reply
    const origin = phonesOrigin?.()
    if (!origin) return reply.code(404).send({ error: 'The players’ page is not served on this desk.' })
    const svg = await qrSvg(`${origin}/play?tournament=${encodeURIComponent(request.params.tournamentId)}`)
    return reply.header('content-type', 'image/svg+xml').header('cache-control', 'no-store').send(svg)
  })
  server.get('/play/v1/desks', { config: player }, (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ desks: desks() }),
  )
  if (ownOrigin) {
    server.get<{ Params: { '*': string } }>('/assets/*', { config: player }, (request, reply) =>
      sendAsset(reply, pagesDir, request.params['*']),
    )
    if (venue) aliveRoute(server, venue, 'player')
  }

  server.get<Params & { Querystring: { q?: unknown } }>(
    '/play/v1/:tournamentId/find',
    { config: player },
    (request, reply) => {
      if (!ids(request, reply)) return reply
      const from = addressOf(request)
      const now = clock.now()
      // A search may be a badge code guessed: it waits as a wrong code does, too.
      const wait = searches.wait(from, now) ?? searches.networkWait(now) ?? wrongCodes.wait(from, now)
      if (wait) return waitSaid(reply, wait)
      searches.spent(from, now)
      const input = PlayerInputs.find.safeParse({ q: request.query.q })
      if (!input.success) return reply.code(400).send({ error: input.error.issues[0]!.message })
      return answer(reply, () => {
        const found = players.find(request.params.tournamentId, input.data.q)
        // Finding someone by a code (or no one) counts as a code tried: badges are no faster to learn here than by
        // reporting with them.
        if (!found.byName) wrongCodes.spent(from, now)
        return { players: found.players }
      })
    },
  )

  server.get<Params>('/play/v1/:tournamentId/players/:playerId', { config: player }, (request, reply) => {
    if (!ids(request, reply)) return reply
    return answer(reply, () => players.view(request.params.tournamentId, request.params.playerId!))
  })

  server.get<Params>('/play/v1/:tournamentId/players/:playerId/events', { config: player }, (request, reply) => {
    if (!ids(request, reply)) return reply
    const { tournamentId, playerId } = request.params
    try {
      players.view(tournamentId, playerId!)
    } catch (error) {
      return sendAppError(reply, error)
    }
    streams.serve(
      request,
      reply,
      (send) => players.follow(tournamentId, playerId!, (view) => send('player', view)),
      addressOf(request),
    )
  })

  server.post<Params>('/play/v1/:tournamentId/players/:playerId/report', { config: player }, (request, reply) => {
    if (!ids(request, reply)) return reply
    const from = addressOf(request)
    const wait = wrongCodes.wait(from, clock.now())
    if (wait) return waitSaid(reply, wait)
    const input = PlayerInputs.report.safeParse(request.body ?? {})
    if (!input.success) return reply.code(400).send({ error: input.error.issues[0]!.message })
    try {
      return reply.send(players.report(request.params.tournamentId, request.params.playerId!, input.data, from))
    } catch (error) {
      if ((error as { code?: string }).code === 'forbidden') {
        const network = wrongCodes.networkWait(clock.now())
        wrongCodes.spent(from, clock.now())
        if (network) return waitSaid(reply, network)
      }
      return sendAppError(reply, error)
    }
  })

  return () => streams.closeAll()
}
