// What a scan or a tap at any place (the desk, a door, later a kiosk) ends in, as the one decision in main words it:
// the person as staff at a door may see them (name, state, when and where; never email, badge code or custom fields).
import { z } from 'zod'

export const CheckinPerson = z.object({
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

export const CheckinOutcome = z.object({
  /** pretixSCAN's three outcomes, plus a choice when a code names several and a check-out by tap. */
  outcome: z.enum(['checked-in', 'already', 'unknown', 'choose', 'checked-out']),
  participant: CheckinPerson.nullable(),
  /** Who a code names when it names several (outcome "choose"). */
  candidates: z.array(CheckinPerson),
  /** Said as is: "Checked in: Kairo Frost", "Kairo Frost: already checked in at 10:02 (Door 2)", "Unknown code: MD-1". */
  message: z.string(),
})

export type CheckinPerson = z.infer<typeof CheckinPerson>
export type CheckinOutcome = z.infer<typeof CheckinOutcome>

/** How an outcome is told apart without reading (colour, symbol, sound): checked in, already, or unknown. */
export function signalOf(outcome: CheckinOutcome['outcome']): 'in' | 'already' | 'unknown' {
  return outcome === 'checked-in' ? 'in' : outcome === 'unknown' ? 'unknown' : 'already'
}

/** "at 10:02 (Door 2)", "at 10:02", "(Door 2)" or "" — when and where someone was checked in. */
export function whenAndWhere(person: Pick<CheckinPerson, 'checkedInAt' | 'place'>, timeZone?: string): string {
  const time = person.checkedInAt
    ? new Date(person.checkedInAt).toLocaleTimeString('en-GB', {
        hour: '2-digit',
        minute: '2-digit',
        ...(timeZone && { timeZone }),
      })
    : ''
  const place = person.place ? `(${person.place})` : ''
  return [time && `at ${time}`, place].filter(Boolean).join(' ')
}
