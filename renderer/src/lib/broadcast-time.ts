// How the desk says when a match is scheduled: a day and a time (when a queued match is expected is said by
// shared/broadcast/words, the same in the desk and the overlays).

/** One formatter for every time the desk shows (making one is slow; a desk shows hundreds). */
const DAY_AND_TIME = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
})

/** "Sun 22 Nov, 15:30": a scheduled time with its day, in the viewer's time zone. */
export function dayAndTime(iso: string | null): string {
  if (!iso) return 'not scheduled'
  return DAY_AND_TIME.format(new Date(iso))
}
