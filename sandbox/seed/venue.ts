// Seeds the Demo venue: every series of the plans where it stands at opening (running, at check-in, scheduled).
import { MatchEngine } from '../simulation/match-engine'
import { PACE } from '../simulation/pace'
import { fillStreamQueues } from '../simulation/stream-queues'
import { Rng } from '../store/rng'
import { DISCIPLINES } from './disciplines'
import type { Store } from '../store/store'
import type { VenueState } from '../store/venue-state'
import { plans, type TournamentPlan, type VenueSize } from './plans'
import { dayFrom, isoSeconds, scheduleStage, VenueBuilder } from './venue-builder'

export type { VenueSize } from './plans'

export interface SeededVenue {
  /** Makes more of the venue later (the next editions), continuing the seeded names and identifiers. */
  builder: VenueBuilder
  /** The series each tournament belongs to. */
  series: Map<string, TournamentPlan>
  /** Tournaments whose next edition is open already (none when freshly seeded). */
  followed: Set<string>
}

const MINUTE = 60_000

export function seedVenue(store: Store, seed: number, size: VenueSize): SeededVenue {
  const rng = new Rng(seed)
  const builder = new VenueBuilder(store, rng)
  const engine = new MatchEngine(store, rng)
  const now = store.now().getTime()
  const series = new Map<string, TournamentPlan>()
  for (const discipline of DISCIPLINES) store.disciplines.set(discipline.id, discipline)

  for (const plan of plans(size)) {
    const atCheckIn = plan.phase === 'check-in'
    const tournament = builder.tournament(plan, {
      name: plan.name,
      day: dayFrom(now, plan.dayOffset),
      status: plan.phase === 'running' ? 'running' : 'pending',
      // At check-in: registrations closed an hour ago, the door opened ten minutes ago and closes in thirty-five.
      ...(atCheckIn && {
        options: {
          registration_opening_datetime: isoSeconds(now - 2 * 60 * MINUTE),
          registration_closing_datetime: isoSeconds(now - 60 * MINUTE),
          check_in_participant_start_datetime: isoSeconds(now - 10 * MINUTE),
          check_in_participant_end_datetime: isoSeconds(now + PACE.checkInMs - 5 * MINUTE),
        },
      }),
    })
    const participants = Array.from({ length: plan.participants }, () =>
      builder.participant(tournament, rng.chance(plan.checkedInShare)),
    )
    const stages = builder.stages(tournament, plan, participants)
    plan.stages.forEach((stagePlan, index) => {
      const stage = stages[index]!
      if (plan.phase === 'running') engine.playStage(stage.id, stagePlan.play, stagePlan.play < 1 ? 3 : 0)
      scheduleStage(store, stage, now + plan.dayOffset * 86_400_000 * Number(plan.phase === 'scheduled'))
    })
    builder.streams(tournament, plan)
    if (plan.phase !== 'scheduled') fillStreamQueues(store, tournament.id)
    series.set(tournament.id, plan)
  }
  return { builder, series, followed: new Set() }
}

/** The venue as it was kept on disk: its records, each tournament's series (plans known by name) and opened editions. */
export function resumeVenue(store: Store, state: VenueState, seed: number, size: VenueSize): SeededVenue {
  store.restore(state.records)
  const byName = new Map(plans(size).map((plan) => [plan.name, plan]))
  const series = new Map<string, TournamentPlan>()
  for (const [tournamentId, planName] of state.series) {
    const plan = byName.get(planName)
    if (plan && store.tournaments.has(tournamentId)) series.set(tournamentId, plan)
  }
  return { builder: new VenueBuilder(store, new Rng(seed)).resume(), series, followed: new Set(state.followed) }
}
