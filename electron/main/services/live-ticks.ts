// One live refresh for every desk in main: the producer's desk, the floor and the doors each say what they follow
// (tournaments, and in each the matches, people and setup they show), and one timer reads each tournament once a tick
// for all of them: one bracket frontier (with every match any of them watches), one participant window, one sweep of
// the stream links. What a tick read reaches each desk as its session's changes.
import type { OfflineSession } from './offline-session'
import { moduleLog } from '../log'

const log = moduleLog('live-ticks')

/** The slow parts (setup, a desk's participants) are read every this many ticks. */
const SLOW_EVERY = 4

/** What one desk follows in one tournament of one session. */
export interface Interest {
  session: OfflineSession
  tournamentId: string
  /** Matches read at each tick beside the frontier (linked to a stream, on a station); absent: no bracket. */
  nodes?: ReadonlySet<string>
  /** Participants: a window at each tick (a door's list), or at every fourth (what a desk shows of them). */
  participants?: 'each' | 'slow'
  /** Stages, streams and the tournament's look, at every fourth tick (what goes on air). */
  setup?: boolean
  /** Which matches are queued on streams, swept (the floor never puts them on a station). */
  links?: boolean
  /** The tournament's look (its language, which players read on the board and the doors), every fourth tick. */
  look?: boolean
}

/** Answers what a desk follows now: asked at every tick, so it is never out of date. */
export type InterestSource = () => Iterable<Interest>

/** What a tick read, for one tournament of one session: the union of every desk's interest in it. */
export interface TickPlan {
  session: OfflineSession
  tournamentId: string
  nodes?: Set<string>
  participants?: 'each' | 'slow'
  setup: boolean
  links: boolean
  look: boolean
}

/** Unions the interests by session and tournament. */
export function planTicks(interests: Iterable<Interest>): TickPlan[] {
  const plans = new Map<OfflineSession, Map<string, TickPlan>>()
  for (const interest of interests) {
    const { session, tournamentId } = interest
    const ofSession = plans.get(session) ?? new Map<string, TickPlan>()
    plans.set(session, ofSession)
    const plan = ofSession.get(tournamentId) ?? { session, tournamentId, setup: false, links: false, look: false }
    ofSession.set(tournamentId, plan)
    if (interest.nodes) plan.nodes = new Set([...(plan.nodes ?? []), ...interest.nodes])
    if (interest.participants === 'each' || (interest.participants === 'slow' && !plan.participants))
      plan.participants = interest.participants
    plan.setup ||= interest.setup ?? false
    plan.links ||= interest.links ?? false
    plan.look ||= interest.look ?? false
  }
  return [...plans.values()].flatMap((ofSession) => [...ofSession.values()])
}

export class LiveTicks {
  private readonly sources = new Set<InterestSource>()
  private readonly timer?: NodeJS.Timeout
  private ticks = 0
  private running: Promise<void> | undefined
  private soon: NodeJS.Timeout | undefined

  /** `refreshMs`: how often a tick runs; 0 or absent: only when `tick()` is called. */
  constructor(refreshMs?: number) {
    if (!refreshMs) return
    this.timer = setInterval(() => void this.tick(), refreshMs)
    this.timer.unref()
  }

  /** A desk's interests are read at every tick from now on; answers how to stop. */
  follow(source: InterestSource): () => void {
    this.sources.add(source)
    return () => this.sources.delete(source)
  }

  /** A tick as soon as the desks' work of the moment is done: something new is followed (a view opened). */
  tickSoon(): void {
    if (this.soon) return
    // A tick already under way began before the new interest: a fresh one follows it.
    this.soon = setTimeout(() => {
      void (this.running ?? Promise.resolve()).then(() => {
        this.soon = undefined
        return this.tick()
      })
    }, 0)
    this.soon.unref()
  }

  /**
   * One tick: each followed tournament read once for every desk (a tick still running is not doubled). It never
   * fails: what went wrong is logged, as a session closing under it (a restart, a switch) would make it.
   */
  tick(): Promise<void> {
    this.running ??= this.readAll()
      .catch(log.failed('a live tick', 'debug'))
      .finally(() => (this.running = undefined))
    return this.running
  }

  close(): void {
    clearInterval(this.timer)
    clearTimeout(this.soon)
    this.sources.clear()
  }

  private async readAll(): Promise<void> {
    const slow = this.ticks++ % SLOW_EVERY === 0
    const interests = [...this.sources].flatMap((source) => {
      try {
        return [...source()]
      } catch (error) {
        log.failed('asking a desk what it follows')(error)
        return []
      }
    })
    for (const plan of planTicks(interests)) {
      const { session, tournamentId } = plan
      const failed = log.failed(`the live tick of ${tournamentId}`, 'debug')
      /** One read, unless the session closed meanwhile; a read that throws at once fails like one that rejects. */
      const read = (work: () => Promise<unknown>) =>
        session.db.open ? Promise.resolve().then(work).catch(failed) : Promise.resolve()
      if (!session.db.open || session.connectivity.state === 'offline') continue
      if (plan.nodes) await read(() => session.reads.tick('nodes', tournamentId, false, plan.nodes))
      if (plan.participants === 'each' || (plan.participants === 'slow' && slow))
        await read(() => session.reads.tick('participants', tournamentId))
      if (plan.links) await read(() => session.reads.linksOfTournament(tournamentId))
      if (!slow) continue
      // Not awaited: a logo's host (outside the service) never holds up what is on air; a changed look is announced.
      if (plan.setup || plan.look) void read(() => session.lookReads.refresh(tournamentId))
      if (!plan.setup) continue
      await read(() => session.reads.refresh('stages', tournamentId))
      await read(() => session.reads.refresh('streams', tournamentId))
    }
  }
}
