// How the desk and the overlays say when a match is expected: "on stream in ~12 min", "now", or a day and a time.
const MINUTE = 60_000

/** "on stream in ~12 min" from an estimated start; "next up" when due; null when nothing is known. */
export function onStreamIn(estimatedStart: string | null, now = Date.now()): string | null {
  if (!estimatedStart) return null
  const minutes = Math.round((Date.parse(estimatedStart) - now) / MINUTE)
  if (minutes <= 1) return 'next up'
  return minutes < 90 ? `on stream in ~${minutes} min` : `on stream in ~${Math.round(minutes / 60)} h`
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
