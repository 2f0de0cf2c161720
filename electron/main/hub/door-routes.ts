// The door API for paired door devices (the page itself is built code, served with pairing's): who they are, the list,
// scans and taps (through the desktop's one writer), and live changes over Server-Sent Events. A door sees names,
// state, when and where; nothing else.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DoorScan, DoorToggle, type DoorSession } from '../../../shared/venue/door'
import type { DeviceView } from '../devices/device-registry'
import { access, deviceOf } from './hub-access'
import { sendAppError, type HubContext } from './hub-context'

const door = access('door')

export function doorRoutes(server: FastifyInstance, { doors, floor, registry, streams }: HubContext): void {
  /** The door device the guard let in (a door always has one tournament). */
  const doorOf = (request: FastifyRequest): DeviceView & { tournamentId: string } => {
    const device = deviceOf(request, registry)!
    return { ...device, tournamentId: device.tournamentId ?? '' }
  }
  const answer = async (reply: FastifyReply, work: () => unknown) => {
    try {
      return reply.header('cache-control', 'no-store').send(await work())
    } catch (error) {
      return sendAppError(reply, error)
    }
  }
  const invalid = (reply: FastifyReply, message: string) => reply.code(400).send({ error: message })

  server.get('/door/v1/session', { config: door }, (request, reply) => {
    const device = doorOf(request)
    return answer(reply, async () => {
      await doors.know(device.tournamentId, device.profileId)
      const name = doors.tournamentName(device.tournamentId, device.profileId)
      const session: DoorSession = {
        device: { name: device.name, kind: device.kind },
        tournament: name === null ? null : { id: device.tournamentId, name },
        locale: doors.locale(device.tournamentId, device.profileId),
      }
      return session
    })
  })

  server.get('/door/v1/participants', { config: door }, (request, reply) => {
    const device = doorOf(request)
    return answer(reply, () => ({ participants: doors.list(device.tournamentId, device.profileId) }))
  })

  server.post('/door/v1/scan', { config: door }, (request, reply) => {
    const body = DoorScan.safeParse(request.body)
    if (!body.success)
      return invalid(
        reply,
        'code: give the scanned or typed code, 1 to 128 characters; scanId (optional): 8 to 64 letters, digits, - or _',
      )
    const device = doorOf(request)
    // The scan's id is the door's own: another door's ids never meet it.
    const scanId = body.data.scanId && `${device.id}-${body.data.scanId}`
    const from = { ...(scanId && { scanId }), ...(device.pairedBy && { pairedBy: device.pairedBy }) }
    return answer(reply, () => doors.scan(device.tournamentId, body.data.code, device.name, device.profileId, from))
  })

  server.post('/door/v1/checkin', { config: door }, (request, reply) => {
    const body = DoorToggle.safeParse(request.body)
    if (!body.success)
      return invalid(
        reply,
        'participantId (1 to 64 letters, digits, - or _) and checkedIn (true or false) are required',
      )
    const device = doorOf(request)
    return answer(reply, () =>
      doors.set(device.tournamentId, body.data.participantId, body.data.checkedIn, device.name, device.profileId, {
        ...(device.pairedBy && { pairedBy: device.pairedBy }),
      }),
    )
  })

  server.get('/door/v1/events', { config: door }, async (request, reply) => {
    const device = doorOf(request)
    let list
    try {
      await doors.know(device.tournamentId, device.profileId)
      list = doors.list(device.tournamentId, device.profileId)
    } catch (error) {
      return sendAppError(reply, error)
    }
    streams.serve(
      request,
      reply,
      (send) => {
        send('list', { participants: list })
        const stopList = doors.subscribe(device.tournamentId, (batch) => send('changed', batch), device.profileId)
        // A call on the floor reaches every door of the tournament: "Called: A vs B → Station 7".
        // A door that (re)connects is told the calls that stand now, then each call and its end as they come.
        for (const call of floor.standingCalls(device.tournamentId)) send('called', call)
        const stopCalls = floor.subscribeCalls(device.tournamentId, (event, data) => send(event, data))
        return () => {
          stopList()
          stopCalls()
        }
      },
      device.id,
    )
    return reply
  })
}
