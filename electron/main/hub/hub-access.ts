// Who may use which of the hub's routes: this machine (loopback), a paired device by its key, Companion by the control
// token. The rules the hub's route guard applies after routing; a route names one of them.
import type { FastifyRequest } from 'fastify'
import { isIP } from 'node:net'
import type { DeviceKind } from '../../../shared/venue/door'
import type { AccessRule } from '../local-server/route-guard'
import type { DeviceRegistry, DeviceView } from '../devices/device-registry'

/**
 * The header a device sends its key in (the door page, scripts, Companion). Never a cookie: cookies are not scoped to
 * a port, so one set by the hub would also be sent to NodeCG or TSH on another port of this address.
 */
export const DEVICE_HEADER = 'x-matchdesk-key'
/** The desk of the venue a request proves to be (its signature over this hub's challenge), once per request. */
export type ProvenDesk = (request: FastifyRequest) => string | undefined

/** The hub's access rules by name, as routes declare them in `config.allow`. */
export const HUB_RULES = [
  'viewer',
  'door',
  'board',
  'control',
  'pairing',
  'tablet',
  'scorekeeper',
  'caster',
  'desk',
  'game',
  'player',
] as const
export type HubRule = (typeof HUB_RULES)[number]

/** What a hub route declares in `config`: one of the hub's rules, or 'public' (built code that holds no data). */
export const access = (allow: HubRule | 'public'): { allow: HubRule | 'public' } => ({ allow })

/** True when the request came from this machine. */
export function fromLoopback(request: FastifyRequest): boolean {
  const address = (request.socket.remoteAddress ?? '').replace(/^::ffff:/, '')
  return address === '::1' || (isIP(address) === 4 && address.startsWith('127.'))
}

/** The device key a request carries: `?key=` (OBS and Companion URLs, event streams) or the X-Matchdesk-Key header. */
export function deviceKeyOf(request: FastifyRequest): string {
  const query = request.query as Record<string, unknown> | undefined
  const fromQuery = typeof query?.['key'] === 'string' ? query['key'] : ''
  const fromHeader = request.headers[DEVICE_HEADER]
  return fromQuery || (typeof fromHeader === 'string' ? fromHeader : '')
}

/**
 * The venue desk a device's request acts for, when another: the desk that paired the device (a tablet or control
 * device paired there), or whose control token Companion came with (Companion moved here with its desk's token).
 */
export function actingDeskOf(request: FastifyRequest, registry: DeviceRegistry): string | undefined {
  const device = deviceOf(request, registry)
  if (device?.pairedBy) return device.pairedBy
  const given = request.headers.authorization ?? ''
  return given.startsWith('Bearer ') ? registry.controlTokenDesk(given.slice('Bearer '.length)) : undefined
}

/** Remembers each request's device, so the rule and the handler authenticate once. */
const devices = new WeakMap<FastifyRequest, DeviceView | null>()

export function deviceOf(request: FastifyRequest, registry: DeviceRegistry): DeviceView | undefined {
  if (!devices.has(request)) devices.set(request, registry.authenticate(deviceKeyOf(request)) ?? null)
  return devices.get(request) ?? undefined
}

/**
 * - viewer (feeds, overlays): this machine, or any paired device;
 * - door (the door page and its API): a paired door, from anywhere (a door needs a name and a tournament);
 * - board (the venue board's data): this machine, or a paired board (a TV beyond this machine);
 * - control (Companion): a venue desk's control token as a bearer (this desk's, or another's of the shared venue), and
 *   beyond this machine a paired control device's key too;
 * - pairing (the pairing and door pages, the code exchange): anyone who reaches the hub; exchanges rate-limited;
 * - tablet (what a stream's tablet sees): a paired scorekeeper's or caster's tablet, from anywhere;
 * - scorekeeper, caster (a tablet's edits): that kind of tablet only (each acts on its own stream);
 * - desk (the venue's sync): a desk of the venue that proved who it is — its signature, by the key the venue's record
 *   binds to it, over a challenge this hub gave (no secret crosses: the hosting can move to any desk), from anywhere;
 * - game (a game's state posts): the token a stream's game source was made with, in the address (`?token=`), from
 *   anywhere (the observer PC);
 * - player (the players' page, their own pages and reports): anyone who reaches the hub (a player has no key; a report
 *   proves itself by the player's badge code or the station's code, counted per address).
 */
export function hubRules(
  registry: DeviceRegistry,
  provenDesk?: ProvenDesk,
  gameToken?: (request: FastifyRequest) => boolean,
): Record<HubRule, AccessRule> {
  const ofKind = (request: FastifyRequest, ...kinds: DeviceKind[]) => {
    const device = deviceOf(request, registry)
    return device !== undefined && kinds.includes(device.kind)
  }
  // This desk's control token, or another venue desk's (Companion that moved here when its desk went).
  const controlToken = (request: FastifyRequest) => {
    const given = request.headers.authorization ?? ''
    return given.startsWith('Bearer ') && registry.knowsControlToken(given.slice('Bearer '.length))
  }
  return {
    viewer: (request) => fromLoopback(request) || deviceOf(request, registry) !== undefined,
    door: (request) => ofKind(request, 'door'),
    board: (request) => fromLoopback(request) || ofKind(request, 'board'),
    control: (request) => controlToken(request) && (fromLoopback(request) || ofKind(request, 'control')),
    pairing: () => true,
    tablet: (request) => ofKind(request, 'scorekeeper', 'caster'),
    scorekeeper: (request) => ofKind(request, 'scorekeeper'),
    caster: (request) => ofKind(request, 'caster'),
    desk: (request) => provenDesk?.(request) !== undefined,
    game: (request) => gameToken?.(request) ?? false,
    player: () => true,
  }
}
