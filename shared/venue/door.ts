// What a door device sees and sends: names, check-in state, when and where only; never emails, badge codes, custom
// fields or secrets. Shared by the hub's door routes and the door page.
import { z } from 'zod'
import { JoiningDesk } from './wire'
import { LOCALES } from '../api/enums'
import { CheckinOutcome, CheckinPerson } from '../checkin/outcome'

export { whenAndWhere } from '../checkin/outcome'

/**
 * What a paired device is for: a door (check-in), an overlay (OBS on another PC), control (Companion), a venue board
 * (a TV showing the floor), or a tablet at a stream: a scorekeeper's (the on-air score, games and picks) or a
 * caster's (the stream's casters), or another Matchdesk desk sharing this venue. A door and a board serve one
 * tournament; a tablet one stream.
 */
export const DeviceKind = z.enum(['door', 'overlay', 'control', 'board', 'scorekeeper', 'caster', 'desk'])
/**
 * A device paired at one desk as the venue's shared record keeps it, so that every desk of the venue knows it (a desk
 * syncing is not one: desks have keys of their own in the record). Its key only hashed (SHA-256, hex). Bounded: the
 * record comes from another desk over the LAN.
 */
export const SharedDevice = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(40),
  kind: DeviceKind.exclude(['desk']),
  tournamentId: z.string().max(100).nullable(),
  streamId: z.string().max(100).nullable(),
  keyHash: z.string().regex(/^[0-9a-f]{64}$/),
  pairedAt: z.number().finite(),
})
export type SharedDevice = z.infer<typeof SharedDevice>

/** The kinds of device that serve one tournament, chosen when they are paired. */
export const TOURNAMENT_KINDS: readonly DeviceKind[] = ['door', 'board']
/** The kinds of device that serve one stream, chosen when they are paired. */
export const STREAM_KINDS: readonly DeviceKind[] = ['scorekeeper', 'caster']
export type DeviceKind = z.infer<typeof DeviceKind>

/** A door shows people and outcomes as every place of check-in does (shared/checkin/outcome.ts). */
export const DoorParticipant = CheckinPerson
export const DoorOutcome = CheckinOutcome

export const DoorSession = z.object({
  device: z.object({ name: z.string(), kind: DeviceKind }),
  tournament: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The tournament's language: what the door's staff read of a scan is said in it. */
  locale: z.enum(LOCALES),
})

/** A door's input: a scanned or typed code, or a tap on one participant. Bounded like every input. */
export const DoorScan = z.strictObject({
  code: z.string().trim().min(1).max(128),
  /** The door's own id of this scan: sent again (to another desk, its own gone) it is the same scan, never a second. */
  scanId: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
})
export const DoorToggle = z.strictObject({
  participantId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  checkedIn: z.boolean(),
})
/** A pairing code as people type it: spaces, dashes and case do not matter ("pj3p trp4" is "PJ3P-TRP4"). */
export const PairingExchange = z.strictObject({
  code: z
    .string()
    .max(32)
    .transform((typed) => typed.replace(/[\s\-\u2010-\u2015]/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .min(1)
        .regex(/^[A-Z0-9]+$/),
    ),
  /** A desk joining the venue says who it is (a device says nothing more than its code). */
  desk: JoiningDesk.optional(),
})

export const PairingAnswer = z.object({
  device: z.object({ id: z.string(), name: z.string(), kind: DeviceKind }),
  /** The device key: in overlay and control URLs as `?key=`; a door keeps it in its page's storage for its header. */
  key: z.string(),
})

export type DoorParticipant = z.infer<typeof DoorParticipant>
export type DoorOutcome = z.infer<typeof DoorOutcome>
export type DoorSession = z.infer<typeof DoorSession>
export type PairingAnswer = z.infer<typeof PairingAnswer>
