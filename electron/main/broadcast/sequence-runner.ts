// Runs each stream's show sequences: a Take (told by the desk) or an event read off the stream's published feeds
// (a game's start or end, the match's end) starts the stream's sequence for it, replacing one still running; each step
// at its time — a scene or an instant replay in the stream's OBS, an overlay shown or hidden in its feed; a Hold pauses it, its release
// resumes it; the desk and Companion fast-forward or cancel it. The timeline is shared/broadcast/show-sequence.ts.
import type { Feed } from '../../../shared/broadcast/feed'
import {
  dueSteps,
  nextDue,
  paused,
  sequenceEvents,
  sequenceState,
  type SequenceEvent,
  type SequenceRun,
  type SequenceState,
  type SequenceStep,
} from '../../../shared/broadcast/show-sequence'
import type { ReplayPress } from '../../../shared/broadcast/replay'
import type { Clock } from '../clock'
import { moduleLog } from '../log'
import type { ShowSequenceStore } from '../store/show-sequences'
import type { PublicationTarget } from './publication'
import type { RoleGuard } from '../venue/venue-role-guard'

const log = moduleLog('sequence-runner')

export type SceneRole = Extract<SequenceStep, { action: 'scene' }>['scene']

export interface SequencePorts {
  clock: Clock
  /** The active connection's sequences. */
  store(): ShowSequenceStore
  /** The stream's OBS shows its scene for the role (nothing when it has none); OBS's column says what went wrong. */
  showScene(streamId: string, role: SceneRole): Promise<void>
  /** The stream's OBS plays an instant replay (nothing when it has no Replay scene). */
  replay(streamId: string, press: ReplayPress): Promise<void>
  /** A game was won or the match ended on the stream (the VOD's highlights). */
  happened?(streamId: string, event: 'game-end' | 'match-end', feed: Feed): void
  /** The stream's feed is published again (its hidden overlays changed) and its state told. */
  republish(streamId: string): void
  /** This desk's role in a shared venue: the producer's commands take the producer's (or head organiser's) role. */
  roles?: RoleGuard
}

/** What the desk asks of the runner while it builds a stream's feed and state. */
export interface SequenceView {
  hidden(streamId: string): string[]
  state(streamId: string): SequenceState | null
  /** The desk took a match on the stream. */
  taken(streamId: string): void
}

interface Running {
  run: SequenceRun
  timer: NodeJS.Timeout | undefined
}

export class SequenceRunner implements PublicationTarget, SequenceView {
  private readonly runs = new Map<string, Running>()
  private readonly hiddenOf = new Map<string, Set<string>>()
  /** Each stream's feed as last published, to read events off the next one; and whether it was held. */
  private readonly last = new Map<string, Feed>()

  constructor(private readonly ports: SequencePorts) {}

  published(streamId: string, feed: Feed): void {
    const before = this.last.get(streamId)
    this.last.set(streamId, feed)
    const running = this.runs.get(streamId)
    if (running && feed.held !== (running.run.pausedAt !== null)) {
      running.run = paused(running.run, feed.held, this.ports.clock.now())
      this.schedule(streamId)
      this.tell(streamId)
    }
    for (const event of sequenceEvents(before, feed)) {
      if (event === 'game-end' || event === 'match-end') this.ports.happened?.(streamId, event, feed)
      this.start(streamId, event)
      this.tell(streamId)
    }
  }

  /** Started inside the desk's Take: its answer carries the run's state. */
  taken(streamId: string): void {
    this.start(streamId, 'take')
  }

  /** The producer's commands: run what is left now, drop it, or start the game-start sequence by hand. */
  command(streamId: string, command: 'fast-forward' | 'cancel' | 'game-start'): void {
    this.ports.roles?.check('streams')
    if (command === 'game-start') return void this.start(streamId, 'game-start')
    const running = this.runs.get(streamId)
    if (!running) return
    if (command === 'cancel') {
      clearTimeout(running.timer)
      this.runs.delete(streamId)
      return
    }
    const left = running.run.steps.slice(running.run.done)
    running.run = { ...running.run, done: running.run.steps.length }
    this.finish(streamId, left)
  }

  hidden(streamId: string): string[] {
    return [...(this.hiddenOf.get(streamId) ?? [])]
  }

  state(streamId: string): SequenceState | null {
    const running = this.runs.get(streamId)
    return running ? sequenceState(running.run) : null
  }

  follows(): boolean {
    return false
  }

  switched(): void {
    for (const running of this.runs.values()) clearTimeout(running.timer)
    this.runs.clear()
    this.hiddenOf.clear()
    this.last.clear()
  }

  close(): void {
    this.switched()
  }

  /**
   * Starts the stream's sequence for an event (replacing one running); paused from the start on a held stream. An
   * event without steps runs nothing and leaves a running sequence as it is (a round's end amid a game's start).
   */
  private start(streamId: string, event: SequenceEvent): void {
    const steps = this.ports.store().of(streamId)[event]
    if (steps.length === 0) return
    clearTimeout(this.runs.get(streamId)?.timer)
    const now = this.ports.clock.now()
    const held = this.last.get(streamId)?.held ?? false
    const run: SequenceRun = { event, steps, startedAt: now, done: 0, pausedAt: held ? now : null }
    this.runs.set(streamId, { run, timer: undefined })
    this.schedule(streamId)
  }

  /** Tells the desk once the publication under way is done (never inside it). */
  private tell(streamId: string): void {
    queueMicrotask(() => this.ports.republish(streamId))
  }

  /** A timer for the next step due (steps due now run on the next turn, never inside the caller's action). */
  private schedule(streamId: string): void {
    const running = this.runs.get(streamId)
    if (!running) return
    clearTimeout(running.timer)
    running.timer = undefined
    const at = nextDue(running.run)
    if (at === null) return
    running.timer = setTimeout(() => this.step(streamId), Math.max(0, at - this.ports.clock.now()))
    running.timer.unref()
  }

  private step(streamId: string): void {
    const running = this.runs.get(streamId)
    if (!running) return
    const due = dueSteps(running.run, this.ports.clock.now())
    running.run = { ...running.run, done: running.run.done + due.length }
    this.finish(streamId, due)
  }

  /** Carries out steps in order, then tells the desk (the feed's hidden overlays, the run's state). */
  private finish(streamId: string, steps: readonly SequenceStep[]): void {
    const hidden = this.hiddenOf.get(streamId) ?? new Set<string>()
    this.hiddenOf.set(streamId, hidden)
    for (const step of steps) {
      if (step.action === 'scene') {
        const role = step.scene
        void this.ports.showScene(streamId, role).catch(log.failed(`showing the ${role} scene of a sequence`, 'debug'))
      } else if (step.action === 'replay') {
        const { at: _at, action: _action, ...press } = step
        void this.ports.replay(streamId, press).catch(log.failed('playing a sequence’s replay', 'debug'))
      } else if (step.action === 'show') hidden.delete(step.overlay)
      else hidden.add(step.overlay)
    }
    const running = this.runs.get(streamId)
    if (running && running.run.done >= running.run.steps.length) this.runs.delete(streamId)
    else this.schedule(streamId)
    this.ports.republish(streamId)
  }
}
