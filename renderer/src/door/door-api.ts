// The door page's calls to the hub it was served by: same origin, the device key in its cookie, JSON in and out.
import { DoorOutcome, DoorParticipant, DoorSession, PairingAnswer } from '../../../shared/venue/door'
import type { z } from 'zod'

/** Why a call failed, said to the person at the door. */
export class DoorCallFailed extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

async function call<T extends z.ZodType>(schema: T, path: string, body?: unknown): Promise<z.output<T>> {
  let response: Response
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
    })
  } catch {
    throw new DoorCallFailed('Not sent: this device cannot reach the desk. Check the Wi-Fi.', 0)
  }
  const data: unknown = await response.json().catch(() => ({}))
  if (!response.ok) {
    const said = (data as { error?: unknown }).error
    const message =
      response.status === 401
        ? 'This device is no longer paired with the desk: add it again on the desk (Venue → Add a device).'
        : typeof said === 'string'
          ? said
          : `The desk answered ${response.status}.`
    throw new DoorCallFailed(message, response.status)
  }
  return schema.parse(data)
}

export const doorApi = {
  session: () => call(DoorSession, '/door/v1/session'),
  scan: (code: string) => call(DoorOutcome, '/door/v1/scan', { code }),
  set: (participantId: string, checkedIn: boolean) =>
    call(DoorOutcome, '/door/v1/checkin', { participantId, checkedIn }),
  exchange: (code: string) => call(PairingAnswer, '/pair/v1/exchange', { code }),
}

export function parseParticipants(data: string): DoorParticipant[] {
  return (JSON.parse(data) as { participants: unknown[] }).participants.map((p) => DoorParticipant.parse(p))
}
