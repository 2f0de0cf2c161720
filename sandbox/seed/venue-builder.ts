// Builds the Demo venue's records from plans: tournaments, participants, stages with their brackets, schedules, streams.
import { PACE } from '../simulation/pace'
import type { Rng } from '../store/rng'
import type { ParticipantRecord, StageRecord, TournamentRecord } from '../store/records'
import type { Store } from '../store/store'
import { defaultOptions, type TournamentOptions } from '../store/tournament-options'
import type { Entrant } from './bracket-builder'
import { buildDoubleElimination, buildSingleElimination } from './elimination'
import { COUNTRY_POOL, NameMaker } from './names'
import type { StagePlan, TournamentPlan } from './plans'
import { buildRoundRobin, buildSwiss } from './round-robin'

const DAY = 86_400_000

export const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00')
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** One edition of a series: its name, day and the registration and check-in options it opens with. */
export interface Edition {
  name: string
  day: string
  status: TournamentRecord['status']
  options?: Partial<TournamentOptions>
}

export class VenueBuilder {
  private readonly names: NameMaker
  private identifier = 100000

  constructor(
    private readonly store: Store,
    private readonly rng: Rng,
  ) {
    this.names = new NameMaker(rng)
  }

  /** Carries on after what the store holds (a venue read back from disk): names stay unique, identifiers go on. */
  resume(): this {
    for (const participant of this.store.participants.values()) {
      this.names.take(participant.name)
      for (const member of participant.lineup) this.names.take(member.name)
      const number = Number(/^MD-(\d+)$/.exec(participant.custom_user_identifier ?? '')?.[1])
      if (number >= this.identifier) this.identifier = number + 1
    }
    return this
  }

  tournament(plan: TournamentPlan, edition: Edition): TournamentRecord {
    const tournament: TournamentRecord = {
      id: this.store.ids.next(),
      discipline: plan.discipline,
      name: edition.name,
      full_name: `${edition.name} ${edition.day.slice(0, 4)}`,
      participant_type: plan.participantType,
      size: plan.participants,
      timezone: 'Europe/Paris',
      platforms: ['pc'],
      status: edition.status,
      scheduled_date_start: edition.day,
      scheduled_date_end: edition.day,
      public: plan.public,
      online: plan.online,
      location: plan.location,
      country: plan.country,
      organization: 'Matchdesk Demo',
      contact: 'organizer@example.org',
      discord: null,
      website: 'https://example.org',
      texts: {
        description: {
          en_GB: `${edition.name}: the Demo venue tournament.`,
          fr: `${edition.name} : le tournoi de démonstration.`,
        },
        rules: { en_GB: 'Standard rules apply.' },
        prize: {},
      },
      archived: false,
      featured: false,
      locales: { en_GB: { default: true }, fr: { default: false } },
      logo: { id: `demo-logo-${edition.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` },
      background: null,
      thumbnail: null,
      ...(plan.participantType === 'team' && { team_min_size: 1, team_max_size: 7 }),
      circuit: null,
      circuit_season: null,
      circuit_region: null,
      circuit_tier: null,
      options: { ...defaultOptions(edition.day), check_in_enabled: true, ...edition.options },
    }
    this.store.tournaments.set(tournament.id, tournament)
    return tournament
  }

  participant(tournament: TournamentRecord, checkedIn: boolean): ParticipantRecord {
    const { rng, names, store } = this
    const team = tournament.participant_type === 'team'
    const name = team ? names.team() : names.player()
    const discipline = store.disciplines.get(tournament.discipline)!
    const participant: ParticipantRecord = {
      id: store.ids.next(),
      tournament_id: tournament.id,
      type: team ? 'team' : 'player',
      name,
      email: emailFor(name),
      custom_user_identifier: `MD-${this.identifier++}`,
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
              email: emailFor(member),
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
    return participant
  }

  /** Every stage of the plan, built with these entrants (in seeding order) and scheduled from now on. */
  stages(tournament: TournamentRecord, plan: TournamentPlan, participants: ParticipantRecord[]): StageRecord[] {
    const entrants: Entrant[] = this.rng.shuffle(
      participants.map((p) => ({ id: p.id, name: p.name, custom_user_identifier: p.custom_user_identifier })),
    )
    return plan.stages.map((stagePlan, index) => {
      const stage = this.stage(tournament, index + 1, stagePlan, entrants.length)
      buildStage(this.store, stage, stagePlan, entrants)
      return stage
    })
  }

  streams(tournament: TournamentRecord, plan: TournamentPlan): void {
    for (const [name, language] of plan.streams) {
      const id = this.store.ids.next()
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '_')
      const url = `https://www.twitch.tv/${slug}`
      this.store.streams.set(id, { id, tournament_id: tournament.id, name, url, language })
    }
  }

  private stage(tournament: TournamentRecord, number: number, plan: StagePlan, entrants: number): StageRecord {
    const settings: StageRecord['settings'] = { size: 'size' in plan ? plan.size : entrants, round_naming: 'number' }
    if (plan.type === 'double_elimination')
      Object.assign(settings, { grand_final: plan.grandFinal, threshold: 0, skip_round1: false })
    if (plan.type === 'single_elimination') Object.assign(settings, { threshold: 0, third_decider: false })
    if (plan.type === 'pools')
      Object.assign(settings, { nb_groups: plan.groups, pairing_method: 'standard', group_naming: 'letter' })
    // The tie-breakers a ranked stage parts equal records by, in order, as the service's settings name them.
    const tieBreakers = plan.type === 'swiss' ? ['buchholz', 'score_difference'] : ['head_to_head', 'score_difference']
    if (plan.type === 'swiss' || plan.type === 'league' || plan.type === 'pools')
      settings.tiebreakers = tieBreakers.map((name) => ({ name, options: {} }))
    const stage: StageRecord = {
      id: this.store.ids.next(),
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
    this.store.stages.set(stage.id, stage)
    return stage
  }
}

/** Builds a stage's bracket; a double elimination takes the largest power of two the entrants fill (at most its size). */
function buildStage(store: Store, stage: StageRecord, plan: StagePlan, entrants: Entrant[]): void {
  switch (plan.type) {
    case 'single_elimination':
      return buildSingleElimination(store, stage, entrants.slice(0, plan.size))
    case 'double_elimination': {
      const size = Math.min(plan.size, 2 ** Math.floor(Math.log2(Math.max(2, entrants.length))))
      stage.settings.size = size
      return buildDoubleElimination(store, stage, entrants.slice(0, size), plan.grandFinal)
    }
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

/**
 * Schedules a stage by round, half an hour apart per group, so that the first round with matches still to play is
 * due at `now` (rounded to five minutes): earlier rounds sit in the past, later ones ahead.
 */
export function scheduleStage(store: Store, stage: StageRecord, now: number): void {
  const base = Math.round(now / 300_000) * 300_000
  const nodes = [...store.nodes.values()].filter((n) => n.stage_id === stage.id)
  const roundOf = (id: string) => store.rounds.get(id)?.number ?? 1
  const firstOpen = new Map<string, number>()
  for (const node of nodes) {
    const round = roundOf(node.round_id)
    const open = node.status === 'completed' ? Infinity : round
    firstOpen.set(node.group_id, Math.min(firstOpen.get(node.group_id) ?? Infinity, open))
  }
  const lastRound = Math.max(1, ...nodes.map((n) => roundOf(n.round_id)))
  for (const node of nodes) {
    const open = firstOpen.get(node.group_id)!
    const anchor = Number.isFinite(open) ? open : lastRound + 1
    node.scheduled_datetime = isoSeconds(base + (roundOf(node.round_id) - anchor) * PACE.roundMs)
  }
}

/** A day `offset` days from `now`. */
export const dayFrom = (now: number, offset: number) => isoDay(now + offset * DAY)

/** A valid address made from a name ("Léa Ø" → "l.a.@example.org" would not do: letters outside a–z become dots). */
function emailFor(name: string): string {
  return `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')
      .replace(/^\.|\.$/g, '') || 'someone'
  }@example.org`
}
