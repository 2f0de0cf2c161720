// Participant use cases shared by the current and the deprecated routes: filter, sort, create, update.
import type { z } from 'zod'
import type {
  LegacyParticipantCreate,
  ParticipantCreate,
  ParticipantsQuery,
  PlayerParticipantUpdate,
  TeamParticipantUpdate,
} from '../../shared/api'
import type { Store } from '../store/store'
import type { LineupMember, ParticipantRecord, TournamentRecord } from '../store/records'

type CreateBody = z.output<typeof ParticipantCreate> | z.output<typeof LegacyParticipantCreate>
type UpdateBody = z.output<typeof PlayerParticipantUpdate> | z.output<typeof TeamParticipantUpdate>

const anyOf = (wanted: string[] | undefined, value: string | null) =>
  !wanted || (value !== null && wanted.includes(value))

export function filterParticipants(store: Store, query: ParticipantsQuery): ParticipantRecord[] {
  const needle = query.name?.toLowerCase()
  const items = [...store.participants.values()].filter(
    (p) =>
      (!needle || p.name.toLowerCase().includes(needle)) &&
      anyOf(query.tournament_ids, p.tournament_id) &&
      (query.is_checked_in === undefined || p.checked_in === query.is_checked_in) &&
      (!query.user_ids || (p.type === 'player' && anyOf(query.user_ids, p.user_id))) &&
      (!query.team_ids || (p.type === 'team' && anyOf(query.team_ids, p.user_id))) &&
      anyOf(query.custom_user_identifiers, p.custom_user_identifier) &&
      anyOf(query.participant_ids, p.id),
  )
  return sortParticipants(items, query.sort)
}

export function sortParticipants(items: ParticipantRecord[], sort: ParticipantsQuery['sort']): ParticipantRecord[] {
  if (sort === 'created_desc') return items.reverse()
  if (sort === 'alphabetic')
    return items.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id))
  return items
}

function lineup(members: NonNullable<CreateBody['lineup']>): LineupMember[] {
  return members.map((m) => ({
    name: m.name,
    email: m.email ?? null,
    country: m.country ?? null,
    birth_date: m.birth_date ?? null,
    game_id: m.game_id ?? null,
    custom_user_identifier: m.custom_user_identifier ?? null,
    custom_fields: m.custom_fields ?? {},
    properties: m.properties ?? {},
    user_id: null,
    logo: m.logo ?? null,
  }))
}

export function createParticipant(store: Store, tournament: TournamentRecord, body: CreateBody): ParticipantRecord {
  const type = tournament.participant_type === 'team' ? 'team' : 'player'
  const checkedIn = body.checked_in ?? false
  const player = 'country' in body ? body : undefined
  const record: ParticipantRecord = {
    id: store.ids.next(),
    tournament_id: tournament.id,
    type,
    name: body.name,
    email: body.email ?? null,
    custom_user_identifier: body.custom_user_identifier ?? null,
    checked_in: checkedIn,
    checked_in_at: checkedIn ? store.timestamp() : null,
    custom_fields: body.custom_fields ?? {},
    properties: body.properties ?? {},
    user_id: null,
    created_at: store.timestamp(),
    logo: 'logo' in body ? (body.logo ?? null) : null,
    country: type === 'player' ? (player?.country ?? null) : null,
    birth_date: type === 'player' ? (player?.birth_date ?? null) : null,
    game_id: type === 'player' ? (player?.game_id ?? null) : null,
    lineup: type === 'team' ? lineup(body.lineup ?? []) : [],
  }
  store.participants.set(record.id, record)
  return record
}

export function updateParticipant(store: Store, record: ParticipantRecord, body: UpdateBody): void {
  const { lineup: members, checked_in, ...fields } = body as UpdateBody & { lineup?: CreateBody['lineup'] }
  Object.assign(record, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)))
  if (members) record.lineup = lineup(members)
  if (checked_in !== undefined && checked_in !== record.checked_in) {
    record.checked_in = checked_in
    record.checked_in_at = checked_in ? store.timestamp() : null
  }
}
