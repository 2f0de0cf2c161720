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

/** What a scanner typed: a participant id or a custom_user_identifier, exactly. */
export function findScanned(participants: Participant[], code: string): Participant | undefined {
  const wanted = code.trim()
  return participants.find(
    (p) => p.id === wanted || (p.custom_user_identifier !== null && p.custom_user_identifier === wanted),
  )
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
