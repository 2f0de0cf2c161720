// What the hub's route modules share: the desks and registry they answer from, the open event streams, and how a
// page, a static file or an error is sent.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { actingDeskOf } from './hub-access'
import { AppError } from '../app-error'
import type { BroadcastDesk } from '../broadcast/broadcast-desk'
import type { SequenceRunner } from '../broadcast/sequence-runner'
import type { SponsorDesk } from '../broadcast/sponsor-desk'
import type { VenueHost } from '../venue/venue-host'
import type { ActingFor } from '../venue/venue-role-guard'
import type { ObsTarget } from '../broadcast/obs-target'
import type { PageLog } from '../page-log'
import type { EventStreams } from '../local-server/event-stream'
import { IdInput } from '../../../shared/api/formats'
import { readStaticFile } from '../local-server/static-files'
import type { DeviceRegistry } from '../devices/device-registry'
import type { EventBus } from '../event-bus'
import type { DoorDesk } from '../devices/door-desk'
import type { FloorDesk } from '../floor/floor-desk'
import type { GameSources } from '../broadcast/game-sources'

export interface HubContext {
  /** What the desk announces (streams, OBS, the floor), for Companion's event stream. */
  bus: EventBus
  desk: BroadcastDesk
  /** Each stream's OBS, for Companion's scene and break buttons. */
  obs: ObsTarget
  /** The show sequences, for Companion's fast-forward, cancel and game-start buttons. */
  sequences?: SequenceRunner
  /** The venue's sponsors, whose images the overlays show (none in some tests). */
  sponsors?: SponsorDesk
  /** The venue's sync host, for desks of the venue that sync with this one (none in some tests). */
  venue?: VenueHost
  /** Where each desk of the venue answers (a paired device moves to the next when its desk goes). */
  venueDesks?: () => { deskId: string; name: string; url: string; publicKey: string }[]
  /** This desk's id in the venue (listed first among the desks). */
  venueDesk?: () => string
  /** This release ("0.2.0"), as the version route says it. */
  app?: string
  /** Tells the person at this desk something about the venue (a desk of another release tried to join). */
  venueNotice?: (message: string) => void
  /** A device's request handled with the role of the desk that paired it (or whose control token it came with). */
  roles?: ActingFor
  doors: DoorDesk
  /** The venue floor: the boards' state, the doors' calls, Companion's call buttons. */
  floor: FloorDesk
  registry: DeviceRegistry
  /** Each stream's game source, whose game posts its state here (none in some tests). */
  games?: GameSources
  /** The built renderer folder that holds overlay.html, door.html and their assets. */
  pagesDir: string
  streams: EventStreams
  /** The device pages' failures, into main's log. */
  pages: PageLog
}

/** Runs a device's request with the role of the desk it acts for (this desk's when no role guard runs). */
export function asDevice<T>(
  { roles, registry }: Pick<HubContext, 'roles' | 'registry'>,
  request: FastifyRequest,
  work: () => T,
): T {
  return roles ? roles.actingFor(actingDeskOf(request, registry), work) : work()
}

/**
 * The hub's pages: no request leaves the hub but to `reach` (the venue's other desks, which a device page asks whether
 * they answer when its own desk has gone), scripts and styles from the hub alone, never framed by another page.
 */
const pageCsp = (reach: readonly string[]) =>
  `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src ${["'self'", ...reach].join(' ')}; ` +
  "img-src 'self' data:; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/**
 * The origins of the venue's desks, for a device page's `connect-src`: each address came from another desk over the
 * LAN, so only a plain http(s) origin of letters, digits, dots, dashes, brackets and a port is kept.
 */
export function deskOrigins({ venueDesks }: Pick<HubContext, 'venueDesks'>): string[] {
  const origins = (venueDesks?.() ?? []).flatMap(({ url }) => {
    try {
      const { origin } = new URL(url)
      return /^https?:\/\/[A-Za-z0-9.\-[\]:]{1,100}$/.test(origin) ? [origin] : []
    } catch {
      // let go: another desk's address that does not parse is left out of the page's reach, as the filter would
      return []
    }
  })
  return [...new Set(origins)].slice(0, 50)
}

/** Sends a file of the built pages folder (404 when it is not there). */
export async function sendPage(
  reply: FastifyReply,
  pagesDir: string,
  relativePath: string,
  caching: 'never' | 'for-good' = 'never',
  reach: readonly string[] = [],
): Promise<FastifyReply> {
  const file = await readStaticFile(pagesDir, relativePath)
  if (!file) return reply.code(404).send({ error: 'not found' })
  return reply
    .header('content-type', file.contentType)
    .header('content-security-policy', pageCsp(reach))
    .header('cross-origin-opener-policy', 'same-origin')
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', caching === 'for-good' ? 'public, max-age=31536000, immutable' : 'no-store')
    .send(file.body)
}

/**
 * A built script, style or image: its name carries a hash of its content (a new build names it anew), so a browser
 * keeps it, and its compiled code, for good. An OBS source refreshed on every scene change then loads only its page.
 */
export function sendAsset(reply: FastifyReply, pagesDir: string, relativePath: string): Promise<FastifyReply> {
  return sendPage(reply, pagesDir, `assets/${relativePath}`, 'for-good')
}

/**
 * Path parameters that name ids are ids as IPC takes them (the same bounded type), or the request is refused here
 * with 422 naming the field, before any desk (and so the service) hears of it. True when every one is an id.
 */
export function idsOrRefuse(
  reply: FastifyReply,
  params: Record<string, string | undefined>,
  names: readonly string[],
): boolean {
  for (const name of names) {
    const value = params[name]
    if (value === undefined) continue
    const id = IdInput.safeParse(value)
    if (!id.success) {
      void reply.code(422).send({ error: `${name}: ${id.error.issues[0]?.message ?? 'not an id'}` })
      return false
    }
  }
  return true
}

/** How an AppError reads over HTTP: not found 404, conflict 409, anything refused 422; other errors are the server's. */
export function sendAppError(reply: FastifyReply, error: unknown): FastifyReply {
  if (!(error instanceof AppError)) throw error
  const status =
    error.code === 'not_found' ? 404 : error.code === 'conflict' ? 409 : error.code === 'forbidden' ? 403 : 422
  return reply.code(status).send({ error: error.message, ...(error.fields && { fields: error.fields }) })
}
