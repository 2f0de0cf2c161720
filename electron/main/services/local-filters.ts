// The list filters applied to cached copies, so filtering works the same offline.
import type { z } from 'zod'
import type { BracketNode, Participant, Stream, TournamentListItem } from '../../../shared/api'
import type { BracketFilters, ParticipantFilters, StreamFilters, TournamentFilters } from '../../../shared/ipc/filters'
import { NaturalSorter } from '../../../shared/text/natural-order'

const within = <T>(wanted: T[] | undefined, value: T | null | undefined) =>
  !wanted || (value != null && wanted.includes(value))

/**
 * True when filters leave out or reorder anything. Without, a participant, stream or bracket list is answered as the
 * cache kept it (the same frozen array), which main packs for the page once (ipc/wire.ts).
 */
const narrows = (filters: Record<string, unknown>) => Object.values(filters).some((value) => value !== undefined)

export function filterTournaments(
  items: TournamentListItem[],
  f: z.output<typeof TournamentFilters>,
): TournamentListItem[] {
  const kept = items.filter(
    (t) =>
      within(f.disciplines, t.discipline) &&
      within(f.statuses, t.status) &&
      (!f.scheduled_before || (t.scheduled_date_start !== null && t.scheduled_date_start <= f.scheduled_before)) &&
      (!f.scheduled_after || (t.scheduled_date_start !== null && t.scheduled_date_start >= f.scheduled_after)) &&
      within(f.countries, t.country) &&
      (!f.platforms || t.platforms.some((p) => f.platforms!.includes(p))) &&
      (f.is_online === undefined || t.online === f.is_online) &&
      (f.archived === true || t['archived'] !== true) &&
      within(f.tournament_ids, t.id),
  )
  const key = (t: TournamentListItem) => t.scheduled_date_start ?? '9999-12-31'
  kept.sort((a, b) => key(a).localeCompare(key(b)))
  return f.sort === 'scheduled_desc' ? kept.reverse() : kept
}

/** The cache hands out the same (frozen) participants from one read to the next: their order is remembered. */
const byName = new NaturalSorter<Participant>((p) => p.name)

export function filterParticipants(items: Participant[], f: z.output<typeof ParticipantFilters>): Participant[] {
  if (!narrows(f)) return items
  const needle = f.name?.toLowerCase()
  const kept = items.filter(
    (p) =>
      (!needle || p.name.toLowerCase().includes(needle)) &&
      (f.is_checked_in === undefined || p.checked_in === f.is_checked_in) &&
      within(f.custom_user_identifiers, p.custom_user_identifier) &&
      within(f.participant_ids, p.id),
  )
  if (f.sort === 'created_desc') return kept.reverse()
  if (f.sort === 'alphabetic') return byName.sort(kept)
  return kept
}

export function filterNodes(items: BracketNode[], f: z.output<typeof BracketFilters>): BracketNode[] {
  if (!narrows(f)) return items
  return items.filter((n) => within(f.stage_ids, n.stage_id) && within(f.group_ids, n.group_id))
}

export function filterStreams(items: Stream[], f: z.output<typeof StreamFilters>): Stream[] {
  if (!narrows(f)) return items
  return items.filter((s) => within(f.languages, s.language))
}
