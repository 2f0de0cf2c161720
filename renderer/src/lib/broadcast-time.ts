// How the desk and the overlays say when a match is expected: "next up", "on stream in ~12 min", or a day and a time.
import type { FeedMatch } from '../../../shared/broadcast/feed'

const MINUTE = 60_000

const inMinutes = (minutes: number) =>
  minutes < 90 ? `on stream in ~${minutes} min` : `on stream in ~${Math.round(minutes / 60)} h`

/**
 * When each queued match of a stream is expected, said in queue order, the same in the desk and the up-next overlay:
 * the match Take next would take (the first decided one) is "next up"; a match still waiting for its opponents is "to
 * be decided"; every later one "on stream in ~N min", never sooner than the one before it (nor than 2 min); null where
 * nothing is known.
 */
export function queueTimes(
  queue: readonly Pick<FeedMatch, 'estimatedStart' | 'decided'>[],
  now = Date.now(),
): (string | null)[] {
  let nextUp = false
  let floor = 2
  return queue.map((match) => {
    if (!match.decided) return 'to be decided'
    if (!nextUp) {
      nextUp = true
      return 'next up'
    }
    if (!match.estimatedStart) return null
    floor = Math.max(floor, Math.round((Date.parse(match.estimatedStart) - now) / MINUTE))
    return inMinutes(floor)
  })
}

/** "Sun 22 Nov, 15:30": a scheduled time with its day, in the viewer's time zone. */
export function dayAndTime(iso: string | null): string {
  if (!iso) return 'not scheduled'
  return new Date(iso).toLocaleString([], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  })
}
