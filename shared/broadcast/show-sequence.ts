// Show sequences: timed steps (a scene, an overlay shown or hidden, an instant replay) run on an event of the show — a Take, a game's start
// or end, the match's end — with defaults from common practice, as text a producer edits ("+1.5 show scoreboard"), the
// events read off two feeds, and a run's timeline (what is due, what comes next, paused by Hold). Pure: the desk's
// runner keeps the timers.
import { z } from 'zod'
import type { Feed } from './feed'
import { OVERLAYS, type OverlayKind } from './overlays'
import { ReplayPress, REPLAY_SPEEDS } from './replay'

export const SEQUENCE_EVENTS = ['take', 'game-start', 'round-end', 'match-point', 'game-end', 'match-end'] as const
export const SequenceEvent = z.enum(SEQUENCE_EVENTS)
export type SequenceEvent = z.infer<typeof SequenceEvent>

/** How people read each event. */
export const EVENT_TITLES: Record<SequenceEvent, string> = {
  take: 'Take',
  'game-start': 'Game start',
  'round-end': 'Round end',
  'match-point': 'Match point',
  'game-end': 'Game end',
  'match-end': 'Match end',
}

/** A sequence's bounds: this many steps, this late at most (s), in tenths of a second. */
export const SEQUENCE_LIMITS = { steps: 20, seconds: 600 }

const OVERLAY_KINDS = OVERLAYS.map((o) => o.kind) as [OverlayKind, ...OverlayKind[]]
const At = z
  .number()
  .min(0, `a step's time: 0 to ${SEQUENCE_LIMITS.seconds} s`)
  .max(SEQUENCE_LIMITS.seconds, `a step's time: 0 to ${SEQUENCE_LIMITS.seconds} s`)
  .multipleOf(0.1, 'a step’s time: in tenths of a second')

export const SequenceStep = z.discriminatedUnion('action', [
  z.strictObject({ at: At, action: z.literal('scene'), scene: z.enum(['match', 'break', 'difficulties']) }),
  z.strictObject({ at: At, action: z.enum(['show', 'hide']), overlay: z.enum(OVERLAY_KINDS) }),
  // An instant replay: its own length and speed, or the stream's where it gives none.
  ReplayPress.extend({ at: At, action: z.literal('replay') }).strict(),
])
export type SequenceStep = z.infer<typeof SequenceStep>

export const SequenceSteps = z
  .array(SequenceStep)
  .max(SEQUENCE_LIMITS.steps, `a sequence: at most ${SEQUENCE_LIMITS.steps} steps`)
export const ShowSequences = z.record(SequenceEvent, SequenceSteps)
export type ShowSequences = Record<SequenceEvent, SequenceStep[]>

const scene = (at: number, name: 'match' | 'break'): SequenceStep => ({ at, action: 'scene', scene: name })
const show = (at: number, overlay: OverlayKind): SequenceStep => ({ at, action: 'show', overlay })
const hide = (at: number, overlay: OverlayKind): SequenceStep => ({ at, action: 'hide', overlay })

/**
 * What a stream runs until its producer edits it, as broadcasts commonly do: a Take goes to the match scene and brings
 * the scoreboard and casters back (a match end hid them); a game opens on the match scene with the scoreboard at +1.5 s
 * and the casters' lower third at +2 s, gone at +12 s; a game's end shows the score; the match's end holds the final
 * score 5 s, then the break.
 */
export const DEFAULT_SEQUENCES: ShowSequences = {
  take: [scene(0, 'match'), show(1.5, 'scoreboard'), show(2, 'casters')],
  'game-start': [scene(0, 'match'), show(1.5, 'scoreboard'), show(2, 'casters'), hide(12, 'casters')],
  // A round's end and a match point are the HUD's to show: nothing runs until the producer gives them steps.
  'round-end': [],
  'match-point': [],
  'game-end': [show(0, 'scoreboard')],
  'match-end': [show(0, 'scoreboard'), hide(0, 'casters'), scene(5, 'break')],
}

/** A step as a line of the editor: "+1.5 show scoreboard", "+5 scene break", "+0 replay 8s 50%". */
export function stepLine(step: SequenceStep): string {
  if (step.action === 'replay') {
    const parts = [step.seconds !== undefined && `${step.seconds}s`, step.speed !== undefined && `${step.speed}%`]
    return [`+${step.at} replay`, ...parts.filter(Boolean)].join(' ')
  }
  const target = step.action === 'scene' ? step.scene : step.overlay
  return `+${step.at} ${step.action} ${target}`
}

/** "+0 replay", "+0 replay 8s", "+0 replay 8s 50%": a replay step's line, read. */
const REPLAY_LINE = /^\+?(\d+(?:\.\d)?)\s*s?\s+replay(?:\s+(\d+)\s*s)?(?:\s+(\d+)\s*%)?$/i

export const stepsText = (steps: readonly SequenceStep[]): string => steps.map(stepLine).join('\n')

/** The editor's lines as steps, in time order; or the first line that is wrong, and why. */
export function parseSteps(text: string): { ok: true; steps: SequenceStep[] } | { ok: false; error: string } {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  if (lines.length > SEQUENCE_LIMITS.steps)
    return { ok: false, error: `at most ${SEQUENCE_LIMITS.steps} steps (one a line); this has ${lines.length}` }
  const steps: SequenceStep[] = []
  for (const [index, line] of lines.entries()) {
    const match = /^\+?(\d+(?:\.\d)?)\s*s?\s+(scene|show|hide)\s+([a-z0-9-]+)$/i.exec(line)
    const where = `line ${index + 1} (“${line.slice(0, 40)}”)`
    const replay = REPLAY_LINE.exec(line)
    if (replay) {
      const [, at, seconds, speed] = replay as unknown as [string, string, string | undefined, string | undefined]
      const step = SequenceStep.safeParse({
        at: Number(at),
        action: 'replay',
        ...(seconds !== undefined && { seconds: Number(seconds) }),
        ...(speed !== undefined && { speed: Number(speed) }),
      })
      if (!step.success)
        return {
          ok: false,
          error: `${where}: a replay is “+0 replay 8s 50%” (its seconds 0 to 600, its speed ${REPLAY_SPEEDS.join(', ')} %)`,
        }
      steps.push(step.data)
      continue
    }
    if (!match)
      return {
        ok: false,
        error: `${where}: write it as “+1.5 show scoreboard”, “+12 hide casters”, “+5 scene break” or “+0 replay 8s 50%”`,
      }
    const [, at, action, target] = match as unknown as [string, string, string, string]
    const raw = action.toLowerCase() === 'scene' ? { scene: target.toLowerCase() } : { overlay: target.toLowerCase() }
    const step = SequenceStep.safeParse({ at: Number(at), action: action.toLowerCase(), ...raw })
    if (!step.success) {
      const issue = step.error.issues[0]!
      const field = issue.path[0]
      const known =
        field === 'scene'
          ? 'a scene is match, break or difficulties'
          : field === 'overlay'
            ? `an overlay is one of ${OVERLAY_KINDS.join(', ')}`
            : issue.message
      return { ok: false, error: `${where}: ${known}` }
    }
    steps.push(step.data)
  }
  return { ok: true, steps: steps.sort((a, b) => a.at - b.at) }
}

/** Games decided so far: the feed's games with a winner, or in a best-of the scores (games won); else none known. */
function gamesDecided(feed: Feed): number {
  const onAir = feed.onAir
  if (!onAir) return 0
  if (onAir.games) return onAir.games.filter((game) => game.winner !== null).length
  return onAir.bestOf ? onAir.opponents.reduce((sum, o) => sum + (o.score ?? 0), 0) : 0
}

/**
 * The game being played: the first without a winner that has its map, a pick, or rounds (a game without maps, as
 * Rocket League, starts with its 0–0), else none.
 */
function gameUnderway(feed: Feed): number | null {
  const games = feed.onAir?.games ?? []
  const index = games.findIndex(
    (g) => g.winner === null && (g.map !== null || g.picks.some((p) => p !== null) || !!g.rounds),
  )
  return index < 0 ? null : index
}

/** Rounds played so far in the feed's game at `index` (none where it has no rounds). */
function roundsPlayed(feed: Feed, index: number): number {
  const rounds = feed.onAir?.games?.[index]?.rounds
  return rounds ? rounds[0] + rounds[1] : 0
}

/**
 * The side one round from winning the match in a feed's game at `index`: one round short of the rounds to win this
 * game (where the game told them), and this game would give it the games to win the best-of; null: none.
 */
function matchPointSide(feed: Feed, index: number): 0 | 1 | null {
  const onAir = feed.onAir!
  const game = onAir.games?.[index]
  if (!game?.rounds || !game.toWin) return null
  const needed = onAir.bestOf ? Math.ceil(onAir.bestOf / 2) : 1
  const side = ([0, 1] as const).find(
    (s) => game.rounds![s] === game.toWin! - 1 && (onAir.opponents[s]?.score ?? 0) + 1 >= needed,
  )
  return side ?? null
}

/**
 * What happened to the match on air between two feeds of a stream, for its sequences: the match's end (its result in,
 * or a side with the games to win a best-of), a game's end (a game decided short of that), a game's start (the next
 * game given its map or picks), a round's end (the game being played has more rounds played, nothing else happened)
 * and, after it, a match point (a side now one round from winning the match).
 * A Take is the desk's to say (it knows one from a feed published again after a start).
 */
export function sequenceEvents(before: Feed | undefined, after: Feed): SequenceEvent[] {
  const onAir = after.onAir
  if (!onAir || !before || before.onAir?.id !== onAir.id) return []
  const was = before.onAir
  const needed = onAir.bestOf ? Math.ceil(onAir.bestOf / 2) : null
  const ended = (feed: Feed) =>
    feed.onAir!.status === 'completed' ||
    (needed !== null && feed.onAir!.opponents.some((o) => (o.score ?? 0) >= needed))
  if (ended(after) && !ended(before)) return ['match-end']
  const events: SequenceEvent[] = []
  if (gamesDecided(after) > gamesDecided(before)) events.push('game-end')
  const game = gameUnderway(after)
  if (game !== null && game !== gameUnderway(before) && was.status !== 'completed') events.push('game-start')
  if (events.length === 0 && game !== null && roundsPlayed(after, game) > roundsPlayed(before, game)) {
    events.push('round-end')
    const point = matchPointSide(after, game)
    if (point !== null && point !== matchPointSide(before, game)) events.push('match-point')
  }
  return events
}

/** One sequence running on a stream. */
export interface SequenceRun {
  event: SequenceEvent
  steps: SequenceStep[]
  /** When it started (epoch ms), moved on by the time it spent paused. */
  startedAt: number
  /** Steps done so far (the first `done` of `steps`). */
  done: number
  /** When Hold paused it (epoch ms), or null while it runs. */
  pausedAt: number | null
}

/** The steps due at `now` (none while paused): those not done whose time has come. */
export function dueSteps(run: SequenceRun, now: number): SequenceStep[] {
  if (run.pausedAt !== null) return []
  return run.steps.slice(run.done).filter((step) => run.startedAt + step.at * 1000 <= now)
}

/** When the next step is due (epoch ms), or null when none is left or the run is paused. */
export function nextDue(run: SequenceRun): number | null {
  const next = run.steps[run.done]
  return next && run.pausedAt === null ? run.startedAt + next.at * 1000 : null
}

/** Paused (Hold) or resumed: a resumed run's steps come as late as it stood still. */
export function paused(run: SequenceRun, pause: boolean, now: number): SequenceRun {
  if (pause === (run.pausedAt !== null)) return run
  return pause
    ? { ...run, pausedAt: now }
    : { ...run, pausedAt: null, startedAt: run.startedAt + (now - run.pausedAt!) }
}

/** What the desk and Companion show of a stream's run. */
export const SequenceState = z.object({
  event: SequenceEvent,
  /** The next step, in words ("show scoreboard"), and when it is due (epoch ms; null while paused). */
  next: z.string().nullable(),
  dueAt: z.number().nullable(),
  left: z.number().int().min(0),
  paused: z.boolean(),
})
export type SequenceState = z.infer<typeof SequenceState>

export function sequenceState(run: SequenceRun): SequenceState {
  const next = run.steps[run.done]
  return {
    event: run.event,
    next: next ? stepLine(next).replace(/^\+\S+ /, '') : null,
    dueAt: nextDue(run),
    left: run.steps.length - run.done,
    paused: run.pausedAt !== null,
  }
}
