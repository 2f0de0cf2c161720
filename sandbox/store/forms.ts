// Cuts the documented response forms out of stored records (list, detailed, legacy, v1).
import type {
  LineupMember,
  NodeRecord,
  ParticipantRecord,
  StageRecord,
  StreamRecord,
  TournamentRecord,
} from './records'

const V1_TYPES: Record<string, string> = {
  pools: 'group',
  league: 'league',
  swiss: 'swiss',
  single_elimination: 'single_elimination',
  double_elimination: 'double_elimination',
  bracket_groups: 'bracket_group',
}

/** A lineup member as the service answers it: email is a string there, so a member without one has none. */
function member<T extends Partial<LineupMember>>({ email, ...rest }: T) {
  return email === null ? rest : { ...rest, email }
}

function baseParticipant(p: ParticipantRecord) {
  return {
    id: p.id,
    user_id: p.user_id,
    created_at: p.created_at,
    name: p.name,
    email: p.email,
    custom_user_identifier: p.custom_user_identifier,
    checked_in: p.checked_in,
    custom_fields: p.custom_fields,
    ...(p.type === 'player'
      ? { country: p.country, birth_date: p.birth_date, game_id: p.game_id }
      : { lineup: p.lineup.map(({ logo: _logo, properties: _properties, ...rest }) => member(rest)) }),
  }
}

function detailedParticipant(p: ParticipantRecord) {
  return {
    ...baseParticipant(p),
    properties: p.properties,
    checked_in_at: p.checked_in_at,
    ...(p.type === 'team' && { lineup: p.lineup.map(({ properties: _properties, ...rest }) => member(rest)) }),
  }
}

export const participantForms = {
  /** GET /participants: the full form. */
  list: (p: ParticipantRecord) => ({
    ...baseParticipant(p),
    type: p.type,
    tournament_id: p.tournament_id,
    logo: p.logo,
  }),
  /** POST, GET, PATCH /participants/{id}: the detailed full form. */
  detailed: (p: ParticipantRecord) => ({
    ...detailedParticipant(p),
    type: p.type,
    tournament_id: p.tournament_id,
    logo: p.logo,
  }),
  /** The deprecated tournament-scoped routes: detailed, without type, tournament_id and logo. */
  legacy: (p: ParticipantRecord) => detailedParticipant(p),
}

export const stageForms = {
  legacy: (s: StageRecord) => ({
    id: s.id,
    number: s.number,
    name: s.name,
    type: s.type,
    closed: s.closed,
    settings: s.settings,
    status: s.status,
  }),
  /** The public v1 listing; stage types without a v1 name are not listed there. */
  v1: (s: StageRecord) =>
    V1_TYPES[s.type]
      ? { number: s.number, name: s.name, type: V1_TYPES[s.type], size: s.settings.size ?? 0 }
      : undefined,
}

export const streamForms = {
  legacy: ({ tournament_id: _tournament, ...rest }: StreamRecord) => rest,
}

function pickText(texts: Record<string, string>, languages: string[]): string | null {
  for (const language of languages) {
    const exact = texts[language] ?? Object.entries(texts).find(([locale]) => locale.split('_')[0] === language)?.[1]
    if (exact !== undefined) return exact
  }
  return Object.values(texts)[0] ?? null
}

/** A logo's addresses on the sandbox's own image host (routes/files.ts), as the service gives its CDN's. */
function logoForm(logo: { id: string } | null, filesOrigin: string) {
  if (!logo) return null
  const base = `${filesOrigin}/files/logos/${encodeURIComponent(logo.id)}`
  return {
    id: logo.id,
    logo_small: `${base}/s.png`,
    logo_medium: `${base}/m.png`,
    logo_large: `${base}/l.png`,
    original: `${base}/o.png`,
  }
}

export const tournamentForms = {
  list: (t: TournamentRecord, filesOrigin: string) => ({
    id: t.id,
    discipline: t.discipline,
    name: t.name,
    full_name: t.full_name,
    status: t.status,
    scheduled_date_start: t.scheduled_date_start,
    scheduled_date_end: t.scheduled_date_end,
    timezone: t.timezone,
    public: t.public,
    size: t.size,
    online: t.online,
    location: t.location,
    country: t.country,
    platforms: t.platforms,
    logo: logoForm(t.logo, filesOrigin),
    registration_enabled: t.options.registration_enabled,
    registration_opening_datetime: t.options.registration_opening_datetime,
    registration_closing_datetime: t.options.registration_closing_datetime,
  }),
  /** The organizer form; `multilingual` gives per-locale objects, otherwise the best text for `languages`. */
  full: (t: TournamentRecord, filesOrigin: string, multilingual: boolean, languages: string[]) => {
    const text = (texts: Record<string, string>) =>
      multilingual ? (Object.keys(texts).length ? texts : null) : pickText(texts, languages)
    return {
      ...tournamentForms.list(t, filesOrigin),
      ...t.options,
      participant_type: t.participant_type,
      organization: t.organization,
      contact: t.contact,
      discord: t.discord,
      website: t.website,
      description: text(t.texts.description),
      rules: text(t.texts.rules),
      prize: text(t.texts.prize),
      archived: t.archived,
      featured: t.featured,
      locales: t.locales,
      background: t.background,
      thumbnail: t.thumbnail,
      ...(t.participant_type === 'team' && {
        team_min_size: t.team_min_size ?? 1,
        team_max_size: t.team_max_size ?? 1,
      }),
      circuit: t.circuit,
      circuit_season: t.circuit_season,
      circuit_region: t.circuit_region,
      circuit_tier: t.circuit_tier,
      settings: { discipline: {} },
    }
  },
}

/** The summary a bracket node embeds: read from the participant record when answering, so renames show at once. */
export function participantSummary(
  participants: ReadonlyMap<string, ParticipantRecord>,
  seated: NonNullable<NodeRecord['opponents'][number]['participant']>,
) {
  const now = participants.get(seated.id)
  if (!now) return seated
  return {
    id: now.id,
    name: now.name,
    custom_user_identifier: now.custom_user_identifier,
    custom_fields: now.custom_fields,
  }
}

export const nodeForms = {
  /** A node as GET /bracket-nodes answers it: every opponent's participant as it is now. */
  current:
    (participants: ReadonlyMap<string, ParticipantRecord>) =>
    (node: NodeRecord): NodeRecord => ({
      ...node,
      opponents: node.opponents.map((o) =>
        o.participant ? { ...o, participant: participantSummary(participants, o.participant) } : o,
      ),
    }),
}
