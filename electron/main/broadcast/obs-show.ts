// What a stream's OBS should show, decided without touching OBS: from the feed, what the stream's OBS was last brought
// to, its settings and the time, the scene to switch to now (if any) and when the break scene is due. Pure: the OBS
// target runs the switch and the timer.
import type { Feed } from '../../../shared/broadcast/feed'
import type { ObsSettings } from '../../../shared/broadcast/obs'

/** What a stream's OBS was brought to: the match it shows, its result, the break. */
export interface ShowState {
  onAirId: string | null
  /** When the match on air was first seen finished (epoch ms; -Infinity: before this link knew it). */
  finishedAt: number | null
  breakShown: boolean
  /** The scene Matchdesk (or the producer through it) last chose: what a reconnected OBS returns to. */
  chosenScene: string | null
}

export const NOTHING_SHOWN: ShowState = { onAirId: null, finishedAt: null, breakShown: false, chosenScene: null }

export interface ShowPlan {
  state: ShowState
  /** The scene to switch to now, or null to leave the scene as it is. */
  scene: string | null
  /** A break coming for the match before must not come (another match, or its result taken back). */
  cancelBreak: boolean
  /** When the break scene is due (epoch ms), for a timer to bring it; null when none is to come. */
  breakAt: number | null
}

type BreakSettings = Pick<ObsSettings, 'breakScene' | 'breakAfterSeconds'>

/** Whether the break's delay after the result has passed. */
export function breakDue(state: ShowState, settings: BreakSettings, now: number): boolean {
  const { breakScene, breakAfterSeconds } = settings
  return (
    state.finishedAt !== null &&
    breakScene !== null &&
    breakAfterSeconds > 0 &&
    now - state.finishedAt >= breakAfterSeconds * 1000
  )
}

/**
 * The show for a published feed: the match scene on a change of match (the break scene when its result is long
 * in), and when catching up after a (re)connection the scene chosen last or the one the match's state calls for; the
 * break once the delay after the result has passed, for the same match.
 */
export function planShow(
  before: ShowState,
  feed: Feed,
  settings: Pick<ObsSettings, 'matchScene'> & BreakSettings,
  now: number,
  catchingUp: boolean,
): ShowPlan {
  const onAir = feed.onAir
  const state = { ...before }
  const newMatch = (onAir?.id ?? null) !== state.onAirId
  let cancelBreak = false
  if (newMatch) {
    state.onAirId = onAir?.id ?? null
    state.finishedAt = null
    state.breakShown = false
    cancelBreak = true
  }
  if (onAir?.status !== 'completed') {
    state.finishedAt = null
    cancelBreak = true
  } else if (state.finishedAt === null) {
    // A result this link saw come in starts the delay; one it finds already there (a restart) is past it.
    state.finishedAt = catchingUp && newMatch ? -Infinity : now
  }
  const due = breakDue(state, settings, now)
  let scene: string | null = null
  if (newMatch && onAir) scene = due ? settings.breakScene : settings.matchScene
  else if (catchingUp && onAir) scene = state.chosenScene ?? (due ? settings.breakScene : settings.matchScene)
  if (scene) state.chosenScene = scene
  if (scene && scene === settings.breakScene) state.breakShown = true
  return { state, scene, cancelBreak, breakAt: breakAt(state, settings) }
}

/** When the break is due for what is shown, or null when none is to come (shown already, no break, no result). */
function breakAt(state: ShowState, { breakScene, breakAfterSeconds }: BreakSettings): number | null {
  if (!breakScene || breakAfterSeconds === 0 || state.finishedAt === null || state.breakShown) return null
  return state.finishedAt + breakAfterSeconds * 1000
}

/** The break's time has come: it shows only for the same match, still finished, not held, not shown yet. */
export function breakStillDue(
  state: ShowState,
  feed: Feed | undefined,
  held: boolean,
  matchId: string | null,
): boolean {
  const onAir = feed?.onAir
  return !held && !state.breakShown && onAir?.id === matchId && onAir?.status === 'completed'
}
