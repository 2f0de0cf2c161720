// The venue floor on the hub: the venue board's page and its live state (this machine, or a paired board: one
// tournament each), and Companion's floor buttons (call next, call or recall station N, auto-assign) with the control
// token. The board sees names and stations only.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { IdInput } from '../../../shared/api/formats'
import type { FloorState } from '../../../shared/floor/floor'
import { access, deviceOf } from './hub-access'
import { asDevice, deskOrigins, idsOrRefuse, sendAppError, sendPage, type HubContext } from './hub-context'

/** A station's number as a button names it: digits only ("1e3", "1.5" and "1abc" are not numbers here). */
const STATION_NUMBER = /^[1-9][0-9]{0,3}$/

const board = access('board')
const control = access('control')

export function floorRoutes(server: FastifyInstance, context: HubContext): void {
  const { floor, registry, pagesDir, streams } = context
  /** A paired board's tournament; on this machine, the one `?tournament=` names. */
  const tournamentOf = (request: FastifyRequest): string | undefined => {
    const device = deviceOf(request, registry)
    if (device?.tournamentId) return device.tournamentId
    const asked = (request.query as Record<string, unknown> | undefined)?.['tournament']
    const parsed = IdInput.safeParse(asked)
    return parsed.success ? parsed.data : undefined
  }
  const noTournament = (reply: FastifyReply) =>
    reply.code(400).send({ error: 'tournament: open the board from the desk (Stations → Open the venue board)' })

  // The board's page is the device pages' built code: it holds no data, and its calls carry the board's key.
  server.get('/board', { config: access('pairing') }, (_request, reply) =>
    sendPage(reply, pagesDir, 'door.html', 'never', deskOrigins(context)),
  )

  server.get('/board/v1/state', { config: board }, (request, reply) => {
    const tournamentId = tournamentOf(request)
    if (!tournamentId) return noTournament(reply)
    try {
      return reply.header('cache-control', 'no-store').send(floor.board(tournamentId))
    } catch (error) {
      return sendAppError(reply, error)
    }
  })

  server.get('/board/v1/events', { config: board }, (request, reply) => {
    const tournamentId = tournamentOf(request)
    if (!tournamentId) return noTournament(reply)
    let first
    try {
      first = floor.board(tournamentId)
    } catch (error) {
      return sendAppError(reply, error)
    }
    streams.serve(
      request,
      reply,
      (send) => {
        send('board', first)
        return floor.subscribeBoard(tournamentId, (state) => send('board', state))
      },
      deviceOf(request, registry)?.id,
    )
  })

  type FloorParams = { Params: { tournamentId: string; number?: string } }
  const route = (path: string, action: (tournamentId: string, params: FloorParams['Params']) => FloorState) =>
    server.post<FloorParams>(
      `/control/v1/tournaments/:tournamentId/floor/${path}`,
      { config: control },
      (request, reply) => {
        // Refused here, before the floor (and so the service, and what the desk keeps refreshing) hears of it.
        if (!idsOrRefuse(reply, request.params, ['tournamentId'])) return reply
        const number = request.params.number
        if (number !== undefined && !STATION_NUMBER.test(number))
          return reply.code(422).send({ error: 'number: a station number, a whole number from 1 to 9999' })
        try {
          return reply.send(asDevice(context, request, () => action(request.params.tournamentId, request.params)))
        } catch (error) {
          return sendAppError(reply, error)
        }
      },
    )
  /** Station N as Companion's buttons number them (1 first). */
  const stationOf = (tournamentId: string, number: string | undefined) =>
    floor.stationNumbered(tournamentId, Number(number))

  route('call-next', (tournamentId) => floor.callNext(tournamentId))
  route('auto-assign', (tournamentId) => floor.autoAssign(tournamentId))
  // Recall is a call again: the DQ timer starts over and everyone is told once more.
  for (const action of ['call', 'recall'])
    route(`stations/:number/${action}`, (tournamentId, { number }) =>
      floor.call(tournamentId, stationOf(tournamentId, number)),
    )
}
