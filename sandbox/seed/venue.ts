// Seeds the Demo venue: tournaments of several disciplines, players and teams, every stage type, streams and links.
import { MatchEngine } from '../match-engine'
import { Rng } from '../store/rng'
import type { Store } from '../store/store'
import { defaultOptions } from '../store/tournament-options'
import type { ParticipantRecord, StageRecord, TournamentRecord } from '../store/records'
import type { Entrant } from './bracket-builder'
import { DISCIPLINES } from './disciplines'
import { buildDoubleElimination, buildSingleElimination } from './elimination'
import { COUNTRY_POOL, NameMaker } from './names'
import { buildRoundRobin, buildSwiss } from './round-robin'

export type VenueSize = 'small' | 'medium' | 'large'

type StagePlan =
  | { type: 'single_elimination'; size: number; play: number }
  | { type: 'double_elimination'; size: number; grandFinal: 'none' | 'simple' | 'double'; play: number }
  | { type: 'pools'; groups: number; play: number }
  | { type: 'league' | 'swiss'; play: number }

interface TournamentPlan {
  name: string
  discipline: string
  participantType: 'team' | 'single'
  participants: number
  status: TournamentRecord['status']
  online: boolean
  country: string
  location: string | null
  start: string
  stages: (StagePlan & { name: string })[]
  streams: [string, string][]
  checkedInShare: number
}

function plans(size: VenueSize): TournamentPlan[] {
  const k = size === 'small' ? 1 : 4
  const list: TournamentPlan[] = [
    {
      name: 'Lyon LAN Winter Cup',
      discipline: 'counterstrike2',
      participantType: 'team',
      participants: 16 * k,
      status: 'running',
      online: false,
      country: 'FR',
      location: 'Halle Tony Garnier, Lyon',
      start: '2026-11-21',
      stages: [
        { name: 'Groups', type: 'pools', groups: 4 * k, play: 1 },
        { name: 'Playoffs', type: 'double_elimination', size: 8 * k, grandFinal: 'double', play: 0.4 },
      ],
      streams: [
        ['Main stage', 'en'],
        ['Scène principale', 'fr'],
        ['Hauptbühne', 'de'],
        ['B stream', 'en'],
        ['Escenario', 'es'],
      ],
      checkedInShare: 0.9,
    },
    {
      name: 'Street Fighter Weekly 42',
      discipline: 'streetfighter6',
      participantType: 'single',
      participants: 23 * k,
      status: 'pending',
      online: true,
      country: 'GB',
      location: null,
      start: '2026-11-28',
      stages: [{ name: 'Bracket', type: 'single_elimination', size: 23 * k, play: 0 }],
      streams: [
        ['FGC Weekly', 'en'],
        ['FGC Weekly FR', 'fr'],
      ],
      checkedInShare: 0.4,
    },
    {
      name: 'Rocket League Open',
      discipline: 'rocketleague',
      participantType: 'team',
      participants: 12 * k,
      status: 'running',
      online: true,
      country: 'DE',
      location: null,
      start: '2026-11-20',
      stages: [{ name: 'Swiss', type: 'swiss', play: 0.3 }],
      streams: [
        ['RL Open', 'en'],
        ['RL Open DE', 'de'],
        ['RL Open PL', 'pl'],
      ],
      checkedInShare: 1,
    },
    {
      name: 'Chess Rapid Open',
      discipline: 'chess',
      participantType: 'single',
      participants: 8 * k,
      status: 'running',
      online: false,
      country: 'ES',
      location: 'Casa de Campo, Madrid',
      start: '2026-11-14',
      stages: [
        { name: 'League', type: 'league', play: 1 },
        { name: 'Final four', type: 'single_elimination', size: 4, play: 1 },
        { name: 'Masters', type: 'double_elimination', size: 8, grandFinal: 'simple', play: 0.5 },
      ],
      streams: [['Chess board cam', 'es']],
      checkedInShare: 1,
    },
  ]
  if (size === 'large') {
    list.push({
      name: 'Mega Open',
      discipline: 'tekken8',
      participantType: 'single',
      participants: 5000,
      status: 'running',
      online: false,
      country: 'NL',
      location: 'Jaarbeurs, Utrecht',
      start: '2026-11-22',
      stages: [{ name: 'Main event', type: 'double_elimination', size: 2048, grandFinal: 'simple', play: 0.2 }],
      streams: [
        ['Mega Open main', 'en'],
        ['Mega Open NL', 'nl'],
        ['Mega Open side', 'en'],
      ],
      checkedInShare: 0.6,
    })
  }
  return list
}

export function seedVenue(store: Store, seed: number, size: VenueSize): void {
  const rng = new Rng(seed)
  const names = new NameMaker(rng)
  const engine = new MatchEngine(store, rng)
  for (const discipline of DISCIPLINES) store.disciplines.set(discipline.id, discipline)
  let identifier = 100000

  for (const plan of plans(size)) {
    const tournament = createTournament(store, plan)
    const discipline = store.disciplines.get(plan.discipline)!
    const participants: ParticipantRecord[] = []
    for (let i = 0; i < plan.participants; i++) {
      const team = plan.participantType === 'team'
      const name = team ? names.team() : names.player()
      const checkedIn = rng.chance(plan.checkedInShare)
      const participant: ParticipantRecord = {
        id: store.ids.next(),
        tournament_id: tournament.id,
        type: team ? 'team' : 'player',
        name,
        email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.org`,
        custom_user_identifier: `MD-${identifier++}`,
        checked_in: checkedIn,
        checked_in_at: checkedIn ? store.timestamp() : null,
        custom_fields: {},
        properties: {},
        user_id: rng.chance(0.7) ? store.ids.next() : null,
        created_at: store.timestamp(),
        logo: null,
        country: team ? null : rng.pick(COUNTRY_POOL),
        birth_date: team ? null : `${rng.int(1985, 2008)}-0${rng.int(1, 9)}-1${rng.int(0, 9)}`,
        game_id: team ? null : `${name}#${rng.int(1000, 9999)}`,
        lineup: team
          ? Array.from({ length: discipline.team_size.min }, () => {
              const member = names.player()
              return {
                name: member,
                email: `${member.toLowerCase()}@example.org`,
                country: rng.pick(COUNTRY_POOL),
                birth_date: null,
                game_id: `${member}#${rng.int(1000, 9999)}`,
                custom_user_identifier: null,
                custom_fields: {},
                properties: {},
                user_id: null,
                logo: null,
              }
            })
          : [],
      }
      store.participants.set(participant.id, participant)
      participants.push(participant)
    }

    const entrants: Entrant[] = rng.shuffle(
      participants.map((p) => ({ id: p.id, name: p.name, custom_user_identifier: p.custom_user_identifier })),
    )
    plan.stages.forEach((stagePlan, index) => {
      const stage = createStage(store, tournament, index + 1, stagePlan)
      buildStage(store, stage, stagePlan, entrants)
      scheduleStage(store, stage, plan.start, index)
      if (plan.status !== 'pending') engine.playStage(stage.id, stagePlan.play, stagePlan.play < 1 ? 3 : 0)
    })
    if (plan.status === 'pending') tournament.status = 'pending'

    plan.streams.forEach(([name, language]) => {
      const id = store.ids.next()
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '_')
      store.streams.set(id, { id, tournament_id: tournament.id, name, url: `https://www.twitch.tv/${slug}`, language })
    })
    linkRunningMatches(store, tournament.id)
  }
}

function createTournament(store: Store, plan: TournamentPlan): TournamentRecord {
  const tournament: TournamentRecord = {
    id: store.ids.next(),
    discipline: plan.discipline,
    name: plan.name,
    full_name: `${plan.name} 2026`,
    participant_type: plan.participantType,
    size: plan.participants,
    timezone: 'Europe/Paris',
    platforms: ['pc'],
    status: plan.status,
    scheduled_date_start: plan.start,
    scheduled_date_end: plan.start,
    public: true,
    online: plan.online,
    location: plan.location,
    country: plan.country,
    organization: 'Matchdesk Demo',
    contact: 'organizer@example.org',
    discord: null,
    website: 'https://example.org',
    texts: {
      description: {
        en_GB: `${plan.name}: the Demo venue tournament.`,
        fr: `${plan.name} : le tournoi de démonstration.`,
      },
      rules: { en_GB: 'Standard rules apply.' },
      prize: {},
    },
    archived: false,
    featured: false,
    locales: { en_GB: { default: true }, fr: { default: false } },
    logo: null,
    background: null,
    thumbnail: null,
    ...(plan.participantType === 'team' && { team_min_size: 1, team_max_size: 7 }),
    circuit: null,
    circuit_season: null,
    circuit_region: null,
    circuit_tier: null,
    options: { ...defaultOptions(plan.start), check_in_enabled: true },
  }
  store.tournaments.set(tournament.id, tournament)
  return tournament
}

function createStage(
  store: Store,
  tournament: TournamentRecord,
  number: number,
  plan: StagePlan & { name: string },
): StageRecord {
  const settings: StageRecord['settings'] = {
    size: 'size' in plan ? plan.size : tournament.size,
    round_naming: 'number',
  }
  if (plan.type === 'double_elimination')
    Object.assign(settings, { grand_final: plan.grandFinal, threshold: 0, skip_round1: false })
  if (plan.type === 'single_elimination') Object.assign(settings, { threshold: 0, third_decider: false })
  if (plan.type === 'pools')
    Object.assign(settings, { nb_groups: plan.groups, pairing_method: 'standard', group_naming: 'letter' })
  const stage: StageRecord = {
    id: store.ids.next(),
    tournament_id: tournament.id,
    number,
    name: plan.name,
    type: plan.type,
    status: 'pending',
    closed: false,
    settings,
    match_settings: { format: { type: 'best_of', options: { nb_match_sets: 3 } }, report: { enabled: false } },
    auto_placement_enabled: false,
  }
  store.stages.set(stage.id, stage)
  return stage
}

function buildStage(store: Store, stage: StageRecord, plan: StagePlan, entrants: Entrant[]): void {
  switch (plan.type) {
    case 'single_elimination':
      return buildSingleElimination(store, stage, entrants.slice(0, plan.size))
    case 'double_elimination':
      return buildDoubleElimination(store, stage, entrants.slice(0, plan.size), plan.grandFinal)
    case 'pools': {
      const groups = Array.from({ length: plan.groups }, (_, g) => entrants.filter((_, i) => i % plan.groups === g))
      return buildRoundRobin(store, stage, groups, 'Group')
    }
    case 'league':
      return buildRoundRobin(store, stage, [entrants], 'League')
    case 'swiss':
      return buildSwiss(store, stage, entrants, Math.ceil(Math.log2(entrants.length)))
  }
}

/** Matches are scheduled by round: thirty minutes apart, each stage on its own day. */
function scheduleStage(store: Store, stage: StageRecord, startDate: string, dayOffset: number): void {
  const start = Date.parse(`${startDate}T09:00:00Z`) + dayOffset * 86_400_000
  for (const node of store.nodes.values()) {
    if (node.stage_id !== stage.id) continue
    const round = store.rounds.get(node.round_id)?.number ?? 1
    node.scheduled_datetime = new Date(start + (round - 1) * 1_800_000).toISOString().replace(/\.\d{3}Z$/, '+00:00')
  }
}

/** Each running match gets one stream of its tournament, as a producer would set it up. */
function linkRunningMatches(store: Store, tournamentId: string): void {
  const streams = store.streamsOfTournament(tournamentId)
  let next = 0
  for (const node of store.nodes.values()) {
    if (node.tournament_id !== tournamentId || node.status !== 'running' || streams.length === 0) continue
    store.matchStreams.set(node.id, [streams[next++ % streams.length]!.id])
  }
}
