// Check-in search: an index built once per list, then every keystroke filters in memory.
import type { Participant } from '../../../shared/api'
import { withoutHidden } from '../../../shared/text/hidden-characters'
import { NaturalSorter } from '../../../shared/text/natural-order'
import { csvTable } from '../../../shared/text/csv'

export type CheckFilter = 'all' | 'in' | 'out'

export interface Indexed {
  participant: Participant
  haystack: string
}

export function indexParticipants(participants: Participant[]): Indexed[] {
  return participants.map((participant) => ({
    participant,
    // Hidden characters are not searched for, so a name that holds them is found by the letters people see.
    haystack: withoutHidden(
      [participant.name, participant.custom_user_identifier ?? '', participant.email ?? ''].join('\u0000'),
    ).toLowerCase(),
  }))
}

/** Matches in list order; `limit` bounds what is rendered, `total` says how many matched. */
export function search(
  index: Indexed[],
  query: string,
  filter: CheckFilter,
  limit = 200,
): { shown: Participant[]; total: number } {
  const needle = withoutHidden(query).trim().toLowerCase()
  const shown: Participant[] = []
  let total = 0
  for (const { participant, haystack } of index) {
    if (filter === 'in' && !participant.checked_in) continue
    if (filter === 'out' && participant.checked_in) continue
    if (needle && !haystack.includes(needle)) continue
    total++
    if (shown.length < limit) shown.push(participant)
  }
  return { shown, total }
}

export { findScanned } from '../../../shared/checkin/find-scanned'

export const CHECK_SORTS = { name: 'name', code: 'badge code', list: 'registration order' } as const
export type CheckSort = keyof typeof CHECK_SORTS

/** The list in the order the door chose: by name (the default), by badge code, or as the service lists it. */
const sorters = {
  name: new NaturalSorter<Participant>((p) => p.name),
  code: new NaturalSorter<Participant>((p) => p.custom_user_identifier ?? '\uffff'),
}

/**
 * The list in the order the door chose: by name (the default), by badge code, or as the service lists it. A patched
 * list keeps most of its objects, whose places are remembered (shared/text/natural-order.ts).
 */
export function sortParticipants(participants: Participant[], sort: CheckSort): Participant[] {
  return sort === 'list' ? participants : sorters[sort].sort(participants)
}

/** When and where this venue checked someone in, as the desk knows it (shared/checkin/outcome.ts's CheckinPerson). */
export interface CheckinWhen {
  checkedInAt: string | null
  place: string | null
}

/**
 * The list as CSV for a spreadsheet: a UTF-8 byte-order mark first (so Arabic and CJK names read right), then when
 * and where each person was checked in, as the app knows it (this venue's record, else the service's time).
 */
export function toCsv(participants: Participant[], known: Readonly<Record<string, CheckinWhen>> = {}): string {
  const rows = participants.map((p) => {
    const here = p.checked_in ? known[p.id] : undefined
    const at = here?.checkedInAt ?? (p.checked_in ? p['checked_in_at'] : null)
    return [p.id, p.name, p.custom_user_identifier, p.email, p.checked_in ? 'yes' : 'no', at, here?.place]
  })
  const header = ['id', 'name', 'custom_user_identifier', 'email', 'checked_in', 'checked_in_at', 'checked_in_where']
  return csvTable(header, rows)
}
