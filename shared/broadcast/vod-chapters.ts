// A stream's VOD chapters from what went on air and when, in YouTube's description format ("00:00 Intro",
// "12:31 Winners round 3 · match 2: A vs B"), with its highlights (replays, games won): a game won is a chapter where
// YouTube's rules leave it room, and every other highlight is listed under the chapters. Pure, so the desk, Companion
// and tests read the same list.
import { z } from 'zod'

/** One thing that went on air on a stream: a match taken, a break, technical difficulties. */
export interface OnAirEntry {
  /** When it went on air (epoch ms). */
  at: number
  title: string
  /** A highlight that is a moment, not a part of the video (a replay): listed, never a chapter. */
  moment?: boolean
}

export const Chapter = z.object({
  /** Seconds from the stream's start. */
  offset: z.number().int().min(0),
  title: z.string(),
})
export type Chapter = z.infer<typeof Chapter>

export const VodChapters = z.object({
  /** The start the producer marked (epoch ms), or null before one is marked. */
  startAt: z.number().nullable(),
  chapters: z.array(Chapter),
  /** The highlights that are not chapters (replays, and games won too close to a chapter), in time order. */
  highlights: z.array(Chapter).default([]),
  /** The chapters as lines for a video's description, the highlights listed under them. */
  text: z.string(),
  /** What keeps YouTube from showing the list as chapters, in words; empty when nothing does. */
  problems: z.array(z.string()),
})
export type VodChapters = z.infer<typeof VodChapters>

/** YouTube's rules for chapters: the first at 0:00, at least three, each at least ten seconds long. */
export const CHAPTERS_MIN = 3
export const CHAPTER_MIN_SECONDS = 10
/** What the time before the first thing on air is called. */
export const INTRO_TITLE = 'Intro'
/** A chapter's title as it goes into a description: one line, this long at most. */
export const CHAPTER_TITLE_MAX = 100

/** One line, no control characters, no longer than the description can sensibly hold. */
function oneLine(title: string): string {
  const line = title
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > CHAPTER_TITLE_MAX ? `${line.slice(0, CHAPTER_TITLE_MAX - 1)}…` : line
}

/**
 * The chapters from a start: "Intro" at 0:00 until the first entry (an entry in the first ten seconds takes 0:00
 * itself), one chapter per entry after, the same title twice in a row once, and a chapter shorter than ten seconds
 * (a Take put right) giving its place and start to the one after it. Entries before the start are not chapters.
 */
export function chaptersOf(entries: readonly OnAirEntry[], startAt: number): Chapter[] {
  const chapters: Chapter[] = [{ offset: 0, title: INTRO_TITLE }]
  const after = entries.filter((entry) => entry.at >= startAt).sort((a, b) => a.at - b.at)
  for (const entry of after) {
    const offset = Math.floor((entry.at - startAt) / 1000)
    const title = oneLine(entry.title) || INTRO_TITLE
    const last = chapters[chapters.length - 1]!
    if (offset - last.offset < CHAPTER_MIN_SECONDS) {
      last.title = title
    } else chapters.push({ offset, title })
    // A title that came back to the one before it is one chapter, begun where the earlier began.
    const before = chapters[chapters.length - 2]
    if (before && before.title === chapters[chapters.length - 1]!.title) chapters.pop()
  }
  return chapters
}

/** "12:31" under an hour, "1:02:03" from one; every line in one form, as the longest needs. */
export function chapterTime(offset: number, withHours: boolean): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  const hours = Math.floor(offset / 3600)
  const minutes = Math.floor((offset % 3600) / 60)
  const seconds = offset % 60
  return withHours ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`
}

/** The chapters as a video description's lines. */
export function chapterLines(chapters: readonly Chapter[]): string {
  const withHours = chapters.some((chapter) => chapter.offset >= 3600)
  return chapters.map((chapter) => `${chapterTime(chapter.offset, withHours)} ${chapter.title}`).join('\n')
}

/** What the highlights' list is headed with in a description. */
export const HIGHLIGHTS_TITLE = 'Highlights'

/**
 * The highlights laid over the chapters: a game won becomes a chapter where it begins at least ten seconds after the
 * chapter before it and ends ten seconds or more before the next; a replay (a moment), and a game won with no room,
 * is listed instead.
 */
export function withHighlights(
  chapters: readonly Chapter[],
  highlights: readonly OnAirEntry[],
  startAt: number,
): { chapters: Chapter[]; listed: Chapter[] } {
  const merged = [...chapters]
  const listed: Chapter[] = []
  const after = highlights.filter((h) => h.at >= startAt).sort((a, b) => a.at - b.at)
  for (const highlight of after) {
    const offset = Math.floor((highlight.at - startAt) / 1000)
    const title = oneLine(highlight.title)
    if (!title) continue
    const next = merged.findIndex((chapter) => chapter.offset > offset)
    const before = merged[(next < 0 ? merged.length : next) - 1]
    const room =
      !highlight.moment &&
      before !== undefined &&
      offset - before.offset >= CHAPTER_MIN_SECONDS &&
      (next < 0 || merged[next]!.offset - offset >= CHAPTER_MIN_SECONDS)
    if (room) merged.splice(next < 0 ? merged.length : next, 0, { offset, title })
    else listed.push({ offset, title })
  }
  return { chapters: merged, listed }
}

/** A stream's chapters, its highlights, and what YouTube would say of them; none until a start is marked. */
export function vodChapters(
  entries: readonly OnAirEntry[],
  startAt: number | null,
  highlights: readonly OnAirEntry[] = [],
): VodChapters {
  if (startAt === null)
    return {
      startAt,
      chapters: [],
      highlights: [],
      text: '',
      problems: ['Mark the stream’s start when it goes live: chapters count from it.'],
    }
  const { chapters, listed } = withHighlights(chaptersOf(entries, startAt), highlights, startAt)
  const problems =
    chapters.length < CHAPTERS_MIN
      ? [`YouTube shows chapters from ${CHAPTERS_MIN} on; this stream has ${chapters.length} so far.`]
      : []
  // The highlights' times in the chapters' form, so the description reads as one list.
  const withHours = [...chapters, ...listed].some((chapter) => chapter.offset >= 3600)
  const lines = (list: readonly Chapter[]) =>
    list.map((chapter) => `${chapterTime(chapter.offset, withHours)} ${chapter.title}`).join('\n')
  const text = listed.length ? `${lines(chapters)}\n\n${HIGHLIGHTS_TITLE}\n${lines(listed)}` : lines(chapters)
  return { startAt, chapters, highlights: listed, text, problems }
}
