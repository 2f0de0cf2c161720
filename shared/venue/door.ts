// What a door device sees and sends: names, check-in state, when and where only; never emails, badge codes, custom
// fields or secrets. Shared by the hub's door routes and the door page.
import { z } from 'zod'

/** What a paired device is for: a door (check-in), an overlay (OBS on another PC), or control (Companion). */
export const DeviceKind = z.enum(['door', 'overlay', 'control'])
export type DeviceKind = z.infer<typeof DeviceKind>

export const DoorParticipant = z.object({
  id: z.string(),
  name: z.string(),
  checkedIn: z.boolean(),
  /** When this venue checked them in (RFC 3339), or the service's time; null when unknown. */
  checkedInAt: z.string().nullable(),
  /** Which door (or "desk") checked them in here; null when it was not this venue. */
  place: z.string().nullable(),
  /** True while the change waits in the desk's outbox for the service. */
  waiting: z.boolean(),
})

export const DoorOutcome = z.object({
  /** pretixSCAN's three outcomes, plus a choice when a code names several and a check-out by tap. */
  outcome: z.enum(['checked-in', 'already', 'unknown', 'choose', 'checked-out']),
  participant: DoorParticipant.nullable(),
  /** Who a code names when it names several (outcome "choose"). */
  candidates: z.array(DoorParticipant),
  /** Said as is: "Checked in: Kairo Frost", "Already checked in at 10:02 (Door 2)", "Unknown code: MD-1". */
  message: z.string(),
})

export const DoorSession = z.object({
  device: z.object({ name: z.string(), kind: DeviceKind }),
  tournament: z.object({ id: z.string(), name: z.string() }).nullable(),
})

/** A door's input: a scanned or typed code, or a tap on one participant. Bounded like every input. */
export const DoorScan = z.strictObject({ code: z.string().trim().min(1).max(128) })
export const DoorToggle = z.strictObject({
  participantId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  checkedIn: z.boolean(),
})
export const PairingExchange = z.strictObject({
  code: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9-]+$/),
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

/** "10:02 (Door 2)", "10:02", "(Door 2)" or "" — how a door says when and where someone was checked in. */
export function whenAndWhere(participant: Pick<DoorParticipant, 'checkedInAt' | 'place'>, timeZone?: string): string {
  const time = participant.checkedInAt
    ? new Date(participant.checkedInAt).toLocaleTimeString('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        ...(timeZone && { timeZone }),
      })
    : ''
  const place = participant.place ? `(${participant.place})` : ''
  return [time && `at ${time}`, place].filter(Boolean).join(' ')
}
