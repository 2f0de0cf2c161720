// The preset keys read on a 72-pixel key as Companion draws them: a key of fixed words has a fixed text size (never
// 'auto', which split one-word keys mid-word: "RELE/ASE", "UND/O"), every word short enough for a line at it; a key
// that shows names is sized by Companion; and the on-air key reads "A / vs / B" before the first point, not a lone
// dash between two names.
import { describe, expect, it } from 'vitest'
import { KEY_CHARACTERS, presetDefinitions } from './presets'
import { ShowState } from './show-state'
import { variableValues } from './variables'

const show = new ShowState()
show.applyStream({
  streamId: 's1',
  onAir: 'm1',
  next: [],
  held: false,
  staged: [],
  feed: {
    stream: { id: 's1', name: 'Main stage' },
    tournament: { id: 't', name: 'Cup' },
    onAir: { id: 'm1', label: 'Final', decided: false, bestOf: 3, opponents: [] },
    next: [],
  },
  fields: { 'left-name': 'Ghent Vipers', 'right-name': 'Brno Bears', 'left-score': '', 'right-score': '' },
})

describe('the preset keys', () => {
  it('give fixed words a fixed size, and no word too long for a line at it', () => {
    const presets = Object.values(presetDefinitions(show, 'matchdesk')) as { style: { text: string; size: unknown } }[]
    const fixed = presets.filter(({ style }) => !style.text.includes('$('))
    expect(fixed.length).toBeGreaterThan(6)
    for (const { style } of presets.filter(({ style }) => style.text.includes('$('))) expect(style.size).toBe('auto')
    for (const { style } of fixed) {
      expect(Object.keys(KEY_CHARACTERS).map(Number)).toContain(style.size)
      const most = KEY_CHARACTERS[style.size as keyof typeof KEY_CHARACTERS]
      const words = style.text
        .replace(/\$\([^)]*\)/g, '')
        .split(/\\n|\s+/)
        .filter(Boolean)
      for (const word of words) expect([word, word.length <= most]).toEqual([word, true])
    }
  })

  it('reads the on-air score as “vs” before the first point, and as the score after', () => {
    expect(variableValues(show)['ss1_score_line']).toBe('vs')
    show.applyStream({ ...show.streams.get('s1')!, fields: { 'left-score': '1', 'right-score': '0' }, revision: 2 })
    expect(variableValues(show)['ss1_score_line']).toBe('1 – 0')
  })
})
