// The door page's calls to the hub it was served by: same origin, the device key in the X-Matchdesk-Key header (kept
// in this origin's storage, which no other port of the address can read: a cookie would reach them all), JSON.
import { DoorOutcome, DoorParticipant, DoorSession, PairingAnswer } from '../../../shared/venue/door'
import { TabletView } from '../../../shared/venue/tablet'
import type { Caster } from '../../../shared/broadcast/feed'
import type { LivePress } from '../../../shared/broadcast/live-layer'
import { z } from 'zod'

const KEY_ITEM = 'matchdesk.deviceKey'

/** The key this device was given when it paired, kept in this origin's storage ("" when not paired). */
export const deviceKey = {
  get: (): string => localStorage.getItem(KEY_ITEM) ?? '',
  set: (key: string): void => localStorage.setItem(KEY_ITEM, key),
}

/** An event stream's address with the key (EventSource cannot send headers). */
export const withKey = (path: string): string =>
  `${path}${path.includes('?') ? '&' : '?'}key=${encodeURIComponent(deviceKey.get())}`

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
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(deviceKey.get() && { 'x-matchdesk-key': deviceKey.get() }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'omit',
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
  streams: () =>
    call(
      z.object({ streams: z.array(z.object({ id: z.string(), name: z.string(), tournament: z.string() })) }),
      '/feed/v1/streams',
    ),
}

/** A stream's tablet: what it sees, a scorekeeper's presses and undo, a caster's casters. */
export const tabletApi = {
  session: () => call(TabletView, '/tablet/v1/session'),
  press: (press: LivePress) => call(TabletView, '/tablet/v1/press', { press }),
  undo: () => call(TabletView, '/tablet/v1/undo', {}),
  casters: (casters: Caster[]) => call(TabletView, '/tablet/v1/casters', { casters }),
  difficulties: (down: boolean) => call(TabletView, '/tablet/v1/difficulties', { down }),
}

export function parseParticipants(data: string): DoorParticipant[] {
  return (JSON.parse(data) as { participants: unknown[] }).participants.map((p) => DoorParticipant.parse(p))
}
