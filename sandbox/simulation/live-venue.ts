// Keeps the Demo venue live in event time: matches run for minutes on a few stations, people arrive at the door,
// streams keep a queue, and when a tournament ends its next edition opens (registrations, check-in, then matches).
import { isoSeconds, scheduleStage, dayFrom, type VenueBuilder } from '../seed/venue-builder'
import { nextEditionName, type TournamentPlan } from '../seed/plans'
import type { Rng } from '../store/rng'
import type { NodeRecord, ParticipantRecord, TournamentRecord } from '../store/records'
import type { Store } from '../store/store'
import type { VenueExtras } from '../store/venue-state'
import type { EventClock } from './event-clock'
import type { MatchEngine } from './match-engine'
import { matchMsOf, PACE, stationsFor } from './pace'
import { fillStreamQueues } from './stream-queues'

const MINUTE = 60_000

export interface LiveVenueParts {
  store: Store
  engine: MatchEngine
  builder: VenueBuilder
  clock: EventClock
  rng: Rng
  /** Which series each tournament belongs to: how its next edition is made. */
  series: Map<string, TournamentPlan>
  /** Tournaments whose next edition is open already (kept with the venue on disk); grows as editions open. */
  followed: Set<string>
}

export class LiveVenue {
  /** When each running match ends, in event time. */
  private readonly due = new Map<string, number>()
  /** When each participant still expected at the door arrives (absent: not coming). */
  private readonly arrivals = new Map<string, number>()
  /** Per stage, when each of its stations is free again. */
  private readonly stations = new Map<string, number[]>()
  private last: number

  constructor(private readonly parts: LiveVenueParts) {
    this.last = parts.clock.now()
    // Matches already under way when the venue opens end at some point within a match's length.
    for (const node of parts.store.nodes.values()) {
      const discipline = parts.store.tournaments.get(node.tournament_id)?.discipline ?? ''
      if (node.status === 'running') this.due.set(node.id, this.last + this.between([0, matchMsOf(discipline)[1]]))
    }
  }

  /** What is kept of the venue on disk beside its records: each tournament's series and the editions opened. */
  kept(): VenueExtras {
    const { series, followed } = this.parts
    return { series: [...series].map(([tournamentId, plan]) => [tournamentId, plan.name]), followed: [...followed] }
  }

  /** Moves the venue to the clock's now. Call it often (every few seconds of wall time). */
  step(): void {
    const { store, clock } = this.parts
    const now = clock.now()
    const minutes = Math.max(0, now - this.last) / MINUTE
    this.last = now
    for (const tournament of [...store.tournaments.values()]) {
      const plan = this.parts.series.get(tournament.id)
      if (!plan) continue
      if (tournament.status === 'pending') this.prepare(tournament, plan, now)
      if (tournament.status === 'running') {
        this.play(tournament, now)
        this.arrive(tournament, 1 - Math.exp(-PACE.lateArrivalPerMinute * minutes))
        fillStreamQueues(store, tournament.id)
      }
      if (tournament.status === 'completed' && plan.nextEdition === 'when-completed')
        this.nextEdition(tournament, plan, now)
    }
  }

  /** Registrations while they are open, arrivals while check-in is, and the start when check-in closes. */
  private prepare(tournament: TournamentRecord, plan: TournamentPlan, now: number): void {
    const { options } = tournament
    const opening = Date.parse(options.registration_opening_datetime ?? '')
    const closing = Date.parse(options.registration_closing_datetime ?? '')
    const checkInStart = Date.parse(options.check_in_participant_start_datetime ?? '')
    const checkInEnd = Date.parse(options.check_in_participant_end_datetime ?? '')
    if (options.registration_enabled && now >= opening) {
      const share = Math.min(1, (now - opening) / Math.max(1, closing - opening))
      const registered = this.participantsOf(tournament.id).length
      const doorOpen = now >= checkInStart
      for (let i = registered; i < Math.floor(plan.participants * share); i++) {
        this.parts.builder.participant(tournament, doorOpen && this.parts.rng.chance(PACE.walkIn))
      }
      if (now >= closing) options.registration_enabled = false
    }
    if (Number.isNaN(checkInEnd) || now < checkInStart) return
    this.comeToTheDoor(tournament, now, checkInEnd)
    if (now >= checkInEnd) this.start(tournament, plan, now)
  }

  /** Check-in closed: the stages are built from who came (unless built already), scheduled from now, and begin. */
  private start(tournament: TournamentRecord, plan: TournamentPlan, now: number): void {
    const { store, builder } = this.parts
    let stages = [...store.stages.values()].filter((s) => s.tournament_id === tournament.id)
    if (stages.length === 0) {
      const present = this.participantsOf(tournament.id).filter((p) => p.checked_in)
      stages = builder.stages(tournament, plan, present.length >= 2 ? present : this.participantsOf(tournament.id))
    }
    for (const stage of stages) scheduleStage(store, stage, now)
    tournament.status = 'running'
    // Those still expected at the door missed the start: forget their arrival times.
    for (const participant of this.participantsOf(tournament.id)) this.arrivals.delete(participant.id)
    if (plan.nextEdition === 'when-started') this.nextEdition(tournament, plan, now)
  }

  /** Ends the matches that are due and starts ready ones on free stations, soonest scheduled first. */
  private play(tournament: TournamentRecord, now: number): void {
    const { store, engine } = this.parts
    const nodes = [...store.nodes.values()].filter((n) => n.tournament_id === tournament.id)
    for (const node of nodes) {
      const due = this.due.get(node.id)
      if (node.status !== 'running' || due === undefined || due > now) continue
      this.freeTimes(node.stage_id) // counted while the match still holds its station
      engine.complete(node)
      this.due.delete(node.id)
      this.free(node.stage_id, due + this.between(PACE.changeoverMs))
    }
    const ready = nodes
      .filter((n) => engine.isReady(n))
      .sort((a, b) => (a.scheduled_datetime ?? '').localeCompare(b.scheduled_datetime ?? '') || a.number - b.number)
    for (const node of ready) {
      if (!this.takeStation(node, now)) continue
      engine.start(node)
      this.due.set(node.id, now + this.between(matchMsOf(tournament.discipline)))
    }
  }

  /**
   * While the door is open, each registered participant not checked in gets an arrival time spread evenly over what
   * is left of the window (most come; PACE.showUp of them), and checks in when that time comes.
   */
  private comeToTheDoor(tournament: TournamentRecord, now: number, closes: number): void {
    const { rng } = this.parts
    for (const participant of this.participantsOf(tournament.id)) {
      if (participant.checked_in) continue
      let at = this.arrivals.get(participant.id)
      if (at === undefined) {
        // More people come as the start draws near: arrival times thicken toward the close of the window.
        at = rng.chance(PACE.showUp) ? now + Math.sqrt(rng.next()) * Math.max(0, closes - now) : Infinity
        this.arrivals.set(participant.id, at)
      }
      if (at > now) continue
      this.checkIn(participant)
      this.arrivals.delete(participant.id)
    }
  }

  /** Participants not checked in yet arrive at the door, each with this chance. */
  private arrive(tournament: TournamentRecord, chance: number): void {
    if (chance <= 0) return
    for (const participant of this.participantsOf(tournament.id)) {
      if (!participant.checked_in && this.parts.rng.chance(chance)) this.checkIn(participant)
    }
  }

  private checkIn(participant: ParticipantRecord): void {
    participant.checked_in = true
    participant.checked_in_at = this.parts.store.timestamp()
  }

  /** A completed tournament's series opens its next edition once: registrations now, check-in after, then play. */
  private nextEdition(previous: TournamentRecord, plan: TournamentPlan, now: number): void {
    const { builder, series, followed } = this.parts
    if (followed.has(previous.id)) return
    followed.add(previous.id)
    const registrationEnd = now + PACE.registrationMs
    const edition = builder.tournament(plan, {
      name: nextEditionName(previous.name),
      day: dayFrom(now, 0),
      status: 'pending',
      options: {
        registration_enabled: true,
        registration_opening_datetime: isoSeconds(now),
        registration_closing_datetime: isoSeconds(registrationEnd),
        // The door is open from the first registration: people who register there are checked in as they come.
        check_in_participant_start_datetime: isoSeconds(now),
        check_in_participant_end_datetime: isoSeconds(registrationEnd + PACE.checkInMs),
      },
    })
    builder.streams(edition, plan)
    series.set(edition.id, plan)
  }

  private takeStation(node: NodeRecord, now: number): boolean {
    const free = this.freeTimes(node.stage_id)
    const at = free.findIndex((time) => time <= now)
    if (at < 0) return false
    free.splice(at, 1)
    return true
  }

  private free(stageId: string, at: number): void {
    this.freeTimes(stageId).push(at)
  }

  /** A stage's stations: free now, except those its running matches hold. */
  private freeTimes(stageId: string): number[] {
    let free = this.stations.get(stageId)
    if (!free) {
      const { store } = this.parts
      const nodes = [...store.nodes.values()].filter((n) => n.stage_id === stageId)
      const entrants = new Set(nodes.flatMap((n) => n.opponents.map((o) => o.participant?.id).filter(Boolean))).size
      const busy = nodes.filter((n) => n.status === 'running').length
      free = Array.from({ length: Math.max(0, stationsFor(entrants) - busy) }, () => 0)
      this.stations.set(stageId, free)
    }
    return free
  }

  private participantsOf(tournamentId: string) {
    return [...this.parts.store.participants.values()].filter((p) => p.tournament_id === tournamentId)
  }

  private between([low, high]: readonly [number, number]): number {
    return low + Math.floor(this.parts.rng.next() * (high - low))
  }
}
