// The door page's calls to the hub it was served by: same origin, the device key in the X-Matchdesk-Key header (kept
// in this origin's storage, which no other port of the address can read: a cookie would reach them all), JSON.
import { DoorOutcome, DoorParticipant, DoorSession, PairingAnswer } from '../../../shared/venue/door'
import { TabletView } from '../../../shared/venue/tablet'
import { FoundPlayer, PlayerView, type PlayerReport } from '../../../shared/floor/players'
import type { Caster } from '../../../shared/broadcast/feed'
import type { LivePress } from '../../../shared/broadcast/live-layer'
import { z } from 'zod'
import type { PageLine } from '../../../shared/log/page-lines'
import { arrived, CarriedScan } from '../lib/follow-venue'

const KEY_ITEM = 'matchdesk.deviceKey'

/** The key this device was given when it paired, kept in this origin's storage ("" when not paired). */
export const deviceKey = {
  get: (): string => localStorage.getItem(KEY_ITEM) ?? '',
  set: (key: string): void => localStorage.setItem(KEY_ITEM, key),
}

const RECENT_ITEM = 'matchdesk.recentScans'
/** How long a scan is carried to the next desk when this one goes, and how many at most. */
const RECENT_MS = 60_000
const RECENT_MOST = 50

/** The door's scans of the last minute, kept in this origin's storage: carried to the next desk when this one goes. */
export const recentScans = {
  list: (): CarriedScan[] => {
    try {
      const kept = z.array(CarriedScan).parse(JSON.parse(localStorage.getItem(RECENT_ITEM) ?? '[]'))
      return kept.filter((scan) => Date.now() - scan.at < RECENT_MS).slice(-RECENT_MOST)
    } catch {
      // let go: recent scans this origin's storage cannot read are none to carry
      return []
    }
  },
  keep: (scan: CarriedScan): void => {
    const others = recentScans.list().filter((kept) => kept.scanId !== scan.scanId)
    localStorage.setItem(RECENT_ITEM, JSON.stringify([...others, scan].slice(-RECENT_MOST)))
  },
}

/**
 * A new scan's own id (the desk tells a scan sent again from a second one by it). Not `randomUUID`: a door's page is
 * served over plain HTTP on the venue network, which is no secure context.
 */
const newScanId = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')

/** A page moved here from a desk that went: its key kept in this origin's storage; the scans it carried, to send again. */
export function keepArrived(): CarriedScan[] {
  const moved = arrived()
  if (moved?.key) deviceKey.set(moved.key)
  return moved?.scans ?? []
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
  // let go: an answer that is not JSON says nothing; the status below is what the door shows
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

/** This page's failures, sent to the desk's log with this device's key (`lib/page-failures.ts` gathers them). */
export const sendToHubLog = (lines: PageLine[]) => call(z.object({ written: z.number() }), '/log/v1/page', { lines })

export const doorApi = {
  session: () => call(DoorSession, '/door/v1/session'),
  /**
   * A scan, kept with its id among the recent ones until answered (and a minute after): a scan sent again keeps its id,
   * so the desk — this one or the next — counts it once.
   */
  scan: async (code: string, scanId = newScanId()) => {
    const scan = { scanId, code, at: recentScans.list().find((kept) => kept.scanId === scanId)?.at ?? Date.now() }
    recentScans.keep({ ...scan, answered: false })
    const outcome = await call(DoorOutcome, '/door/v1/scan', { code, scanId })
    recentScans.keep({ ...scan, answered: true })
    return outcome
  },
  set: (participantId: string, checkedIn: boolean) =>
    call(DoorOutcome, '/door/v1/checkin', { participantId, checkedIn }),
  exchange: (code: string) => call(PairingAnswer, '/pair/v1/exchange', { code }),
  streams: () =>
    call(
      z.object({ streams: z.array(z.object({ id: z.string(), name: z.string(), tournament: z.string() })) }),
      '/feed/v1/streams',
    ),
}

/** A stream's tablet: what it sees, a scorekeeper's presses, undo and Replay key, a caster's casters. */
export const tabletApi = {
  session: () => call(TabletView, '/tablet/v1/session'),
  press: (press: LivePress) => call(TabletView, '/tablet/v1/press', { press }),
  undo: () => call(TabletView, '/tablet/v1/undo', {}),
  casters: (casters: Caster[]) => call(TabletView, '/tablet/v1/casters', { casters }),
  difficulties: (down: boolean) => call(TabletView, '/tablet/v1/difficulties', { down }),
  replay: () => call(TabletView, '/tablet/v1/replay', {}),
}

/** A player's phone: finding themselves, their own page, their report at the station (no key: the page is public). */
export const playerApi = {
  find: (tournamentId: string, q: string) =>
    call(
      z.object({ players: z.array(FoundPlayer) }),
      `/play/v1/${encodeURIComponent(tournamentId)}/find?q=${encodeURIComponent(q)}`,
    ),
  view: (tournamentId: string, playerId: string) =>
    call(PlayerView, `/play/v1/${encodeURIComponent(tournamentId)}/players/${encodeURIComponent(playerId)}`),
  report: (tournamentId: string, playerId: string, report: PlayerReport) =>
    call(
      PlayerView,
      `/play/v1/${encodeURIComponent(tournamentId)}/players/${encodeURIComponent(playerId)}/report`,
      report,
    ),
  /** The player's page as it changes (the first at once). */
  events: (tournamentId: string, playerId: string) =>
    `/play/v1/${encodeURIComponent(tournamentId)}/players/${encodeURIComponent(playerId)}/events`,
}

export function parseParticipants(data: string): DoorParticipant[] {
  return (JSON.parse(data) as { participants: unknown[] }).participants.map((p) => DoorParticipant.parse(p))
}
