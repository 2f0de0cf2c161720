// /tournaments: the filtered list, create (plain or multilingual, Content-Language) and get (Accept-Language).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { MultilingualQuery, TournamentCreate, TournamentCreateMultilingual, TournamentsQuery } from '../../shared/api'
import type { SandboxContext } from '../context'
import { notFound, parseOr, sendError, sendRange } from '../http/replies'
import { tournamentForms } from '../store/forms'
import type { TournamentRecord } from '../store/records'
import type { Store } from '../store/store'
import { defaultOptions, optionsFrom } from '../store/tournament-options'

/** Both create schemas share one output type: texts are a string or, with multilingual=1, a per-locale object. */
type Body = z.output<typeof TournamentCreate>
const CIRCUIT_FILTERS = [
  'circuit_ids',
  'circuit_season_ids',
  'circuit_season_names',
  'circuit_region_ids',
  'circuit_region_names',
  'circuit_tier_ids',
  'circuit_tier_names',
] as const
const TEXT_FIELDS = ['description', 'rules', 'prize'] as const
/** "fr-CA, en-GB;q=0.8" → ["fr_CA", "en_GB"], by priority. */
export function languagesOf(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', q = 'q=1'] = part.trim().split(';')
      return { tag: tag.trim().replace('-', '_'), q: Number(q.split('=')[1] ?? 1) }
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*')
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag)
}

function filterTournaments(store: Store, q: z.output<typeof TournamentsQuery>): TournamentRecord[] {
  const involved = (
    wanted: string[] | undefined,
    pick: (p: { user_id: string | null; custom_user_identifier: string | null; type: string }) => string | null,
    type?: string,
  ) => {
    if (!wanted) return undefined
    const ids = new Set<string>()
    for (const p of store.participants.values()) {
      const value = pick(p)
      if ((!type || p.type === type) && value !== null && wanted.includes(value)) ids.add(p.tournament_id)
    }
    return ids
  }
  const byUser = involved(q.user_ids, (p) => p.user_id, 'player')
  const byTeam = involved(q.team_ids, (p) => p.user_id, 'team')
  const byIdentifier = involved(q.custom_user_identifiers, (p) => p.custom_user_identifier)
  const circuitFiltered = CIRCUIT_FILTERS.some((key) => q[key] !== undefined)
  const items = [...store.tournaments.values()].filter(
    (t) =>
      (!q.disciplines || q.disciplines.includes(t.discipline)) &&
      (!q.statuses || q.statuses.includes(t.status)) &&
      (!q.scheduled_before || (t.scheduled_date_start !== null && t.scheduled_date_start <= q.scheduled_before)) &&
      (!q.scheduled_after || (t.scheduled_date_start !== null && t.scheduled_date_start >= q.scheduled_after)) &&
      (!q.countries || (t.country !== null && q.countries.includes(t.country))) &&
      (!q.platforms || t.platforms.some((p) => q.platforms!.includes(p))) &&
      (q.is_online === undefined || t.online === q.is_online) &&
      (q.archived === true || !t.archived) &&
      (!q.tournament_ids || q.tournament_ids.includes(t.id)) &&
      (!byUser || byUser.has(t.id)) &&
      (!byTeam || byTeam.has(t.id)) &&
      (!byIdentifier || byIdentifier.has(t.id)) &&
      // No Demo venue tournament belongs to a circuit.
      !circuitFiltered,
  )
  const key = (t: TournamentRecord) => t.scheduled_date_start ?? '9999-12-31'
  items.sort((a, b) => key(a).localeCompare(key(b)) || a.id.localeCompare(b.id))
  return q.sort === 'scheduled_desc' ? items.reverse() : items
}

function createTournament(store: Store, body: Body, multilingual: boolean, contentLanguage: string): TournamentRecord {
  const texts = Object.fromEntries(
    TEXT_FIELDS.map((field) => {
      const value = body[field]
      if (value === undefined || value === null) return [field, {}]
      return [field, typeof value === 'string' || !multilingual ? { [contentLanguage]: value as string } : value]
    }),
  ) as TournamentRecord['texts']
  const record: TournamentRecord = {
    id: store.ids.next(),
    discipline: body.discipline,
    name: body.name,
    full_name: body.full_name ?? null,
    participant_type: body.participant_type,
    size: body.size,
    timezone: body.timezone,
    platforms: body.platforms,
    status: 'pending',
    scheduled_date_start: body.scheduled_date_start ?? null,
    scheduled_date_end: body.scheduled_date_end ?? null,
    public: body.public ?? false,
    online: body.online ?? null,
    location: body.location ?? null,
    country: body.country ?? null,
    organization: body.organization ?? null,
    contact: body.contact ?? null,
    discord: body.discord ?? null,
    website: body.website ?? null,
    texts,
    archived: body.archived ?? false,
    featured: false,
    locales: body.locales ?? null,
    logo: body.logo ?? null,
    background: body.background ?? null,
    thumbnail: body.thumbnail ?? null,
    ...(body.participant_type === 'team' && {
      team_min_size: body.team_min_size ?? 1,
      team_max_size: body.team_max_size ?? body.team_min_size ?? 1,
    }),
    circuit: null,
    circuit_season: null,
    circuit_region: null,
    circuit_tier: null,
    options: optionsFrom(body, defaultOptions(body.scheduled_date_start ?? store.timestamp().slice(0, 10))),
  }
  store.tournaments.set(record.id, record)
  return record
}

export function tournamentRoutes(app: FastifyInstance, { store }: SandboxContext): void {
  const view = { access: ['organizer:view'] as const }
  const languages = (request: FastifyRequest) => languagesOf(request.headers['accept-language'])

  app.get('/tournaments', { config: view }, (request, reply) => {
    const q = parseOr(reply, TournamentsQuery, request.query, 'query')
    return q
      ? sendRange(request, reply, 'tournaments', filterTournaments(store, q), {
          form: (t) => tournamentForms.list(t, store.filesOrigin),
        })
      : reply
  })

  app.post('/tournaments', { config: { access: ['organizer:admin'] } }, (request, reply) => {
    const query = parseOr(reply, MultilingualQuery, request.query, 'query')
    if (!query) return reply
    const multilingual = query.multilingual ?? false
    const body = parseOr(reply, multilingual ? TournamentCreateMultilingual : TournamentCreate, request.body, 'body')
    if (!body) return reply
    if (!store.disciplines.has(body.discipline)) {
      return sendError(reply, 400, `discipline ${body.discipline} is not a discipline`, {
        scope: 'body',
        property_path: 'discipline',
        invalid_value: body.discipline,
        type: 'not_found',
      })
    }
    const contentLanguage = languagesOf(request.headers['content-language'])[0] ?? 'en_US'
    const record = createTournament(store, body, multilingual, contentLanguage)
    return reply.code(201).send(tournamentForms.full(record, store.filesOrigin, multilingual, [contentLanguage]))
  })

  app.get<{ Params: { id: string } }>('/tournaments/:id', { config: view }, (request, reply) => {
    const query = parseOr(reply, MultilingualQuery, request.query, 'query')
    if (!query) return reply
    const record = store.tournaments.get(request.params.id)
    return record
      ? tournamentForms.full(record, store.filesOrigin, query.multilingual ?? false, languages(request))
      : notFound(reply, 'tournament', request.params.id)
  })
}
