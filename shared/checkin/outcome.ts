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
  /** When the desk described them (its own increasing stamp): a later description replaces an earlier one. */
  asOf: z.number().int().nonnegative(),
})

export const CheckinOutcome = z.object({
  /**
   * pretixSCAN's three outcomes, plus a choice when a code names several, a check-out by tap, and a scan this place may
   * not make (its desk's role cannot check people in).
   */
  outcome: z.enum(['checked-in', 'already', 'unknown', 'choose', 'checked-out', 'refused']),
  participant: CheckinPerson.nullable(),
  /** Who a code names when it names several (outcome "choose"). */
  candidates: z.array(CheckinPerson),
  /** Said as is: "Checked in: Kairo Frost", "Kairo Frost: already checked in at 10:02 (Door 2)", "Unknown code: MD-1". */
  message: z.string(),
})

export type CheckinPerson = z.infer<typeof CheckinPerson>
export type CheckinOutcome = z.infer<typeof CheckinOutcome>

/**
 * A scan's answer and the live list come by different ways: a description that arrives after a newer one of the same
 * person (say, "waiting" after "sent") is not shown. The later of the two by the desk's stamp.
 */
const newer = (known: CheckinPerson | undefined, told: CheckinPerson): CheckinPerson =>
  known && known.asOf > told.asOf ? known : told

/** Some people told again, laid over those known, each as the desk described them last. */
export function laidOver(
  known: Readonly<Record<string, CheckinPerson>>,
  told: readonly CheckinPerson[],
): Record<string, CheckinPerson> {
  const next = { ...known }
  for (const person of told) next[person.id] = newer(next[person.id], person)
  return next
}

/** The whole list told again: only those in it, each as the desk described them last. */
export function listedAgain(
  known: Readonly<Record<string, CheckinPerson>>,
  told: readonly CheckinPerson[],
): Record<string, CheckinPerson> {
  return Object.fromEntries(told.map((person) => [person.id, newer(known[person.id], person)]))
}

/**
 * How an outcome is told apart without reading (colour, symbol, sound): checked in, already, or not in — an unknown code
 * and a refused scan alike (the words say which).
 */
export function signalOf(outcome: CheckinOutcome['outcome']): 'in' | 'already' | 'unknown' {
  return outcome === 'checked-in' ? 'in' : outcome === 'unknown' || outcome === 'refused' ? 'unknown' : 'already'
}

/** "at 10:02 (Door 2)", "at 10:02", "(Door 2)" or "" — when and where someone was checked in. */
export function whenAndWhere(
  person: Pick<CheckinPerson, 'checkedInAt' | 'place'>,
  timeZone?: string,
  /** How the language says the time ("at {time}"; the catalogues' `checkin.at`). */
  at = 'at {time}',
): string {
  const time = person.checkedInAt ? clockOf(timeZone).format(new Date(person.checkedInAt)) : ''
  const place = person.place ? `(${person.place})` : ''
  return [time && at.replace('{time}', time), place].filter(Boolean).join(' ')
}

/** One 24-hour clock per time zone, made once: a door flood words hundreds of "already checked in at 10:02". */
const clocks = new Map<string, Intl.DateTimeFormat>()
function clockOf(timeZone = ''): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone)
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', ...(timeZone && { timeZone }) })
    clocks.set(timeZone, clock)
  }
  return clock
}
