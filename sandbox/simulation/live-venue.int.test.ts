// The Demo venue stays live: matches of minutes, people at the door, stream queues, and next editions, hour after hour.
import { afterAll, describe, expect, it } from 'vitest'
import { openSession } from '../../tests/support/sandbox-session'
import { startSandbox, type Sandbox } from '../index'
import { seedVenue, type VenueSize } from '../seed/venue'
import { Rng } from '../store/rng'
import type { TournamentRecord } from '../store/records'
import { Store } from '../store/store'
import { ManualClock } from './event-clock'
import { LiveVenue } from './live-venue'
import { MatchEngine } from './match-engine'
import { matchMsOf, PACE, stationsFor } from './pace'

const MINUTE = 60_000

/** A seeded venue on a clock the test moves: hours of event time in a moment, the same every run. */
function manualVenue(size: VenueSize = 'small', seed = 1) {
  const clock = new ManualClock(Date.parse('2026-11-22T10:00:00Z'))
  const store = new Store(seed, () => new Date(clock.now()))
  const venue = seedVenue(store, seed, size)
  const rng = new Rng(seed + 1)
  const live = new LiveVenue({ store, engine: new MatchEngine(store, rng), clock, rng, ...venue })
  /** Moves event time on in 30-second steps, as the app's timer would. */
  const run = (minutes: number) => {
    for (let i = 0; i < minutes * 2; i++) {
      clock.advance(MINUTE / 2)
      live.step()
    }
  }
  return { clock, store, run }
}

type Venue = ReturnType<typeof manualVenue>

/** What a person opening the app finds at this moment. */
function lookAround({ store, clock }: Venue) {
  const nodes = [...store.nodes.values()]
  const runningTournaments = [...store.tournaments.values()].filter((t) => t.status === 'running')
  const withOpenMatches = runningTournaments.filter((t) =>
    nodes.some((n) => n.tournament_id === t.id && n.status === 'pending'),
  )
  const open = new Set(nodes.filter((n) => n.status !== 'completed').map((n) => n.id))
  const linkedStreams = new Set(
    [...store.matchStreams.entries()].filter(([matchId]) => open.has(matchId)).flatMap(([, streams]) => streams),
  )
  const since = clock.now() - 20 * MINUTE
  const arrivals = [...store.participants.values()].filter(
    (p) => p.checked_in_at !== null && Date.parse(p.checked_in_at) > since,
  ).length
  return { running: withOpenMatches.map((t) => t.name), linkedStreams: linkedStreams.size, arrivals }
}

describe('live venue', () => {
  it.each([1, 2, 3, 4])('stays live for four hours of event time, checked every 10 minutes (seed %i)', (seed) => {
    const venue = manualVenue('small', seed)
    for (let minute = 0; minute <= 240; minute += 10) {
      const now = lookAround(venue)
      expect(now.running.length, `running with matches to come at ${minute} min`).toBeGreaterThan(0)
      expect(now.linkedStreams, `streams with open matches at ${minute} min`).toBeGreaterThanOrEqual(2)
      expect(now.arrivals, `check-ins in the 20 minutes before ${minute} min`).toBeGreaterThan(0)
      venue.run(10)
    }
  })

  it('paces matches in minutes, as long as a match of their discipline runs', () => {
    const venue = manualVenue()
    const started = new Map<string, number>()
    const underWay = new Set([...venue.store.nodes.values()].filter((n) => n.status === 'running').map((n) => n.id))
    const lengths: { discipline: string; ms: number }[] = []
    const overbooked: string[] = []
    for (let step = 0; step < 180; step++) {
      const running = new Map<string, number>()
      for (const node of venue.store.nodes.values()) {
        if (node.status === 'running') running.set(node.stage_id, (running.get(node.stage_id) ?? 0) + 1)
      }
      for (const [stageId, count] of running) {
        const stageNodes = [...venue.store.nodes.values()].filter((n) => n.stage_id === stageId)
        const entrants = new Set(stageNodes.flatMap((n) => n.opponents.map((o) => o.participant?.id).filter(Boolean)))
          .size
        // An hour in, the matches seeded as running have ended: from then on stations alone decide.
        if (step >= 120 && count > stationsFor(entrants)) overbooked.push(`${stageId}: ${count} at step ${step}`)
      }
      for (const node of venue.store.nodes.values()) {
        if (node.status === 'running' && !underWay.has(node.id) && !started.has(node.id))
          started.set(node.id, venue.clock.now())
        if (node.status === 'completed' && started.has(node.id)) {
          const discipline = venue.store.tournaments.get(node.tournament_id)!.discipline
          lengths.push({ discipline, ms: venue.clock.now() - started.get(node.id)! })
          started.delete(node.id)
        }
      }
      venue.run(0.5)
    }
    // Never more matches at once in a stage than it has stations (once the seeded ones are over).
    expect(overbooked).toEqual([])
    // Matches already under way when the venue opened are left out: they started before the test watched.
    expect(lengths.length).toBeGreaterThan(5)
    for (const { discipline, ms } of lengths) {
      const [low, high] = matchMsOf(discipline)
      expect(ms, discipline).toBeGreaterThanOrEqual(low)
      expect(ms, discipline).toBeLessThanOrEqual(high + MINUTE)
    }
  })

  it('opens the next edition when a tournament ends: registrations, then check-in, then matches', () => {
    const venue = manualVenue()
    const first = new Set(venue.store.tournaments.keys())
    let opened: TournamentRecord | undefined
    for (let minute = 0; minute < 600 && !opened; minute += 5) {
      venue.run(5)
      opened = [...venue.store.tournaments.values()].find((t) => !first.has(t.id))
    }
    if (!opened) throw new Error('no next edition opened within 10 hours')
    const edition = opened
    expect(edition).toMatchObject({ status: 'pending', options: { registration_enabled: true } })
    const participants = () => [...venue.store.participants.values()].filter((p) => p.tournament_id === edition.id)
    venue.run(PACE.registrationMs / MINUTE + 1)
    expect(participants().length).toBe(edition.size)
    expect(edition.options.registration_enabled).toBe(false)
    venue.run(PACE.checkInMs / MINUTE - 10)
    const arrived = participants().filter((p) => p.checked_in).length
    expect(arrived).toBeGreaterThan(0)
    expect(arrived).toBeLessThan(edition.size)
    expect(edition.status).toBe('pending')
    venue.run(10)
    expect(edition.status).toBe('running')
    expect([...venue.store.nodes.values()].some((n) => n.tournament_id === edition.id && n.status === 'running')).toBe(
      true,
    )
  })

  it('starts a tournament at check-in only when its check-in window closes', () => {
    const venue = manualVenue()
    const weekly = [...venue.store.tournaments.values()].find((t) => t.name === 'Street Fighter Weekly 42')!
    const nodes = () => [...venue.store.nodes.values()].filter((n) => n.tournament_id === weekly.id)
    const closes = Date.parse(weekly.options.check_in_participant_end_datetime!)
    venue.run((closes - venue.clock.now()) / MINUTE - 1)
    expect(weekly.status).toBe('pending')
    expect(nodes().every((n) => n.status === 'pending')).toBe(true)
    venue.run(1.5)
    expect(weekly.status).toBe('running')
    expect(nodes().some((n) => n.status === 'running')).toBe(true)
  })

  it('gives no winner to a level pool, league or swiss match', () => {
    const venue = manualVenue()
    venue.run(180)
    const roundRobin = [...venue.store.nodes.values()].filter((n) => n.branch === null && n.status === 'completed')
    expect(roundRobin.length).toBeGreaterThan(20)
    for (const node of roundRobin) {
      const [a, b] = node.opponents
      if (a!.score === b!.score) expect([a!.result, b!.result]).toEqual(['draw', 'draw'])
      else expect([a!.result, b!.result].sort()).toEqual(['loss', 'win'])
    }
  })

  it('opens the medium venue on a running double elimination with two streams queued and people still to come', () => {
    const { store } = manualVenue('medium')
    const lyon = [...store.tournaments.values()].find((t) => t.name === 'Lyon LAN Winter Cup')!
    const playoffs = [...store.stages.values()].find(
      (s) => s.tournament_id === lyon.id && s.type === 'double_elimination',
    )!
    expect(playoffs.status).toBe('running')
    const upcoming = [...store.nodes.values()].filter((n) => n.stage_id === playoffs.id && n.status !== 'completed')
    const streamsWithQueue = new Set(upcoming.flatMap((n) => store.matchStreams.get(n.id) ?? []))
    expect(streamsWithQueue.size).toBeGreaterThanOrEqual(2)
    expect([...store.participants.values()].some((p) => p.tournament_id === lyon.id && !p.checked_in)).toBe(true)
  })
})

describe('live venue through HTTP in fast mode', () => {
  let sandbox: Sandbox | undefined
  afterAll(() => sandbox?.close())

  it('advances matches seen through the API, and moves each winner into the node that names it', async () => {
    sandbox = await startSandbox({ seed: 4, simulateMs: 20, speed: 1200 })
    const s = await openSession(sandbox)
    const stage = [...sandbox.store.stages.values()].find(
      (st) => st.type === 'double_elimination' && st.status === 'running',
    )!
    type N = {
      id: string
      status: string
      played_at: string | null
      opponents: {
        result: string | null
        source_type: string
        source_node_id: string | null
        participant: { id: string } | null
      }[]
    }
    const read = async () =>
      (await s.org('GET', `/bracket-nodes?stage_ids=${stage.id}`, { range: 'nodes=0-127' })).body as N[]
    const before = await read()
    const doneBefore = before.filter((n) => n.status === 'completed').length
    await expect
      .poll(async () => (await read()).filter((n) => n.status === 'completed').length, {
        timeout: 10_000,
        interval: 100,
      })
      .toBeGreaterThan(doneBefore + 2)
    const after = await read()
    for (const node of after.filter(
      (n) => n.status === 'completed' && before.find((b) => b.id === n.id)!.status !== 'completed',
    )) {
      expect(node.played_at).toMatch(/^\d{4}-\d\d-\d\dT/)
      const winner = node.opponents.find((o) => o.result === 'win')!.participant!.id
      const fed = after.flatMap((n) =>
        n.opponents.filter((o) => o.source_node_id === node.id && o.source_type === 'winner'),
      )
      for (const seat of fed) expect(seat.participant?.id).toBe(winner)
    }
  })
})
