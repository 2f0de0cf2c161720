// Check-in search: an index built once per list, then every keystroke filters in memory.
import type { Participant } from '../../../shared/api'

export type CheckFilter = 'all' | 'in' | 'out'

export interface Indexed {
  participant: Participant
  haystack: string
}

export function indexParticipants(participants: Participant[]): Indexed[] {
  return participants.map((participant) => ({
    participant,
    haystack: [participant.name, participant.custom_user_identifier ?? '', participant.email ?? '']
      .join('\u0000')
      .toLowerCase(),
  }))
}

/** Matches in list order; `limit` bounds what is rendered, `total` says how many matched. */
export function search(
  index: Indexed[],
  query: string,
  filter: CheckFilter,
  limit = 200,
): { shown: Participant[]; total: number } {
  const needle = query.trim().toLowerCase()
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
export function sortParticipants(participants: Participant[], sort: CheckSort): Participant[] {
  if (sort === 'list') return participants
  const key = (p: Participant) => (sort === 'name' ? p.name : (p.custom_user_identifier ?? '\uffff'))
  const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })
  return [...participants].sort((a, b) => collator.compare(key(a), key(b)))
}

export function toCsv(participants: Participant[]): string {
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : ''
  const quote = (value: unknown) => `"${text(value).replaceAll('"', '""')}"`
  const rows = participants.map((p) =>
    [p.id, p.name, p.custom_user_identifier, p.email, p.checked_in ? 'yes' : 'no', p['checked_in_at']]
      .map(quote)
      .join(','),
  )
  return ['id,name,custom_user_identifier,email,checked_in,checked_in_at', ...rows].join('\r\n') + '\r\n'
}
