// Sponsors: the venue's slots of images (their bounds and the fields a producer fills in), the rotation the sponsor
// overlay and the break screen show (each slot its seconds in turn, from one start, so every screen shows the same
// one), the time each slot had on air over a span, and when a stream has a sponsor on air. Pure: the desk keeps the
// images and counts the airtime.
import { z } from 'zod'
import type { Feed } from './feed'
import { csvTable } from '../text/csv'

/** A sponsor list's bounds: slots, name, seconds a turn, the image's bytes (decoded) and its pixels a side. */
export const SPONSOR_LIMITS = {
  count: 24,
  nameChars: 60,
  seconds: { min: 3, max: 300, default: 10 },
  imageBytes: 2 * 1024 * 1024,
  imagePixels: 4096,
} as const

/** The image formats a sponsor's slot takes, known by their first bytes (never by a file's name). */
export const SPONSOR_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export type SponsorImageType = (typeof SPONSOR_IMAGE_TYPES)[number]

const { seconds: SECONDS, nameChars: NAME_CHARS } = SPONSOR_LIMITS

/** What a producer fills in for a slot: the sponsor's name (read aloud and kept in the report) and its seconds a turn. */
export const SponsorFields = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, 'name: required')
    .max(NAME_CHARS, `name: at most ${NAME_CHARS} characters`)
    .regex(/^[^\p{Cc}]*$/u, 'name: no control characters'),
  seconds: z
    .number()
    .int('seconds: whole seconds')
    .min(SECONDS.min, `seconds: ${SECONDS.min} to ${SECONDS.max}`)
    .max(SECONDS.max, `seconds: ${SECONDS.min} to ${SECONDS.max}`),
})
export type SponsorFields = z.infer<typeof SponsorFields>

/** An image as the page sends it: base64 of at most the image's bound (checked again, decoded, by main). */
export const SponsorImageInput = z
  .string()
  .max(Math.ceil(SPONSOR_LIMITS.imageBytes / 3) * 4, `image: at most ${SPONSOR_LIMITS.imageBytes / 1024 / 1024} MB`)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'image: base64 of a PNG, JPEG or WebP file')

/** A slot as the desk lists it. */
export const Sponsor = z.object({
  id: z.string(),
  name: z.string(),
  seconds: z.number().int(),
  type: z.enum(SPONSOR_IMAGE_TYPES),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
})
export type Sponsor = z.infer<typeof Sponsor>

/** One slot of the rotation as overlays read it: the image's address on the hub (same origin) and its size. */
export const SponsorSlot = z.object({
  id: z.string(),
  name: z.string(),
  seconds: z.number().int().min(1),
  image: z.string(),
  width: z.number().int(),
  height: z.number().int(),
})
export type SponsorSlot = z.infer<typeof SponsorSlot>

/** The rotation: slots in order, each its seconds in turn, round and round from `epoch` (epoch ms). */
export const SponsorRotation = z.object({
  epoch: z.number(),
  slots: z.array(SponsorSlot).min(1).max(SPONSOR_LIMITS.count),
})
export type SponsorRotation = z.infer<typeof SponsorRotation>

const cycleMs = (rotation: SponsorRotation) => rotation.slots.reduce((sum, slot) => sum + slot.seconds * 1000, 0)
/** Where in a cycle `at` falls (also before the epoch). */
const phaseOf = (rotation: SponsorRotation, at: number) => {
  const cycle = cycleMs(rotation)
  return (((at - rotation.epoch) % cycle) + cycle) % cycle
}

/** The slot on screen at `at`, its place, and when its turn ends. */
export function sponsorAt(rotation: SponsorRotation, at: number): { slot: SponsorSlot; index: number; endsAt: number } {
  const phase = phaseOf(rotation, at)
  let start = 0
  for (const [index, slot] of rotation.slots.entries()) {
    const end = start + slot.seconds * 1000
    if (phase < end) return { slot, index, endsAt: at + (end - phase) }
    start = end
  }
  // Unreachable: the phase is inside the cycle.
  return { slot: rotation.slots[0]!, index: 0, endsAt: at }
}

/** How long (ms) each slot was on screen from `from` to `to`: whole cycles at once, then the turns left one by one. */
export function airtimeBetween(rotation: SponsorRotation, from: number, to: number): Map<string, number> {
  const shares = new Map<string, number>()
  const add = (id: string, ms: number) => ms > 0 && shares.set(id, (shares.get(id) ?? 0) + ms)
  if (to <= from) return shares
  const cycle = cycleMs(rotation)
  const cycles = Math.floor((to - from) / cycle)
  if (cycles > 0) for (const slot of rotation.slots) add(slot.id, cycles * slot.seconds * 1000)
  let at = from + cycles * cycle
  while (at < to) {
    const { slot, endsAt } = sponsorAt(rotation, at)
    const until = Math.min(endsAt, to)
    add(slot.id, until - at)
    at = until
  }
  return shares
}

/** What a stream's sponsor surfaces are doing now, for `sponsorOnAir`. */
export interface SponsorSurfaces {
  /** Overlay sources following the stream, by kind (the desk's `sources`). */
  sources: Readonly<Record<string, number>>
  /** What the stream publishes now: its hidden overlays and the technical-difficulties key. */
  feed: Pick<Feed, 'hidden' | 'difficulties'> | undefined
  /** Which of the stream's scenes OBS shows ("other" for one that is none of them); null without OBS connected. */
  obs: 'match' | 'break' | 'difficulties' | 'other' | null
  /** The stream's overlays OBS's program shows (its browser sources); null without OBS, or not known yet. */
  obsOverlays?: ReadonlySet<string> | null
}

/**
 * Whether a stream has a sponsor on air: with an OBS connected whose program is known, what that program shows (the
 * sponsor overlay, or the break screen, not hidden); else a sponsor overlay open and not hidden, or the break screen
 * open while OBS shows the break scene (or, with no OBS connected to the desk, while it is open at all). Never while
 * the technical-difficulties key is down.
 */
export function sponsorOnAir({ sources, feed, obs, obsOverlays }: SponsorSurfaces): boolean {
  if (feed?.difficulties || obs === 'difficulties') return false
  if (obs !== null && obsOverlays)
    return ['sponsors', 'break'].some((kind) => obsOverlays.has(kind) && !feed?.hidden.includes(kind))
  const open = (kind: string) => (sources[kind] ?? 0) > 0 && !feed?.hidden.includes(kind)
  return open('sponsors') || (open('break') && (obs === null || obs === 'break'))
}

/** One line of the airtime report: a sponsor's seconds on air on one stream. */
export const AirtimeLine = z.object({
  sponsorId: z.string(),
  sponsor: z.string(),
  streamId: z.string(),
  stream: z.string(),
  seconds: z.number().int().min(0),
})
export type AirtimeLine = z.infer<typeof AirtimeLine>

/** The airtime report: every sponsor's seconds per stream, counted since `since` (epoch ms; null before any). */
export const AirtimeReport = z.object({ since: z.number().nullable(), lines: z.array(AirtimeLine) })
export type AirtimeReport = z.infer<typeof AirtimeReport>

/** "1:02:05", "4:07": seconds as people read a duration. */
export function durationText(seconds: number): string {
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
  const two = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`
}

/** The report as CSV: one line per sponsor and stream, seconds and the same as a duration, then each sponsor's total. */
export function airtimeCsv(report: AirtimeReport): string {
  const totals = new Map<string, { sponsor: string; seconds: number }>()
  for (const line of report.lines) {
    const total = totals.get(line.sponsorId) ?? { sponsor: line.sponsor, seconds: 0 }
    totals.set(line.sponsorId, { ...total, seconds: total.seconds + line.seconds })
  }
  const rows = [
    ...report.lines.map((line) => [line.sponsor, line.stream, line.seconds, durationText(line.seconds)]),
    ...[...totals.values()].map((total) => [total.sponsor, 'All streams', total.seconds, durationText(total.seconds)]),
  ]
  return csvTable(['sponsor', 'stream', 'seconds_on_air', 'duration'], rows)
}
