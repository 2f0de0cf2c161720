// Names with hidden characters: found by what people see, shown without reordering their neighbours, and marked.
import { describe, expect, it } from 'vitest'
import { hasHidden, isolate, withoutHidden } from './hidden-characters'

describe('hidden characters in names', () => {
  it('are found: bidi controls, zero-width and format characters', () => {
    for (const char of ['\u202A', '\u202E', '\u2066', '\u2069', '\u200B', '\u200D', '\u2060', '\uFEFF'])
      expect(hasHidden(`Kai${char}ro`), char.codePointAt(0)!.toString(16)).toBe(true)
    expect(hasHidden('Kairo Frost')).toBe(false)
    expect(hasHidden('علي الحسن')).toBe(false)
    // A zero-width joiner that binds two emoji is part of the picture; between letters it hides.
    expect(hasHidden('👩‍🚀 Ana')).toBe(false)
    expect(hasHidden('An\u200Da')).toBe(true)
  })

  it('are taken out for comparing and searching', () => {
    expect(withoutHidden('Ka\u200Bi\u202Ero\uFEFF')).toBe('Kairo')
  })

  it('cannot reach past a name shown among other text', () => {
    const shown = `${isolate('\u202Etsorf oriaK\u2069\u2069')} checked in.`
    expect(shown).toBe('\u2068tsorf oriaK\u2069 checked in.')
    // Exactly one isolate opened and closed: nothing of the name is left to close it early or reorder what follows.
    expect([...shown].filter((c) => c === '\u2068' || c === '\u2069')).toEqual(['\u2068', '\u2069'])
    expect(isolate('علي')).toBe('\u2068علي\u2069')
  })
})
