// VOD chapters as YouTube reads them: 0:00 first, each at least ten seconds, a Take put right is one chapter.
import { describe, expect, it } from 'vitest'
import { chapterLines, chaptersOf, vodChapters, type OnAirEntry } from './vod-chapters'

const START = Date.UTC(2026, 10, 27, 18, 0, 0)
const at = (seconds: number, title: string): OnAirEntry => ({ at: START + seconds * 1000, title })

describe('VOD chapters', () => {
  it('start with the intro and give each Take and break its time from the start', () => {
    const entries = [
      at(751, 'Winners round 3 · match 2: A vs B'),
      at(1900, 'Break'),
      at(2200, 'Losers round 1 · match 1: C vs D'),
    ]
    expect(vodChapters(entries, START).text).toBe(
      [
        '00:00 Intro',
        '12:31 Winners round 3 · match 2: A vs B',
        '31:40 Break',
        '36:40 Losers round 1 · match 1: C vs D',
      ].join('\n'),
    )
  })

  it('let a Take in the first ten seconds be the first chapter, and leave out what went on air before the start', () => {
    const entries = [at(-300, 'Earlier: E vs F'), at(4, 'Grand final: A vs B'), at(600, 'Break')]
    expect(chaptersOf(entries, START)).toEqual([
      { offset: 0, title: 'Grand final: A vs B' },
      { offset: 600, title: 'Break' },
    ])
  })

  it('give a Take put right within ten seconds its start, and merge a title that comes back', () => {
    const entries = [
      at(100, 'Wrong match: X vs Y'),
      at(106, 'Right match: A vs B'),
      at(400, 'Break'),
      at(405, 'Right match: A vs B'),
    ]
    expect(chaptersOf(entries, START)).toEqual([
      { offset: 0, title: 'Intro' },
      { offset: 100, title: 'Right match: A vs B' },
    ])
  })

  it('write hours on every line once the video passes an hour', () => {
    const lines = chapterLines([
      { offset: 0, title: 'Intro' },
      { offset: 59 * 60 + 59, title: 'A' },
      { offset: 3723, title: 'B' },
    ])
    expect(lines).toBe('0:00:00 Intro\n0:59:59 A\n1:02:03 B')
  })

  it('keep each title on one line and bounded, right-to-left names as they are', () => {
    const rtl = 'محمد عبد الرحمن الشمري القحطاني العتيبي'
    const [, chapter] = chaptersOf([at(60, `Pools · match 1:\n${rtl}\u0000 vs ${'W'.repeat(200)}`)], START)
    expect(chapter!.title.startsWith(`Pools · match 1: ${rtl} vs W`)).toBe(true)
    expect(chapter!.title).toHaveLength(100)
    expect(chapter!.title.endsWith('…')).toBe(true)
  })

  it('say why YouTube would not show them: no start marked, fewer than three', () => {
    expect(vodChapters([at(60, 'A')], null)).toMatchObject({ chapters: [], text: '' })
    expect(vodChapters([at(60, 'A')], null).problems[0]).toMatch(/Mark the stream’s start/)
    expect(vodChapters([at(60, 'A')], START).problems).toEqual([
      'YouTube shows chapters from 3 on; this stream has 2 so far.',
    ])
    expect(vodChapters([at(60, 'A'), at(120, 'Break')], START).problems).toEqual([])
  })

  it('lay the highlights over them: a game won is a chapter where it has room, a replay is listed under them', () => {
    const entries = [at(60, 'Grand final: A vs B'), at(1800, 'Break')]
    const highlights = [
      { ...at(900, 'Game 1 · Ancient: A 13–9'), moment: false },
      { ...at(905, 'Replay · A vs B'), moment: true },
      // Five seconds before the break: no room for a chapter, so it is listed.
      { ...at(1795, 'Game 2 · Nuke: B 13–11'), moment: false },
      { ...at(-30, 'Replay before the start'), moment: true },
    ]
    const vod = vodChapters(entries, START, highlights)
    expect(vod.chapters).toEqual([
      { offset: 0, title: 'Intro' },
      { offset: 60, title: 'Grand final: A vs B' },
      { offset: 900, title: 'Game 1 · Ancient: A 13–9' },
      { offset: 1800, title: 'Break' },
    ])
    expect(vod.highlights).toEqual([
      { offset: 905, title: 'Replay · A vs B' },
      { offset: 1795, title: 'Game 2 · Nuke: B 13–11' },
    ])
    expect(vod.text).toBe(
      [
        '00:00 Intro',
        '01:00 Grand final: A vs B',
        '15:00 Game 1 · Ancient: A 13–9',
        '30:00 Break',
        '',
        'Highlights',
        '15:05 Replay · A vs B',
        '29:55 Game 2 · Nuke: B 13–11',
      ].join('\n'),
    )
  })
})
