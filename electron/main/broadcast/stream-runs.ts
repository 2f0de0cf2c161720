// Which desk runs each stream of a shared venue, as the producer's desk asks it: a stream another desk runs is shown
// as that desk published it (its state, and its desk underneath, read from the LAN and so checked here), and this desk
// claims a stream by acting on it. What the shared venue holds of a stream's desk is defined here, and read from and
// written into this desk's own.
import { z } from 'zod'
import { Casters, PressedBy, ScoreSource, StreamState } from '../../../shared/broadcast/feed'
import { LiveLayer, LivePress } from '../../../shared/broadcast/live-layer'
import type { OfflineSession } from '../services/offline-session'

/** The most presses a shared journal carries (a best-of-7 pressed on for hours stays far under it). */
const JOURNAL_MOST = 5000
/** The most matches a queue holds (the desk's own bound). */
const QUEUE_MOST = 1000

/** What another desk needs to go on where this one left a stream: its desk beside what it shows. */
export const SharedDesk = z.object({
  takenAt: z.number().nullable(),
  scores: ScoreSource,
  heldBefore: z.boolean(),
  order: z.array(z.string().max(200)).max(QUEUE_MOST),
  casters: Casters,
  /** The on-air match's live layer: its seed and every press since. */
  live: z
    .object({
      seed: LiveLayer,
      journal: z
        .array(z.object({ at: z.number(), by: PressedBy, press: LivePress, undone: z.boolean() }))
        .max(JOURNAL_MOST),
    })
    .nullable(),
})
export type SharedDesk = z.infer<typeof SharedDesk>

/** A stream's desk as the shared venue carries it: what the desk running it shows, and its desk. */
export const SharedStream = z.object({ state: StreamState, desk: SharedDesk })
export type SharedStream = z.infer<typeof SharedStream>

/** A stream another desk runs: that desk's name, and what it published last. */
export interface RunElsewhere extends SharedStream {
  by: string
}

export interface StreamRuns {
  /** The stream as the desk running it published it, when that is another desk (null: this desk, or nobody yet). */
  elsewhere(streamId: string): RunElsewhere | null
  /** This desk runs the stream from now on. */
  claim(streamId: string): void
}

/** This desk's desk of a stream, as the shared venue carries it for the other desks. */
export function sharedDeskOf(session: OfflineSession, streamId: string): SharedDesk {
  const desk = session.producer.desk(streamId)
  const live = desk.onAir ? session.liveLayers.kept(streamId, desk.onAir) : undefined
  return {
    takenAt: desk.takenAt,
    scores: desk.scores,
    heldBefore: desk.heldBefore,
    order: session.producer.order(streamId),
    casters: session.producer.casters(streamId),
    live: live ?? null,
  }
}

/** Another desk's desk of a stream written into this desk's own (what it showed is then published as shown). */
export function adoptDesk(session: OfflineSession, streamId: string, { state, desk }: RunElsewhere, now: number): void {
  const store = session.producer
  store.setOnAir(streamId, state.onAir, desk.takenAt ?? now)
  store.setOrder(streamId, desk.order)
  store.setCasters(streamId, desk.casters)
  store.setScores(streamId, desk.scores)
  store.setDifficulties(streamId, state.difficulties, desk.heldBefore)
  store.setHeld(streamId, state.held)
  if (desk.live) session.liveLayers.adopt(streamId, desk.live.seed, desk.live.journal)
}
