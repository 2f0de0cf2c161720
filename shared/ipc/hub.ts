// The hub channels' shapes: the venue network setting, the control token, paired devices and pairing.
import { z } from 'zod'
import { IdInput } from '../api'
import { DeviceKind } from '../venue/door'

/** A device's name as people read it in lists and at the door ("Door 2", "OBS PC"). */
export const DeviceName = z
  .string({ error: 'name must be text' })
  .trim()
  .min(1, 'name: give the device a name, such as “Door 2”')
  .max(40, 'name: at most 40 characters')
  .regex(/^[^\p{Cc}<>]+$/u, 'name: no control characters, < or >')

export const PairInput = z.strictObject({
  name: DeviceName,
  kind: DeviceKind,
  /** The tournament a door checks in for or a board shows (required for those, ignored for others). */
  tournamentId: IdInput.optional(),
  /** The stream a scorekeeper's or caster's tablet serves (required for those, ignored for others). */
  streamId: IdInput.optional(),
})

/** A network interface's name as the OS gives it ("eth0", "Wi-Fi", "Ethernet 2", "vEthernet (WSL)"). */
export const InterfaceName = z
  .string({ error: 'interfaces: each is the name of a network interface' })
  .min(1, 'interfaces: a name must not be empty')
  .max(64, 'interfaces: a name has at most 64 characters')
  .regex(/^[\p{L}\p{N} ._:()-]+$/u, 'interfaces: letters, digits, spaces and . _ : ( ) - only')

export const HubConfigure = z.strictObject({
  lan: z.boolean(),
  /** The interfaces to open on; null: the one Matchdesk suggests (the default route's); absent: as before. */
  interfaces: z.array(InterfaceName).max(32, 'interfaces: at most 32').nullable().optional(),
})

export const PairingCode = z.object({
  /** The short code to type on the device ("K7PQ-4QXM"); single use. */
  code: z.string(),
  /** The address the QR code holds: the pairing page, the code in its fragment (never sent over the network). */
  url: z.string(),
  /** Epoch ms: five minutes after it was made. */
  expiresAt: z.number(),
  /** The QR code of `url` as an SVG document. */
  qrSvg: z.string(),
  /** This desk's fingerprint, shown beside a desk's code: the joining desk checks the host is the desk it shows. */
  fingerprint: z.string().max(9).optional(),
})

export const HubDevice = z.object({
  id: z.string(),
  name: z.string(),
  kind: DeviceKind,
  tournamentId: z.string().nullable(),
  /** Epoch ms. */
  pairedAt: z.number(),
  lastSeen: z.number().nullable(),
  /** The desk of the venue it was paired at, when another: it is known here too (absent: paired here). */
  pairedAtDesk: z.string().max(80).optional(),
  /** Why it is refused now: the role of the desk that paired it no longer lets it act (a door: check-ins). */
  refused: z.string().max(400).optional(),
})

export const HubStatus = z.object({
  /** This machine's address of the hub ("http://127.0.0.1:7310"); "" when no hub runs. */
  url: z.string(),
  /** The producers' layouts' own origin ("http://127.0.0.1:7311"); "" when none is served. */
  layoutsUrl: z.string(),
  /** Whether the hub is open to the venue network. */
  lan: z.boolean(),
  lanUrls: z.array(z.object({ url: z.string(), interface: z.string() })),
  /** Every interface the hub could open on: chosen by the admin (or suggested), and the one Matchdesk suggests. */
  lanInterfaces: z.array(
    z.object({ interface: z.string(), address: z.string(), chosen: z.boolean(), suggested: z.boolean() }),
  ),
  /** Why the venue network cannot be reached right now, in words. */
  lanProblems: z.array(z.string()),
  /** Companion's bearer token for /control/v1. */
  controlToken: z.string(),
  devices: z.array(HubDevice),
  /** The kinds this desk's role may not pair now, each with why (a producer's desk: doors, boards, desks). */
  pairingRefused: z.partialRecord(DeviceKind, z.string().max(400)),
})

/** Where players find their own page for a tournament: the address (on the players' own origin) and its QR code. */
export const PlayersPage = z.object({ url: z.string(), qrSvg: z.string() })

export type PairInput = z.infer<typeof PairInput>
export type PlayersPage = z.infer<typeof PlayersPage>
export type HubConfigure = z.infer<typeof HubConfigure>
export type PairingCode = z.infer<typeof PairingCode>
export type HubDevice = z.infer<typeof HubDevice>
export type HubStatus = z.infer<typeof HubStatus>
